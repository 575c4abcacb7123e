import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { kycSubmissions } from './kyc.js';
import { orders } from './orders.js';
import { addresses, tradePartnerContacts, tradePartners } from './partners.js';
import { shipments, transports } from './shipments.js';
import { users } from './users.js';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '#common/documents.js';

export { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '#common/documents.js';
export type { DocumentStatus, DocumentType } from '#common/documents.js';

/**
 * A stored file and what it belongs to. The bytes live in the document store under
 * `storageKey`; a row is written only after its object is stored.
 */
export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull().default('ACTIVE'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** The company the document belongs to; null only for a profile picture. */
    tradePartnerId: bigint('trade_partner_id', { mode: 'number' }).references(
      () => tradePartners.id,
      { onDelete: 'restrict' },
    ),
    /** The person a profile picture belongs to. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'restrict',
    }),
    contactId: bigint('contact_id', { mode: 'number' }).references(() => tradePartnerContacts.id, {
      onDelete: 'set null',
    }),
    addressId: bigint('address_id', { mode: 'number' }).references(() => addresses.id, {
      onDelete: 'set null',
    }),
    /** A shipment's document, or (with transportId) one of its legs' (issue 21). */
    shipmentId: bigint('shipment_id', { mode: 'number' }).references(() => shipments.id, {
      onDelete: 'restrict',
    }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, {
      onDelete: 'restrict',
    }),
    transportId: bigint('transport_id', { mode: 'number' }).references(() => transports.id, {
      onDelete: 'restrict',
    }),
    /**
     * The KYC file a document was uploaded to through a self-service link (issue 19): what that
     * link may see of the company's documents.
     */
    kycId: bigint('kyc_id', { mode: 'number' }).references(() => kycSubmissions.id, {
      onDelete: 'set null',
    }),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    index('documents_trade_partner_idx').on(t.tradePartnerId, t.status, t.createdAt),
    index('documents_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('documents_contact_idx')
      .on(t.contactId)
      .where(sql`${t.contactId} is not null`),
    index('documents_address_idx')
      .on(t.addressId)
      .where(sql`${t.addressId} is not null`),
    index('documents_shipment_idx')
      .on(t.shipmentId)
      .where(sql`${t.shipmentId} is not null`),
    index('documents_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('documents_transport_idx')
      .on(t.transportId)
      .where(sql`${t.transportId} is not null`),
    index('documents_kyc_idx')
      .on(t.kycId, t.status, t.createdAt)
      .where(sql`${t.kycId} is not null`),
  ],
);

export type DocumentRow = typeof documents.$inferSelect;

/**
 * Secrets the server generates once and every API process shares (the document access token
 * key), so that no secret lives in one process only.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
