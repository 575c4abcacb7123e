import { and, asc, desc, eq, exists, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { KYC_STATUSES, OPEN_KYC_STATUSES, type KycStatus, type KycStepType } from '#common/kyc.js';
import { countUpToCap, type CappedCount } from '#server/db/capped-count.js';
import { keysetPage, type CursorPosition } from '#server/api-parameters.js';
import type { Db } from '#server/db/client.js';
import { preparedOnce } from '#server/db/prepared.js';
import { updateAtVersion } from '#server/db/versioned.js';
import {
  kycLatestSubmissions,
  kycStatusRecords,
  kycSteps,
  kycSubmissions,
  kycTotals,
  obligedEntities,
} from '#server/db/schema/kyc.js';
import {
  tradePartnerMembers,
  tradePartners,
  type AccessLevel,
} from '#server/db/schema/partners.js';
import { users } from '#server/db/schema/users.js';
import { personColumns, type NamedPerson } from '#server/modules/users/identity-service.js';
import type { CustomerSort, FilterQuery, KycSort } from '../kyc-schemas.js';
import { stepStatusesJson, type StepStatus } from './records-repository.js';

export type SubmissionRow = typeof kycSubmissions.$inferSelect;
export type NewSubmission = typeof kycSubmissions.$inferInsert;
export type ObligedEntityRow = typeof obligedEntities.$inferSelect;

/** A submission as a path names it: `/kyc/{id}` or `/kyc/uuid/{uuid}`. */
export type KycRef = { id: number } | { uuid: string };
export const kycRefValue = (ref: KycRef): string | number => ('id' in ref ? ref.id : ref.uuid);

/** A submission with what the API shows of its company, obliged entity and people. */
export interface SubmissionView {
  submission: SubmissionRow;
  partnerUuid: string;
  partnerName: string;
  obligedEntityUuid: string;
  obligedEntityName: string;
  reviewer: NamedPerson | null;
  approvalRequester: NamedPerson | null;
  creator: NamedPerson | null;
  /** Each step's type and status, in order. */
  steps: StepStatus[];
}

/** Only the submissions of companies this identity belongs to with one of `levels`. */
export interface KycViewer {
  identityId: string;
  levels: readonly AccessLevel[];
}

const reviewer = alias(users, 'kyc_reviewer');
const requester = alias(users, 'kyc_requester');
const creator = alias(users, 'kyc_creator');

const viewColumns = {
  submission: kycSubmissions,
  partnerUuid: tradePartners.uuid,
  partnerName: tradePartners.name,
  obligedEntityUuid: obligedEntities.uuid,
  obligedEntityName: obligedEntities.name,
  reviewer: personColumns(reviewer),
  approvalRequester: personColumns(requester),
  creator: personColumns(creator),
  steps: stepStatusesJson,
};

const SORT_COLUMN = {
  updatedAt: kycSubmissions.updatedAt,
  createdAt: kycSubmissions.createdAt,
  status: kycSubmissions.status,
  tradePartnerName: tradePartners.name,
  id: kycSubmissions.id,
};

/** The type a cursor's sort key is read back as. */
const SORT_TYPE: Record<KycSort['field'], string> = {
  updatedAt: 'timestamptz',
  createdAt: 'timestamptz',
  status: 'text',
  tradePartnerName: 'text',
  id: 'bigint',
};

/**
 * The customers list's sort keys and the type a cursor's key is read back as. An open file has
 * no decision date: it sorts as if decided at 'infinity', after every decided one ascending.
 */
const CUSTOMER_SORT_KEY: Record<CustomerSort['field'], { expression: SQL; type: string }> = {
  name: { expression: sql`${tradePartners.name}`, type: 'text' },
  status: { expression: sql`${kycSubmissions.status}`, type: 'text' },
  updatedAt: { expression: sql`${kycSubmissions.updatedAt}`, type: 'timestamptz' },
  decidedAt: {
    expression: sql`coalesce(${kycSubmissions.decidedAt}, 'infinity'::timestamptz)`,
    type: 'timestamptz',
  },
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/** The statuses of a reviewer's moves, for "last reviewed at". */
const REVIEW_MOVES: readonly KycStatus[] = [
  'IN_REVIEW',
  'CHANGES_REQUESTED',
  'WAITING_FOR_APPROVAL',
  'APPROVED',
  'REJECTED',
];

export type SubmissionConditions = Omit<FilterQuery, 'page' | 'size' | 'sort'> & {
  tradePartnerId?: number;
};

/** A file as its evidence names it (decision 035). */
export interface FileStatus {
  id: number;
  tradePartnerId: number;
  status: KycStatus;
}

const fileStatusColumns = {
  id: kycSubmissions.id,
  tradePartnerId: kycSubmissions.tradePartnerId,
  status: kycSubmissions.status,
};

export function createSubmissionRepository(db: Db) {
  const selectViews = () =>
    db
      .select(viewColumns)
      .from(kycSubmissions)
      .innerJoin(tradePartners, eq(tradePartners.id, kycSubmissions.tradePartnerId))
      .innerJoin(obligedEntities, eq(obligedEntities.id, kycSubmissions.obligedEntityId))
      .leftJoin(reviewer, eq(reviewer.id, kycSubmissions.reviewerId))
      .leftJoin(requester, eq(requester.id, kycSubmissions.approvalRequestedBy))
      .leftJoin(creator, eq(creator.id, kycSubmissions.createdBy));

  function where(conditions: SubmissionConditions, viewer: KycViewer | undefined) {
    const parts: (SQL | undefined)[] = [];
    if (conditions.tradePartnerId !== undefined) {
      parts.push(eq(kycSubmissions.tradePartnerId, conditions.tradePartnerId));
    }
    if (conditions.obligedEntityId !== undefined) {
      parts.push(eq(kycSubmissions.obligedEntityId, conditions.obligedEntityId));
    }
    if (conditions.obligedEntityContactId !== undefined) {
      parts.push(eq(kycSubmissions.reviewerId, conditions.obligedEntityContactId));
    }
    if (conditions.customerId !== undefined) {
      parts.push(eq(kycSubmissions.tradePartnerId, conditions.customerId));
    }
    if (conditions.customerContactId !== undefined) {
      parts.push(eq(kycSubmissions.customerContactId, conditions.customerContactId));
    }
    if (conditions.kycStatus?.length) {
      parts.push(inArray(kycSubmissions.status, conditions.kycStatus));
    }
    if (conditions.search) {
      // lower(name) like …: the form the name's trigram index holds.
      parts.push(
        like(sql`lower(${tradePartners.name})`, `%${escapeLike(conditions.search.toLowerCase())}%`),
      );
    }
    if (viewer) {
      parts.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(tradePartnerMembers)
            .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
            .where(
              and(
                eq(tradePartnerMembers.tradePartnerId, kycSubmissions.tradePartnerId),
                eq(users.identityId, viewer.identityId),
                inArray(tradePartnerMembers.accessLevel, [...viewer.levels]),
              ),
            ),
        ),
      );
    }
    return and(...parts);
  }

  // The two statements every list request runs, built and prepared once (issue 16: building a
  // six-join select cost more CPU than the database spent answering it).
  const listRowsStatement = () =>
    preparedOnce(db, 'kyc_list_rows', () =>
      selectViews()
        .where(sql`${kycSubmissions.id} = any(${sql.placeholder('ids')}::bigint[])`)
        .prepare('kyc_list_rows'),
    );
  const keptTotalStatement = () =>
    preparedOnce(db, 'kyc_kept_total', (d) =>
      d
        .select({ total: sql<string | null>`sum(${kycTotals.total})` })
        .from(kycTotals)
        .where(sql`${kycTotals.key} = any(${sql.placeholder('keys')}::text[])`)
        .prepare('kyc_kept_total'),
    );

  /** The kept total of these keys (decision 020): exact, and never a count of the files. */
  async function keptTotal(keys: readonly string[]): Promise<CappedCount> {
    const [row] = await keptTotalStatement().execute({ keys });
    return { total: Number(row?.total ?? 0), capped: false };
  }

  /** The list rows of these submissions, in the order of `ids`. */
  async function listRows(ids: number[]): Promise<SubmissionView[]> {
    if (ids.length === 0) return [];
    const rows = (await listRowsStatement().execute({ ids })) as SubmissionView[];
    const position = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => position.get(a.submission.id)! - position.get(b.submission.id)!);
  }

  /** The statuses whose kept totals answer how many files match, when nothing else filters. */
  function statusesOnly(conditions: SubmissionConditions, viewer: KycViewer | undefined) {
    if (viewer) return undefined;
    const { kycStatus, search, ...others } = conditions;
    if (search || Object.values(others).some((value) => value !== undefined)) return undefined;
    return kycStatus?.length ? kycStatus : KYC_STATUSES;
  }

  return {
    async find(ref: KycRef): Promise<SubmissionView | undefined> {
      const [row] = await selectViews()
        .where('id' in ref ? eq(kycSubmissions.id, ref.id) : eq(kycSubmissions.uuid, ref.uuid))
        .limit(1);
      return row;
    },

    /**
     * A page of the submissions matching `conditions` that `viewer` may see (all: undefined),
     * and how many match, counted up to LIST_COUNT_CAP. The page's ids come from the index of
     * its order alone; only those twenty are joined to their company and people (issue 16).
     */
    async page(
      conditions: SubmissionConditions,
      viewer: KycViewer | undefined,
      paging: { page: number; size: number; sort: KycSort; after?: CursorPosition | undefined },
    ): Promise<{ rows: SubmissionView[]; counted: CappedCount; last?: CursorPosition }> {
      const condition = where(conditions, viewer);
      // The company is joined only where the filter or the order needs its name.
      const byName = Boolean(conditions.search) || paging.sort.field === 'tradePartnerName';
      const matching = <T extends SelectedFields>(columns: T) => {
        const query = db.select(columns).from(kycSubmissions).$dynamic();
        return byName
          ? query.innerJoin(tradePartners, eq(tradePartners.id, kycSubmissions.tradePartnerId))
          : query;
      };
      const column = SORT_COLUMN[paging.sort.field];
      const descending = paging.sort.direction === 'desc';
      const order = descending ? desc : asc;
      // After a cursor: the rows past its (sort key, id) in this order, read from the index
      // wherever the page is, instead of counting an offset (decision 020).
      const after = paging.after
        ? sql`(${column}, ${kycSubmissions.id}) ${descending ? sql`<` : sql`>`} (${paging.after.key}::${sql.raw(SORT_TYPE[paging.sort.field])}, ${paging.after.id})`
        : undefined;
      const statuses = statusesOnly(conditions, viewer);
      const [counted, ids] = await Promise.all([
        statuses
          ? keptTotal(statuses)
          : countUpToCap(
              db,
              matching({ one: sql`1` })
                .where(condition)
                .$dynamic(),
            ),
        matching({ id: kycSubmissions.id, key: sql<string>`${column}::text` })
          .where(and(condition, after))
          .orderBy(order(column), order(kycSubmissions.id))
          .limit(paging.size + 1)
          .offset(paging.after ? 0 : paging.page * paging.size),
      ]);
      const { shown, last } = keysetPage(ids, paging.size);
      return { rows: await listRows(shown.map((row) => row.id)), counted, ...(last && { last }) };
    },

    /** A company's submissions, the newest first. */
    async listOfPartner(tradePartnerId: number): Promise<SubmissionView[]> {
      return selectViews()
        .where(eq(kycSubmissions.tradePartnerId, tradePartnerId))
        .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id));
    },

    /** The files `ids` (those that exist), with their company and status. */
    async statusesOf(ids: readonly number[]): Promise<FileStatus[]> {
      if (ids.length === 0) return [];
      return db
        .select(fileStatusColumns)
        .from(kycSubmissions)
        .where(inArray(kycSubmissions.id, [...ids]));
    },

    /**
     * Each company's current file, in one query: its newest (as `listOfPartner` orders them)
     * that was not cancelled, else its newest (decision 035). Companies without a file are not
     * in the answer.
     */
    async currentOf(tradePartnerIds: readonly number[]): Promise<FileStatus[]> {
      if (tradePartnerIds.length === 0) return [];
      return db
        .selectDistinctOn([kycSubmissions.tradePartnerId], fileStatusColumns)
        .from(kycSubmissions)
        .where(inArray(kycSubmissions.tradePartnerId, [...tradePartnerIds]))
        .orderBy(
          kycSubmissions.tradePartnerId,
          sql`(${kycSubmissions.status} = 'CANCELLED')`,
          desc(kycSubmissions.createdAt),
          desc(kycSubmissions.id),
        );
    },

    /** The company's open submission (at most one: a unique index), if any. */
    async findOpen(tradePartnerId: number): Promise<SubmissionRow | undefined> {
      const [row] = await db
        .select()
        .from(kycSubmissions)
        .where(
          and(
            eq(kycSubmissions.tradePartnerId, tradePartnerId),
            inArray(kycSubmissions.status, [...OPEN_KYC_STATUSES]),
          ),
        )
        .limit(1);
      return row;
    },

    async insert(values: NewSubmission): Promise<SubmissionRow> {
      const [row] = await db.insert(kycSubmissions).values(values).returning();
      return row!;
    },

    /**
     * Changes the submission if it is still at `version`, bumping it; undefined when someone
     * else changed it first (optimistic concurrency, decision 012).
     */
    async update(
      id: number,
      version: number,
      values: Partial<NewSubmission>,
    ): Promise<SubmissionRow | undefined> {
      return updateAtVersion(db, kycSubmissions, id, version, values);
    },

    /**
     * The open files whose steps declare one of these numbers (normalised as the company search
     * stores them): the CoC number of the coc step, the VAT number of the bank-and-vat step.
     */
    async openDeclaring(numbers: { cocNumber?: string; vatNumber?: string }): Promise<number[]> {
      const declared = (field: 'cocNumber' | 'vatNumber', stepType: string, value: string) =>
        and(
          eq(kycSteps.stepType, stepType as KycStepType),
          sql`upper(regexp_replace(${kycSteps.data} ->> ${field}, '[\\s.-]+', '', 'g')) = ${value}`,
        );
      const conditions = [
        numbers.cocNumber ? declared('cocNumber', 'coc', numbers.cocNumber) : undefined,
        numbers.vatNumber ? declared('vatNumber', 'bank-and-vat', numbers.vatNumber) : undefined,
      ].filter((condition) => condition !== undefined);
      if (conditions.length === 0) return [];
      const rows = await db
        .selectDistinct({ id: kycSubmissions.id })
        .from(kycSteps)
        .innerJoin(kycSubmissions, eq(kycSubmissions.id, kycSteps.kycId))
        .where(and(inArray(kycSubmissions.status, [...OPEN_KYC_STATUSES]), or(...conditions)));
      return rows.map((row) => row.id);
    },

    /** The status, read with the row share-locked so the file cannot move meanwhile. */
    async statusForShare(id: number): Promise<KycStatus | undefined> {
      const [row] = await db
        .select({ status: kycSubmissions.status })
        .from(kycSubmissions)
        .where(eq(kycSubmissions.id, id))
        .for('share');
      return row?.status;
    },

    /** The latest submission of a company for an obliged entity. */
    async latestOf(
      tradePartnerId: number,
      obligedEntityId: number,
    ): Promise<SubmissionView | undefined> {
      const [row] = await selectViews()
        .where(
          and(
            eq(kycSubmissions.tradePartnerId, tradePartnerId),
            eq(kycSubmissions.obligedEntityId, obligedEntityId),
          ),
        )
        .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
        .limit(1);
      return row;
    },

    /** When a reviewer last moved the file. */
    async lastReviewedAt(kycId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: kycStatusRecords.createdAt })
        .from(kycStatusRecords)
        .where(
          and(
            eq(kycStatusRecords.kycId, kycId),
            inArray(kycStatusRecords.status, [...REVIEW_MOVES]),
          ),
        )
        .orderBy(desc(kycStatusRecords.id))
        .limit(1);
      return row?.at ?? null;
    },

    /**
     * A page of the companies with a submission, each with its latest submission, in `sort`
     * order: read from kyc_latest_submissions, which the database keeps (migration 0008), never
     * recomputed. By name the page walks the partners' (name, id) index; by a field of the
     * latest file it sorts one row per company (decision 031).
     */
    async customersPage(paging: {
      page: number;
      size: number;
      sort: CustomerSort;
      after?: CursorPosition | undefined;
    }) {
      const { expression, type } = CUSTOMER_SORT_KEY[paging.sort.field];
      const descending = paging.sort.direction === 'desc';
      const order = descending ? desc : asc;
      const after = paging.after
        ? sql`(${expression}, ${tradePartners.id}) ${descending ? sql`<` : sql`>`} (${paging.after.key}::${sql.raw(type)}, ${paging.after.id})`
        : undefined;
      const [counted, rows] = await Promise.all([
        keptTotal(['companies']),
        db
          .select({
            customerId: tradePartners.id,
            customerUuid: tradePartners.uuid,
            name: tradePartners.name,
            latestKycId: kycSubmissions.id,
            latestKycUuid: kycSubmissions.uuid,
            status: kycSubmissions.status,
            riskLevel: kycSubmissions.riskLevel,
            updatedAt: kycSubmissions.updatedAt,
            decidedAt: kycSubmissions.decidedAt,
            key: sql<string>`${expression}::text`,
          })
          .from(tradePartners)
          .innerJoin(
            kycLatestSubmissions,
            eq(kycLatestSubmissions.tradePartnerId, tradePartners.id),
          )
          .innerJoin(kycSubmissions, eq(kycSubmissions.id, kycLatestSubmissions.kycId))
          .where(after)
          .orderBy(order(expression), order(tradePartners.id))
          .limit(paging.size + 1)
          .offset(paging.after ? 0 : paging.page * paging.size),
      ]);
      const shown = rows.slice(0, paging.size);
      const last = rows.length > paging.size ? shown.at(-1) : undefined;
      return {
        rows: shown.map(({ key: _key, ...row }) => row),
        counted,
        ...(last ? { last: { key: last.key, id: last.customerId } } : {}),
      };
    },
  };
}

export type SubmissionRepository = ReturnType<typeof createSubmissionRepository>;

/** The obliged entity of this installation, created if it is not there yet. */
export async function ensureObligedEntity(db: Db, name: string): Promise<ObligedEntityRow> {
  await db.insert(obligedEntities).values({ name }).onConflictDoNothing({
    target: obligedEntities.name,
  });
  const [row] = await db.select().from(obligedEntities).where(eq(obligedEntities.name, name));
  return row!;
}

export async function findObligedEntity(
  db: Db,
  uuid: string,
): Promise<ObligedEntityRow | undefined> {
  const [row] = await db.select().from(obligedEntities).where(eq(obligedEntities.uuid, uuid));
  return row;
}
