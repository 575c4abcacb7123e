import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { updateAtVersion } from '#server/db/versioned.js';
import { transports, type TransportRow } from '#server/db/schema/shipments.js';
import type { Ref } from './shipments-repository.js';

export type { TransportRow };
export type NewTransport = typeof transports.$inferInsert;

/** The legs of shipments: each shipment's in sequence. */
export function createTransportRepository(db: Db) {
  return {
    async find(ref: Ref): Promise<TransportRow | undefined> {
      const [row] = await db
        .select()
        .from(transports)
        .where('id' in ref ? eq(transports.id, ref.id) : eq(transports.uuid, ref.uuid))
        .limit(1);
      return row;
    },

    /** The leg, its row locked until the transaction ends. */
    async lock(id: number): Promise<TransportRow | undefined> {
      const [row] = await db.select().from(transports).where(eq(transports.id, id)).for('update');
      return row;
    },

    /** The shipment's legs in sequence; with `lock`, locked until the transaction ends. */
    async ofShipment(shipmentId: number, lock = false): Promise<TransportRow[]> {
      const query = db
        .select()
        .from(transports)
        .where(eq(transports.shipmentId, shipmentId))
        .orderBy(asc(transports.sequence))
        .$dynamic();
      return lock ? query.for('update') : query;
    },

    /** The legs of these shipments, each shipment's in sequence. */
    async ofShipments(shipmentIds: readonly number[]): Promise<TransportRow[]> {
      if (shipmentIds.length === 0) return [];
      return db
        .select()
        .from(transports)
        .where(inArray(transports.shipmentId, [...shipmentIds]))
        .orderBy(asc(transports.shipmentId), asc(transports.sequence));
    },

    async insert(values: NewTransport): Promise<TransportRow> {
      const [row] = await db.insert(transports).values(values).returning();
      return row!;
    },

    /** Changes the leg if it is still at `version`, bumping it; undefined otherwise. */
    async update(
      id: number,
      version: number,
      values: Partial<NewTransport>,
    ): Promise<TransportRow | undefined> {
      return updateAtVersion(db, transports, id, version, values);
    },
  };
}
