import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shipmentNumber, type ShipmentStatus } from '#common/shipments.js';
import type { Decimal } from '#common/money.js';
import type { Db } from '#server/db/client.js';
import { updateAtVersion } from '#server/db/versioned.js';
import { orderLines, orders } from '#server/db/schema/orders.js';
import { tradePartners } from '#server/db/schema/partners.js';
import { shipmentLines, shipments, type ShipmentRow } from '#server/db/schema/shipments.js';
import { users } from '#server/db/schema/users.js';
import { personColumns, type NamedPerson } from '#server/modules/users/identity-service.js';

export type { ShipmentRow };
export type NewShipment = Omit<typeof shipments.$inferInsert, 'number'>;

/** A place as a shipment's form sends it; blank optional parts are null. */
export interface PlaceInput {
  name?: string | null | undefined;
  street: string;
  postalCode?: string | null | undefined;
  city: string;
  country: string;
}

/** A shipment's two places, in the columns they are kept in. */
export const placeColumns = (origin: PlaceInput, destination: PlaceInput) => ({
  originName: origin.name ?? null,
  originStreet: origin.street,
  originPostalCode: origin.postalCode ?? null,
  originCity: origin.city,
  originCountry: origin.country,
  destinationName: destination.name ?? null,
  destinationStreet: destination.street,
  destinationPostalCode: destination.postalCode ?? null,
  destinationCity: destination.city,
  destinationCountry: destination.country,
});

/** A shipment or leg as a path names it: `/shipments/{id}` or `/shipments/{uuid}`. */
export type Ref = { id: number } | { uuid: string };
export const refValue = (ref: Ref): string | number => ('id' in ref ? ref.id : ref.uuid);

/** A shipment with its order, the order's trade partner and the person who planned it. */
export interface ShipmentView {
  shipment: ShipmentRow;
  order: {
    id: number;
    uuid: string;
    number: string;
    status: (typeof orders.$inferSelect)['status'];
    held: boolean;
    tradePartnerId: number;
  };
  partner: { id: number; uuid: string; name: string };
  creator: NamedPerson | null;
}

/** A shipment's line with what it names of its order line. */
export interface ShipmentLineView {
  id: number;
  orderLineId: number;
  position: number;
  description: string;
  unit: (typeof orderLines.$inferSelect)['unit'];
  quantity: Decimal;
}

/** What a shipment takes of an order line. */
export interface LineQuantity {
  orderLineId: number;
  quantity: Decimal;
}

/** A shipment's status and lines, as what is left to ship is counted. */
export interface ShippedLines {
  id: number;
  status: ShipmentStatus;
  lines: LineQuantity[];
}

const creator = alias(users, 'shipment_creator');

export function createShipmentRepository(db: Db) {
  return {
    async find(ref: Ref): Promise<ShipmentView | undefined> {
      const [row] = await db
        .select({
          shipment: shipments,
          order: {
            id: orders.id,
            uuid: orders.uuid,
            number: orders.number,
            status: orders.status,
            held: orders.held,
            tradePartnerId: orders.tradePartnerId,
          },
          partner: { id: tradePartners.id, uuid: tradePartners.uuid, name: tradePartners.name },
          creator: personColumns(creator),
        })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .innerJoin(tradePartners, eq(tradePartners.id, orders.tradePartnerId))
        .leftJoin(creator, eq(creator.id, shipments.createdBy))
        .where('id' in ref ? eq(shipments.id, ref.id) : eq(shipments.uuid, ref.uuid))
        .limit(1);
      return row;
    },

    /** The shipment, its row locked until the transaction ends. */
    async lock(id: number): Promise<ShipmentRow | undefined> {
      const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).for('update');
      return row;
    },

    /** The order's shipments, newest first; with `lock`, locked until the transaction ends. */
    async ofOrder(orderId: number, lock = false): Promise<ShipmentRow[]> {
      const query = db
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, orderId))
        .orderBy(desc(shipments.id))
        .$dynamic();
      return lock ? query.for('update') : query;
    },

    async linesOf(shipmentId: number): Promise<ShipmentLineView[]> {
      return db
        .select({
          id: shipmentLines.id,
          orderLineId: shipmentLines.orderLineId,
          position: orderLines.position,
          description: orderLines.description,
          unit: orderLines.unit,
          quantity: sql<Decimal>`${shipmentLines.quantity}`,
        })
        .from(shipmentLines)
        .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
        .where(eq(shipmentLines.shipmentId, shipmentId))
        .orderBy(asc(orderLines.position));
    },

    /** Every shipment of the order with its lines, as lineQuantities counts them. */
    async shippedOf(orderId: number): Promise<ShippedLines[]> {
      const rows = await db
        .select({
          id: shipments.id,
          status: shipments.status,
          orderLineId: shipmentLines.orderLineId,
          quantity: sql<Decimal | null>`${shipmentLines.quantity}`,
        })
        .from(shipments)
        .leftJoin(shipmentLines, eq(shipmentLines.shipmentId, shipments.id))
        .where(eq(shipments.orderId, orderId))
        .orderBy(desc(shipments.id));
      const byShipment = new Map<number, ShippedLines>();
      for (const row of rows) {
        const shipped = byShipment.get(row.id) ?? { id: row.id, status: row.status, lines: [] };
        byShipment.set(row.id, shipped);
        if (row.orderLineId !== null && row.quantity !== null) {
          shipped.lines.push({ orderLineId: row.orderLineId, quantity: row.quantity });
        }
      }
      return [...byShipment.values()];
    },

    /** Inserts the shipment, numbered from shipment_number_seq in the year it is planned. */
    async insert(values: NewShipment): Promise<ShipmentRow> {
      const result = (await db.execute(
        sql`select nextval('shipment_number_seq')::int as sequence, extract(year from now())::int as year`,
      )) as unknown as { rows: { sequence: number; year: number }[] };
      const { sequence, year } = result.rows[0]!;
      const [row] = await db
        .insert(shipments)
        .values({ ...values, number: shipmentNumber(year, sequence) })
        .returning();
      return row!;
    },

    /** The shipment's lines become these. */
    async replaceLines(shipmentId: number, lines: readonly LineQuantity[]): Promise<void> {
      await db.delete(shipmentLines).where(eq(shipmentLines.shipmentId, shipmentId));
      await db.insert(shipmentLines).values(lines.map((line) => ({ ...line, shipmentId })));
    },

    /** Changes the shipment if it is still at `version`, bumping it; undefined otherwise. */
    async update(
      id: number,
      version: number,
      values: Partial<NewShipment>,
    ): Promise<ShipmentRow | undefined> {
      return updateAtVersion(db, shipments, id, version, values);
    },
  };
}

export type ShipmentRepository = ReturnType<typeof createShipmentRepository>;
