import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SHIPMENT_STATUSES, TRANSPORT_MODES, TRANSPORT_STATUSES } from '#common/shipments.js';
import { orderLines, orders } from './orders.js';
import { users } from './users.js';

/** One end of a shipment: a postal address, kept as written (not one of the partner's). */
const place = (prefix: 'origin' | 'destination') => ({
  name: text(`${prefix}_name`),
  street: text(`${prefix}_street`).notNull(),
  postalCode: text(`${prefix}_postal_code`),
  city: text(`${prefix}_city`).notNull(),
  country: text(`${prefix}_country`).notNull(),
});

const origin = place('origin');
const destination = place('destination');

/**
 * What leaves for an order (issue 21): some quantity of some of its lines, from one place to
 * another. `number` is SHP-{year}-{sequence}, the sequence `shipment_number_seq`.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    number: text('number').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('PLANNED'),
    originName: origin.name,
    originStreet: origin.street,
    originPostalCode: origin.postalCode,
    originCity: origin.city,
    originCountry: origin.country,
    destinationName: destination.name,
    destinationStreet: destination.street,
    destinationPostalCode: destination.postalCode,
    destinationCity: destination.city,
    destinationCountry: destination.country,
    plannedPickupDate: date('planned_pickup_date', { mode: 'string' }).notNull(),
    plannedDeliveryDate: date('planned_delivery_date', { mode: 'string' }).notNull(),
    actualPickupDate: date('actual_pickup_date', { mode: 'string' }),
    actualDeliveryDate: date('actual_delivery_date', { mode: 'string' }),
    notes: text('notes'),
    cancelReason: text('cancel_reason'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('shipments_number_key').on(t.number),
    // An order's shipments, newest first.
    index('shipments_order_idx').on(t.orderId, t.id),
  ],
);

export type ShipmentRow = typeof shipments.$inferSelect;

/**
 * How much of one order line a shipment carries. An order's lines are replaced wholesale when
 * it changes, which the service refuses while a shipment that is not cancelled names them; a
 * cancelled shipment's lines go with the lines they named.
 */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shipmentId: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: bigint('order_line_id', { mode: 'number' })
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('shipment_lines_line_key').on(t.shipmentId, t.orderLineId),
    // What an order line's deletion cascades to.
    index('shipment_lines_order_line_idx').on(t.orderLineId),
    check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export type ShipmentLineRow = typeof shipmentLines.$inferSelect;

/** A leg of a shipment: one carrier, one mode, from one place to the next, in sequence. */
export const transports = pgTable(
  'transports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    shipmentId: bigint('shipment_id', { mode: 'number' })
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    sequence: integer('sequence').notNull(),
    mode: text('mode', { enum: TRANSPORT_MODES }).notNull(),
    carrier: text('carrier').notNull(),
    vehicle: text('vehicle'),
    trackingReference: text('tracking_reference'),
    fromPlace: text('from_place').notNull(),
    fromCountry: text('from_country').notNull(),
    toPlace: text('to_place').notNull(),
    toCountry: text('to_country').notNull(),
    plannedDeparture: date('planned_departure', { mode: 'string' }).notNull(),
    plannedArrival: date('planned_arrival', { mode: 'string' }).notNull(),
    actualDeparture: date('actual_departure', { mode: 'string' }),
    actualArrival: date('actual_arrival', { mode: 'string' }),
    status: text('status', { enum: TRANSPORT_STATUSES }).notNull().default('PLANNED'),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  // A shipment's legs in sequence: the lookup of every leg by its shipment.
  (t) => [uniqueIndex('transports_sequence_key').on(t.shipmentId, t.sequence)],
);

export type TransportRow = typeof transports.$inferSelect;
