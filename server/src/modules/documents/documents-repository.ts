import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  not,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FINANCIAL_DOCUMENT_TYPES } from '#common/documents.js';
import { KYC_EVIDENCE_TYPES, type DocumentKind } from '#common/kyc.js';
import type { Db } from '#server/db/client.js';
import {
  documents,
  serverSecrets,
  type DocumentRow,
  type DocumentStatus,
  type DocumentType,
} from '#server/db/schema/documents.js';
import { addresses, tradePartnerContacts, tradePartners } from '#server/db/schema/partners.js';
import { users } from '#server/db/schema/users.js';
import { policy } from '#server/policy.js';
import { companiesOfIdentity } from '#server/modules/partners/directory-service.js';
import type { DocumentConditions, DocumentSort, Viewer } from './types.js';

export type NewDocument = typeof documents.$inferInsert;

/** A document row with the uuids and names of what it links to, as the API presents it. */
export interface DocumentView {
  document: DocumentRow;
  tradePartnerUuid: string | null;
  userUuid: string | null;
  /** The identity of the person a profile picture belongs to (its readers follow them). */
  ownerIdentityId: string | null;
  contactUuid: string | null;
  addressUuid: string | null;
  uploader: {
    id: number;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    username: string | null;
  } | null;
}

/** Something a document links to, as a query or path names it. */
export type LinkRef = { id: number } | { uuid: string };

/** The link a query names by id or by uuid (the uuid wins), if it names one. */
export const linkRef = (id: number | undefined, uuid: string | undefined): LinkRef | undefined =>
  uuid ? { uuid } : id !== undefined ? { id } : undefined;

const owner = alias(users, 'document_owner');
const uploader = alias(users, 'document_uploader');

const viewColumns = {
  document: documents,
  tradePartnerUuid: tradePartners.uuid,
  userUuid: owner.uuid,
  ownerIdentityId: owner.identityId,
  contactUuid: tradePartnerContacts.uuid,
  addressUuid: addresses.uuid,
  uploaderId: uploader.id,
  uploaderFirstName: uploader.firstName,
  uploaderLastName: uploader.lastName,
  uploaderEmail: uploader.email,
  uploaderUsername: uploader.username,
};

type ViewRow = {
  document: DocumentRow;
  tradePartnerUuid: string | null;
  userUuid: string | null;
  ownerIdentityId: string | null;
  contactUuid: string | null;
  addressUuid: string | null;
  uploaderId: number | null;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
  uploaderEmail: string | null;
  uploaderUsername: string | null;
};

function toView(row: ViewRow): DocumentView {
  return {
    document: row.document,
    tradePartnerUuid: row.tradePartnerUuid,
    userUuid: row.userUuid,
    ownerIdentityId: row.ownerIdentityId,
    contactUuid: row.contactUuid,
    addressUuid: row.addressUuid,
    uploader:
      row.uploaderId === null
        ? null
        : {
            id: row.uploaderId,
            firstName: row.uploaderFirstName,
            lastName: row.uploaderLastName,
            email: row.uploaderEmail,
            username: row.uploaderUsername,
          },
  };
}

const financial = inArray(documents.type, [...FINANCIAL_DOCUMENT_TYPES]);

/** common/kyc.ts documentKind, as SQL over the documents table. */
function ofKind(kind: DocumentKind): SQL {
  const evidence = and(
    not(financial),
    or(
      isNotNull(documents.kycId),
      and(
        isNull(documents.orderId),
        isNull(documents.shipmentId),
        inArray(documents.type, [...KYC_EVIDENCE_TYPES]),
      ),
    ),
  )!;
  if (kind === 'financial') return financial;
  if (kind === 'kyc-evidence') return evidence;
  return and(not(financial), not(evidence))!;
}

const direction = (dir: string) => (dir === 'asc' ? asc : desc);

function orderOf(sort: DocumentSort): SQL[] {
  const [field, dir] = sort.split(',') as [string, string];
  const order = direction(dir);
  const column =
    field === 'fileName'
      ? documents.fileName
      : field === 'type'
        ? documents.type
        : field === 'size'
          ? documents.size
          : documents.createdAt;
  return [order(column), order(documents.id)];
}

export function createDocumentRepository(db: Db) {
  /**
   * Only the documents `viewer` may read: of the kinds they may read (decision 035), financial
   * ones only of the companies where they may view amounts (decision 042), of companies they
   * belong to with a readable access level, and their own profile pictures. Part
   * of the SQL, so pages and totals count only what the viewer sees.
   */
  function visibleTo(viewer: Viewer): SQL | undefined {
    if (!viewer) return undefined;
    const kinds = viewer.hidden.map((kind) => not(ofKind(kind)));
    const { financial: where } = viewer;
    if (where !== 'all') {
      const amountsIn = companiesOfIdentity(db, where.identityId, where.levels);
      kinds.push(or(not(financial), inArray(documents.tradePartnerId, amountsIn))!);
    }
    const { scope } = viewer;
    if (scope === 'all') return and(...kinds);
    if ('selfServiceKycId' in scope) {
      return and(eq(documents.kycId, scope.selfServiceKycId), ...kinds);
    }
    const memberOf = companiesOfIdentity(db, scope.identityId, policy.readableLevels());
    const self = db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.identityId, scope.identityId));
    return and(
      or(
        inArray(documents.tradePartnerId, memberOf),
        and(isNull(documents.tradePartnerId), inArray(documents.userId, self)),
      ),
      ...kinds,
    );
  }

  function whereOf(conditions: DocumentConditions, viewer: Viewer): SQL | undefined {
    if (conditions.none) return sql`false`;
    const equal = (column: Column, value: number | undefined) =>
      value === undefined ? undefined : eq(column, value);
    return and(
      equal(documents.tradePartnerId, conditions.tradePartnerId),
      equal(documents.contactId, conditions.contactId),
      equal(documents.addressId, conditions.addressId),
      equal(documents.userId, conditions.userId),
      equal(documents.shipmentId, conditions.shipmentId),
      equal(documents.orderId, conditions.orderId),
      equal(documents.transportId, conditions.transportId),
      equal(documents.kycId, conditions.kycId),
      conditions.types?.length ? inArray(documents.type, [...conditions.types]) : undefined,
      inArray(documents.status, [...conditions.statuses]),
      visibleTo(viewer),
    );
  }

  const selectViews = () =>
    db
      .select(viewColumns)
      .from(documents)
      .leftJoin(tradePartners, eq(tradePartners.id, documents.tradePartnerId))
      .leftJoin(owner, eq(owner.id, documents.userId))
      .leftJoin(tradePartnerContacts, eq(tradePartnerContacts.id, documents.contactId))
      .leftJoin(addresses, eq(addresses.id, documents.addressId))
      .leftJoin(uploader, eq(uploader.id, documents.uploadedBy));

  return {
    async find(id: number): Promise<DocumentView | undefined> {
      const [row] = await selectViews().where(eq(documents.id, id)).limit(1);
      return row && toView(row);
    },

    async list(
      conditions: DocumentConditions,
      viewer: Viewer,
      sort: DocumentSort = 'createdAt,desc',
    ): Promise<DocumentView[]> {
      const rows = await selectViews()
        .where(whereOf(conditions, viewer))
        .orderBy(...orderOf(sort));
      return rows.map(toView);
    },

    async page(
      conditions: DocumentConditions,
      viewer: Viewer,
      paging: { page: number; size: number; sort: DocumentSort },
    ): Promise<{ rows: DocumentView[]; total: number }> {
      const where = whereOf(conditions, viewer);
      const [totals] = await db.select({ total: count() }).from(documents).where(where);
      const rows = await selectViews()
        .where(where)
        .orderBy(...orderOf(paging.sort))
        .limit(paging.size)
        .offset(paging.page * paging.size);
      return { rows: rows.map(toView), total: totals?.total ?? 0 };
    },

    async insert(values: NewDocument): Promise<DocumentRow> {
      const [row] = await db.insert(documents).values(values).returning();
      return row!;
    },

    /**
     * Stores a profile picture and makes it the user's, in one transaction: the pictures it
     * replaces are archived (never deleted) and `users.profile_picture` points at the new one.
     */
    async insertProfilePicture(
      values: NewDocument & { userId: number },
      imageUrl: (id: number) => string,
    ): Promise<DocumentRow> {
      return db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .update(documents)
          .set({ status: 'ARCHIVED', archivedAt: now, updatedAt: now })
          .where(
            and(
              eq(documents.userId, values.userId),
              isNull(documents.tradePartnerId),
              eq(documents.type, 'PROFILE_PICTURE'),
              eq(documents.status, 'ACTIVE'),
            ),
          );
        const [row] = await tx.insert(documents).values(values).returning();
        await tx
          .update(users)
          .set({ profilePicture: imageUrl(row!.id), updatedAt: now })
          .where(eq(users.id, values.userId));
        return row!;
      });
    },

    async setStatus(id: number, status: DocumentStatus, archivedAt: Date | null): Promise<void> {
      await db
        .update(documents)
        .set({ status, archivedAt, updatedAt: new Date() })
        .where(eq(documents.id, id));
    },

    async setType(id: number, type: DocumentType): Promise<void> {
      await db.update(documents).set({ type, updatedAt: new Date() }).where(eq(documents.id, id));
    },

    async findContact(ref: LinkRef) {
      const [row] = await db
        .select({
          id: tradePartnerContacts.id,
          tradePartnerId: tradePartnerContacts.tradePartnerId,
        })
        .from(tradePartnerContacts)
        .where(
          'id' in ref
            ? eq(tradePartnerContacts.id, ref.id)
            : eq(tradePartnerContacts.uuid, ref.uuid),
        )
        .limit(1);
      return row;
    },

    async findAddress(ref: LinkRef) {
      const [row] = await db
        .select({ id: addresses.id, tradePartnerId: addresses.tradePartnerId })
        .from(addresses)
        .where('id' in ref ? eq(addresses.id, ref.id) : eq(addresses.uuid, ref.uuid))
        .limit(1);
      return row;
    },

    async findUser(ref: LinkRef) {
      const [row] = await db
        .select({ id: users.id, uuid: users.uuid, identityId: users.identityId })
        .from(users)
        .where('id' in ref ? eq(users.id, ref.id) : eq(users.uuid, ref.uuid))
        .limit(1);
      return row;
    },

    /**
     * The secret called `name`, made by `generate` the first time any process asks. Concurrent
     * first calls race on the primary key: one insert wins and everyone reads its value.
     */
    async secret(name: string, generate: () => string): Promise<string> {
      await db.insert(serverSecrets).values({ name, value: generate() }).onConflictDoNothing();
      const [row] = await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, name))
        .limit(1);
      return row!.value;
    },
  };
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
