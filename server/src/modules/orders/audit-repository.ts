import { asc, eq } from 'drizzle-orm';
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
  /** What changed: the order itself, or one of its documents. */
  entity: 'order' | 'document';
  entityId: number;
  action: OrderAuditAction;
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
    ...trailColumns(entry),
  });
}

/** The order's trail, oldest first. */
export async function orderTrail(db: Db, orderId: number): Promise<OrderAuditRow[]> {
  return db
    .select()
    .from(orderAuditEvents)
    .where(eq(orderAuditEvents.orderId, orderId))
    .orderBy(asc(orderAuditEvents.id));
}
