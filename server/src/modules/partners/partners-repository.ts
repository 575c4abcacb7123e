import {
  and,
  asc,
  desc,
  eq,
  exists,
  inArray,
  like,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PartnerSort } from '#common/partners.js';
import { countUpToCap, type CappedCount } from '#server/db/capped-count.js';
import type { Db } from '#server/db/client.js';
import { preparedOnce } from '#server/db/prepared.js';
import {
  tradePartnerMembers,
  tradePartners,
  type AccessLevel,
} from '#server/db/schema/partners.js';
import { users } from '#server/db/schema/users.js';
import { normaliseNumber } from '#server/matching/normalise.js';
import type { MembershipRow } from './members/members-repository.js';

export type PartnerRow = typeof tradePartners.$inferSelect;
export type NewPartner = typeof tradePartners.$inferInsert;

/** A trade partner as a path names it: `/partners/{id}` or `/partners/uuid/{uuid}`. */
export type PartnerRef = { id: number } | { uuid: string };

export const refValue = (ref: PartnerRef): string | number => ('id' in ref ? ref.id : ref.uuid);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

type Sortable = Record<'name' | 'createdAt' | 'id', SQLWrapper>;

/** The list's orders, ties by id, on the table or on a subquery of its columns. */
const ORDER: Record<PartnerSort, (from: Sortable) => SQL[]> = {
  'name,asc': (t) => [asc(t.name), asc(t.id)],
  'name,desc': (t) => [desc(t.name), desc(t.id)],
  'createdAt,asc': (t) => [asc(t.createdAt), asc(t.id)],
  'createdAt,desc': (t) => [desc(t.createdAt), desc(t.id)],
};

/**
 * A search that matches at most this many partners is sorted and counted from its matches in one
 * query; one that matches more is paged in the list's order, where matches are found early
 * (decision 021). Above the 794 that `rossi` matches among 200 000 partners (bench: 1M files).
 */
const SORTED_MATCHES = 1000;

type SearchKey = 'name' | 'email' | 'number';

interface SearchTerms {
  /** Which conditions apply: the statement's shape. */
  shape: { email: boolean; number: boolean };
  /** The `like` patterns. */
  values: Record<SearchKey, string>;
}

/**
 * What `search` matches (decision 021): a name that contains it, from the trigram index on
 * lower(name); when it has a digit and is letters and digits once normalised (normaliseNumber,
 * the form the numbers are stored in), a CoC or VAT number that starts with it; when it has an
 * '@', an e-mail address (stored in lower case) that starts with it. Both from btree indexes
 * (text_pattern_ops, migration 0009).
 */
function searchTerms(term: string): SearchTerms {
  const lower = escapeLike(term.toLowerCase());
  const number = normaliseNumber(term);
  return {
    shape: { email: term.includes('@'), number: /^[A-Z0-9]+$/.test(number) && /\d/.test(number) },
    values: { name: `%${lower}%`, email: `${lower}%`, number: `${number}%` },
  };
}

/** The search's condition, with its patterns as values or as a prepared query's placeholders. */
function searchCondition(
  shape: SearchTerms['shape'],
  param: (key: SearchKey) => string | SQLWrapper,
): SQL | undefined {
  return or(
    like(sql`lower(${tradePartners.name})`, param('name')),
    shape.email ? like(tradePartners.email, param('email')) : undefined,
    shape.number ? like(tradePartners.cocNumber, param('number')) : undefined,
    shape.number ? like(tradePartners.vatNumber, param('number')) : undefined,
  );
}

/** Companies this identity belongs to with one of `levels`. */
function memberCondition(db: Db, identityId: string | SQLWrapper, levels: readonly AccessLevel[]) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(tradePartnerMembers)
      .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
      .where(
        and(
          eq(tradePartnerMembers.tradePartnerId, tradePartners.id),
          eq(users.identityId, identityId),
          inArray(tradePartnerMembers.accessLevel, [...levels]),
        ),
      ),
  );
}

/**
 * A search's page and count in one query, prepared once per shape (sort, conditions, members'
 * levels): at most SORTED_MATCHES + 1 matches read from the search's indexes, sorted and
 * counted, and the page's partners read whole. Sorted apart from the table, the planner cannot
 * answer `order by name limit 20` by walking trade_partners_name_idx and filtering, which reads
 * most of the table when the matches sit together in that order (they share a first word, as a
 * surname).
 */
function searchQuery(
  db: Db,
  sort: PartnerSort,
  shape: SearchTerms['shape'],
  levels: readonly AccessLevel[] | undefined,
) {
  const name = `partners_search ${sort} ${shape.email ? 'e' : ''}${shape.number ? 'n' : ''} ${levels?.join(',') ?? 'all'}`;
  return preparedOnce(db, name, (d) => {
    const where = and(
      searchCondition(shape, (key) => sql.placeholder(key)),
      levels ? memberCondition(d, sql.placeholder('identityId'), levels) : undefined,
    );
    const matching = d
      .select({
        id: tradePartners.id,
        name: tradePartners.name,
        createdAt: tradePartners.createdAt,
      })
      .from(tradePartners)
      .where(where)
      .limit(SORTED_MATCHES + 1)
      .as('matching');
    const onPage = d
      .select({
        id: matching.id,
        name: matching.name,
        createdAt: matching.createdAt,
        matched: sql<number>`count(*) over ()`.as('matched'),
      })
      .from(matching)
      .orderBy(...ORDER[sort](matching))
      .limit(sql.placeholder('size'))
      .offset(sql.placeholder('offset'))
      .as('on_page');
    return d
      .select({ partner: tradePartners, matched: onPage.matched })
      .from(onPage)
      .innerJoin(tradePartners, eq(tradePartners.id, onPage.id))
      .orderBy(...ORDER[sort](onPage))
      .prepare(name);
  });
}

export interface PageQuery {
  search?: string | undefined;
  sort: PartnerSort;
  page: number;
  size: number;
  /** Only companies this identity belongs to with one of `levels`; undefined for all. */
  member?: { identityId: string; levels: readonly AccessLevel[] };
}

export function createPartnerRepository(db: Db) {
  return {
    async find(ref: PartnerRef): Promise<PartnerRow | undefined> {
      const where = 'id' in ref ? eq(tradePartners.id, ref.id) : eq(tradePartners.uuid, ref.uuid);
      const [row] = await db.select().from(tradePartners).where(where).limit(1);
      return row;
    },

    /** Each company's own country (null where it has none), by id. */
    async countriesOf(ids: readonly number[]): Promise<Map<number, string | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: tradePartners.id, country: tradePartners.country })
        .from(tradePartners)
        .where(inArray(tradePartners.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row.country]));
    },

    /** Another company with this CoC or VAT number. */
    async findDuplicate(
      field: 'cocNumber' | 'vatNumber',
      value: string,
      exceptId?: number,
    ): Promise<PartnerRow | undefined> {
      const column = tradePartners[field];
      const [row] = await db
        .select()
        .from(tradePartners)
        .where(
          and(
            eq(column, value),
            exceptId === undefined ? undefined : ne(tradePartners.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },

    async insert(values: NewPartner): Promise<PartnerRow> {
      const [row] = await db.insert(tradePartners).values(values).returning();
      return row!;
    },

    /** Changes the partner if it is still at `version`, bumping it; undefined otherwise. */
    async update(
      id: number,
      version: number,
      values: Partial<NewPartner>,
    ): Promise<PartnerRow | undefined> {
      const [row] = await db
        .update(tradePartners)
        .set({ ...values, version: sql`${tradePartners.version} + 1`, updatedAt: new Date() })
        .where(and(eq(tradePartners.id, id), eq(tradePartners.version, version)))
        .returning();
      return row;
    },

    /**
     * A page, and how many match counted up to LIST_COUNT_CAP. With a search, first one query
     * that reads at most SORTED_MATCHES + 1 matches from the search's indexes and sorts and
     * counts them (decision 021); a search that matches more, and a list without one, are
     * counted and paged in the list's order by two queries at once.
     */
    async page(query: PageQuery): Promise<{ rows: PartnerRow[]; counted: CappedCount }> {
      const search = query.search ? searchTerms(query.search) : undefined;
      const offset = query.page * query.size;

      if (search) {
        const found = await searchQuery(db, query.sort, search.shape, query.member?.levels).execute(
          { ...search.values, identityId: query.member?.identityId, size: query.size, offset },
        );
        const matched = found.length ? Number(found[0]!.matched) : undefined;
        if (matched !== undefined && matched <= SORTED_MATCHES) {
          return {
            rows: found.map((row) => row.partner),
            counted: { total: matched, capped: false },
          };
        }
        if (matched === undefined && query.page === 0) {
          return { rows: [], counted: { total: 0, capped: false } };
        }
        // More than SORTED_MATCHES, or a page past the last: in the list's order, as without one.
      }

      const where = and(
        search ? searchCondition(search.shape, (key) => search.values[key]) : undefined,
        query.member
          ? memberCondition(db, query.member.identityId, query.member.levels)
          : undefined,
      );
      const [counted, rows] = await Promise.all([
        countUpToCap(
          db,
          db
            .select({ one: sql`1` })
            .from(tradePartners)
            .where(where)
            .$dynamic(),
        ),
        db
          .select()
          .from(tradePartners)
          .where(where)
          .orderBy(...ORDER[query.sort](tradePartners))
          .limit(query.size)
          .offset(offset),
      ]);
      return { rows, counted };
    },

    /**
     * The companies a user belongs to with one of `levels`, with the membership, in the order
     * they joined them (the first is the one they registered or were invited to first).
     */
    async listOfUser(
      userId: number,
      levels: readonly AccessLevel[],
    ): Promise<{ partner: PartnerRow; membership: MembershipRow }[]> {
      return db
        .select({ partner: tradePartners, membership: tradePartnerMembers })
        .from(tradePartnerMembers)
        .innerJoin(tradePartners, eq(tradePartners.id, tradePartnerMembers.tradePartnerId))
        .where(
          and(
            eq(tradePartnerMembers.userId, userId),
            inArray(tradePartnerMembers.accessLevel, [...levels]),
          ),
        )
        .orderBy(asc(tradePartnerMembers.createdAt), asc(tradePartners.id));
    },
  };
}

export type PartnerRepository = ReturnType<typeof createPartnerRepository>;
