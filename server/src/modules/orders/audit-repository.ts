import { asc, eq, type Column } from 'drizzle-orm';
import type { OrderAuditAction } from '#common/orders.js';
import type { Db } from '#server/db/client.js';
import { trailColumns, type TrailActor, type TrailEntry } from '#server/db/trail.js';
import { orderAuditEvents } from '#server/db/schema/orders.js';
import { personName, type NamedPerson } from '#server/modules/users/identity-service.js';

export type OrderAuditRow = typeof orderAuditEvents.$inferSelect;

export const actingOn = (person: NamedPerson): TrailActor => ({
  userId: person.id,
  userName: personName(person),
});

export interface OrderAuditEntry extends TrailEntry {
  orderId: number;
  /** What changed: the order itself, one of its documents, shipments or their legs. */
  entity: 'order' | 'document' | 'shipment' | 'transport';
  entityId: number;
  action: OrderAuditAction;
  /** The shipment and the leg the entry is about (issue 21). */
  shipmentId?: number | null;
  transportId?: number | null;
}

/**
 * Writes one row of the order's append-only trail (decision 033). Call it with the transaction
 * that makes the change, so the change and its record commit or fail together.
 */
export async function recordOrderAudit(tx: Db, entry: OrderAuditEntry): Promise<void> {
  await tx.insert(orderAuditEvents).values({
    orderId: entry.orderId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    shipmentId: entry.shipmentId ?? null,
    transportId: entry.transportId ?? null,
    ...trailColumns(entry),
  });
}

const trailOf = (db: Db, column: Column, id: number): Promise<OrderAuditRow[]> =>
  db
    .select()
    .from(orderAuditEvents)
    .where(eq(column, id))
    .orderBy(asc(orderAuditEvents.createdAt), asc(orderAuditEvents.id));

/** The order's trail, oldest first. */
export const orderTrail = (db: Db, orderId: number) =>
  trailOf(db, orderAuditEvents.orderId, orderId);

/** The entries of the order's trail about one of its shipments, oldest first. */
export const shipmentTrail = (db: Db, shipmentId: number) =>
  trailOf(db, orderAuditEvents.shipmentId, shipmentId);
