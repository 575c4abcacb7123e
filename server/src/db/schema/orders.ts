import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  INCOTERMS,
  ORDER_CURRENCIES,
  ORDER_DIRECTIONS,
  ORDER_STATUSES,
  ORDER_UNITS,
} from '#common/orders.js';
import { addresses, tradePartnerContacts, tradePartners } from './partners.js';
import { users } from './users.js';

/**
 * An order with a trade partner (decision 033). `number` is ORD-{year}-{sequence}, the
 * sequence `order_number_seq`. `held` is kept by the triggers of migration 0015: true while the
 * order is CONFIRMED or IN_PROGRESS and the partner's latest KYC file is not APPROVED.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    number: text('number').notNull(),
    tradePartnerId: bigint('trade_partner_id', { mode: 'number' })
      .notNull()
      .references(() => tradePartners.id, { onDelete: 'restrict' }),
    contactId: bigint('contact_id', { mode: 'number' }).references(() => tradePartnerContacts.id, {
      onDelete: 'set null',
    }),
    direction: text('direction', { enum: ORDER_DIRECTIONS }).notNull(),
    customerReference: text('customer_reference'),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    requestedDeliveryDate: date('requested_delivery_date', { mode: 'string' }),
    deliveryAddressId: bigint('delivery_address_id', { mode: 'number' }).references(
      () => addresses.id,
      { onDelete: 'set null' },
    ),
    incoterm: text('incoterm', { enum: INCOTERMS }),
    incotermPlace: text('incoterm_place'),
    currency: text('currency', { enum: ORDER_CURRENCIES }).notNull().default('EUR'),
    /** The sum of the lines' amounts, computed by the service (common/orders.ts orderTotal). */
    total: numeric('total', { precision: 24, scale: 2 }).notNull().default('0'),
    lineCount: integer('line_count').notNull().default(0),
    notes: text('notes'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('DRAFT'),
    cancelReason: text('cancel_reason'),
    held: boolean('held').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    // One per sort and filter the list offers (decision 020): id breaks ties.
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_order_date_idx').on(t.orderDate, t.id),
    index('orders_updated_idx').on(t.updatedAt, t.id),
    index('orders_total_idx').on(t.total, t.id),
    index('orders_status_idx').on(t.status, t.orderDate, t.id),
    index('orders_partner_idx').on(t.tradePartnerId, t.orderDate, t.id),
    index('orders_held_idx')
      .on(t.orderDate, t.id)
      .where(sql`${t.held}`),
    // Prefix searches (`q`): on the number as written, on the reference case-blind.
    index('orders_number_prefix_idx').using('btree', sql`${t.number} text_pattern_ops`),
    index('orders_reference_idx').using(
      'btree',
      sql`lower(${t.customerReference}) text_pattern_ops`,
    ),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unit: text('unit', { enum: ORDER_UNITS }).notNull(),
    unitPrice: numeric('unit_price', { precision: 15, scale: 4 }).notNull(),
    hsCode: text('hs_code'),
    amount: numeric('amount', { precision: 24, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('order_lines_position_key').on(t.orderId, t.position)],
);

export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * The order's append-only audit trail, its status history included (decision 033); the
 * shipments and transports of the order write to it too. A trigger refuses UPDATE and DELETE;
 * no foreign key, so nothing cascades it away.
 */
export const orderAuditEvents = pgTable(
  'order_audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    entity: text('entity', { enum: ['order', 'document', 'shipment', 'transport'] }).notNull(),
    entityId: bigint('entity_id', { mode: 'number' }),
    action: text('action').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    reason: text('reason'),
    /** The shipment and the leg an entry is about (issue 21); no foreign keys, as above. */
    shipmentId: bigint('shipment_id', { mode: 'number' }),
    transportId: bigint('transport_id', { mode: 'number' }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    userId: bigint('user_id', { mode: 'number' }),
    userName: text('user_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_audit_events_order_idx').on(t.orderId, t.id),
    // A shipment's history: its entries in the order's trail.
    index('order_audit_events_shipment_idx')
      .on(t.shipmentId, t.id)
      .where(sql`${t.shipmentId} is not null`),
  ],
);
