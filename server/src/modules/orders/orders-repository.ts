import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { KycStatus } from '#common/kyc.js';
import type { Db } from '#server/db/client.js';
import { updateAtVersion } from '#server/db/versioned.js';
import { kycLatestSubmissions, kycSubmissions } from '#server/db/schema/kyc.js';
import { orderLines, orders, type OrderLineRow, type OrderRow } from '#server/db/schema/orders.js';
import { tradePartners } from '#server/db/schema/partners.js';
import { users } from '#server/db/schema/users.js';
import { personColumns, type NamedPerson } from '#server/modules/users/identity-service.js';

export type NewOrder = Omit<typeof orders.$inferInsert, 'number'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId' | 'position'>;
export type { OrderLineRow, OrderRow };

/** An order as a path names it: `/orders/{id}` or `/orders/{uuid}`. */
export type OrderRef = { id: number } | { uuid: string };
export const orderRefValue = (ref: OrderRef): string | number => ('id' in ref ? ref.id : ref.uuid);

/** An order with its trade partner and the person who made it, as the API shows them. */
export interface OrderView {
  order: OrderRow;
  partner: { id: number; uuid: string; name: string };
  creator: NamedPerson | null;
}

/** The partner's latest KYC file, as the compliance gate reads it. */
export interface KycStanding {
  id: number;
  uuid: string;
  status: KycStatus;
}

const creator = alias(users, 'order_creator');

/** ORD-2026-000123: the year the order is made, and the sequence, six digits or more. */
export const orderNumber = (year: number, sequence: number) =>
  `ORD-${year}-${String(sequence).padStart(6, '0')}`;

export function createOrderRepository(db: Db) {
  return {
    async find(ref: OrderRef): Promise<OrderView | undefined> {
      const [row] = await db
        .select({
          order: orders,
          partner: { id: tradePartners.id, uuid: tradePartners.uuid, name: tradePartners.name },
          creator: personColumns(creator),
        })
        .from(orders)
        .innerJoin(tradePartners, eq(tradePartners.id, orders.tradePartnerId))
        .leftJoin(creator, eq(creator.id, orders.createdBy))
        .where('id' in ref ? eq(orders.id, ref.id) : eq(orders.uuid, ref.uuid))
        .limit(1);
      return row;
    },

    /** The order, its row locked until the transaction ends. */
    async lock(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
      return row;
    },

    async linesOf(orderId: number): Promise<OrderLineRow[]> {
      return db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.position));
    },

    /**
     * The partner's latest KYC file (kyc_latest_submissions), or null when it has none. With
     * `lock`, both rows are share-locked until the transaction ends: the file cannot move and
     * no newer file can become the latest meanwhile.
     */
    async kycStanding(tradePartnerId: number, lock = false): Promise<KycStanding | null> {
      const query = db
        .select({ id: kycSubmissions.id, uuid: kycSubmissions.uuid, status: kycSubmissions.status })
        .from(kycLatestSubmissions)
        .innerJoin(kycSubmissions, eq(kycSubmissions.id, kycLatestSubmissions.kycId))
        .where(eq(kycLatestSubmissions.tradePartnerId, tradePartnerId))
        .$dynamic();
      const [row] = await (lock ? query.for('share') : query);
      return row ?? null;
    },

    /** Inserts the order, numbered from order_number_seq in the year it is made. */
    async insert(values: NewOrder): Promise<OrderRow> {
      const result = (await db.execute(
        sql`select nextval('order_number_seq')::int as sequence, extract(year from now())::int as year`,
      )) as unknown as { rows: { sequence: number; year: number }[] };
      const { sequence, year } = result.rows[0]!;
      const [row] = await db
        .insert(orders)
        .values({ ...values, number: orderNumber(year, sequence) })
        .returning();
      return row!;
    },

    /** The order's lines become these, numbered from 1 in their order. */
    async replaceLines(orderId: number, lines: readonly NewOrderLine[]): Promise<void> {
      await db.delete(orderLines).where(eq(orderLines.orderId, orderId));
      if (lines.length === 0) return;
      await db
        .insert(orderLines)
        .values(lines.map((line, index) => ({ ...line, orderId, position: index + 1 })));
    },

    /** Changes the order if it is still at `version`, bumping it; undefined otherwise. */
    async update(
      id: number,
      version: number,
      values: Partial<NewOrder>,
    ): Promise<OrderRow | undefined> {
      return updateAtVersion(db, orders, id, version, values);
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
