import { and, asc, count, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderDirection, OrderSort, OrderStatus } from '#common/orders.js';
import { keysetPage, type CursorPosition } from '#server/api-parameters.js';
import { countUpToCap, type CappedCount } from '#server/db/capped-count.js';
import type { Db } from '#server/db/client.js';
import { preparedOnce } from '#server/db/prepared.js';
import { orders, type OrderRow } from '#server/db/schema/orders.js';
import { tradePartners, type AccessLevel } from '#server/db/schema/partners.js';
import { companiesOfIdentity } from '#server/modules/partners/directory-service.js';

/** What the list narrows to: every field given narrows (AND). */
export interface OrderConditions {
  statuses?: readonly OrderStatus[] | undefined;
  tradePartnerUuid?: string | undefined;
  direction?: OrderDirection | undefined;
  /** Order date on or after, on or before (YYYY-MM-DD). */
  from?: string | undefined;
  to?: string | undefined;
  held?: boolean | undefined;
  /** The start of the number, or of the customer reference (any case). */
  q?: string | undefined;
}

/** Only the orders of companies this identity belongs to with one of `levels`. */
export interface OrderViewer {
  identityId: string;
  levels: readonly AccessLevel[];
}

/** A list row: the order and its trade partner. */
export interface OrderListRow {
  order: OrderRow;
  partner: { id: number; uuid: string; name: string };
}

/**
 * Each sort, read from its index (schema/orders.ts, decision 020): the column, the type a
 * cursor's key is read back as, and whether the column is unique (the number), so that it
 * needs no id to break ties.
 */
const SORTS: Record<
  OrderSort,
  { column: AnyPgColumn; type: string; descending: boolean; unique?: true }
> = {
  'orderDate,desc': { column: orders.orderDate, type: 'date', descending: true },
  'orderDate,asc': { column: orders.orderDate, type: 'date', descending: false },
  'number,desc': { column: orders.number, type: 'text', descending: true, unique: true },
  'number,asc': { column: orders.number, type: 'text', descending: false, unique: true },
  'updatedAt,desc': { column: orders.updatedAt, type: 'timestamptz', descending: true },
  'total,desc': { column: orders.total, type: 'numeric', descending: true },
  'total,asc': { column: orders.total, type: 'numeric', descending: false },
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/** The statuses an order is open in: not yet completed or cancelled. */
const OPEN_STATUSES: readonly OrderStatus[] = ['DRAFT', 'CONFIRMED', 'IN_PROGRESS'];

export function createOrderListRepository(db: Db) {
  const visibleTo = (viewer: OrderViewer | undefined): SQL | undefined =>
    viewer &&
    inArray(orders.tradePartnerId, companiesOfIdentity(db, viewer.identityId, viewer.levels));

  function where(conditions: OrderConditions, viewer: OrderViewer | undefined) {
    const q = conditions.q ? escapeLike(conditions.q) : '';
    return and(
      conditions.statuses?.length ? inArray(orders.status, [...conditions.statuses]) : undefined,
      conditions.tradePartnerUuid
        ? eq(
            orders.tradePartnerId,
            db
              .select({ id: tradePartners.id })
              .from(tradePartners)
              .where(eq(tradePartners.uuid, conditions.tradePartnerUuid)),
          )
        : undefined,
      conditions.direction ? eq(orders.direction, conditions.direction) : undefined,
      conditions.from ? gte(orders.orderDate, conditions.from) : undefined,
      conditions.to ? lte(orders.orderDate, conditions.to) : undefined,
      // `held` alone, as orders_held_idx's predicate reads.
      conditions.held === undefined
        ? undefined
        : conditions.held
          ? sql`${orders.held}`
          : sql`not ${orders.held}`,
      // Prefixes, as orders_number_prefix_idx and orders_reference_idx hold them.
      q
        ? or(
            like(orders.number, `${q.toUpperCase()}%`),
            like(sql`lower(${orders.customerReference})`, `${q.toLowerCase()}%`),
          )
        : undefined,
      visibleTo(viewer),
    );
  }

  /** The list rows of these orders, in the order of `ids`: one statement, built once. */
  async function listRows(ids: number[]): Promise<OrderListRow[]> {
    if (ids.length === 0) return [];
    const statement = preparedOnce(db, 'orders_list_rows', (d) =>
      d
        .select({
          order: orders,
          partner: { id: tradePartners.id, uuid: tradePartners.uuid, name: tradePartners.name },
        })
        .from(orders)
        .innerJoin(tradePartners, eq(tradePartners.id, orders.tradePartnerId))
        .where(sql`${orders.id} = any(${sql.placeholder('ids')}::bigint[])`)
        .prepare('orders_list_rows'),
    );
    const rows = await statement.execute({ ids });
    const position = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => position.get(a.order.id)! - position.get(b.order.id)!);
  }

  return {
    /**
     * A page of the orders matching `conditions` that `viewer` may see (all: undefined), and how
     * many match, counted up to LIST_COUNT_CAP. The page's ids come from the index of its sort
     * alone, then only those rows are read with their partner (decision 020). After a cursor:
     * the rows past its (key, id), at any depth.
     */
    async page(
      conditions: OrderConditions,
      viewer: OrderViewer | undefined,
      paging: { page: number; size: number; sort: OrderSort; after?: CursorPosition | undefined },
    ): Promise<{ rows: OrderListRow[]; counted: CappedCount; last?: CursorPosition }> {
      const condition = where(conditions, viewer);
      const { column, type, descending, unique } = SORTS[paging.sort];
      const order = descending ? desc : asc;
      const before = descending ? sql`<` : sql`>`;
      const cast = sql.raw(type);
      const after = paging.after
        ? unique
          ? sql`${column} ${before} ${paging.after.key}::${cast}`
          : sql`(${column}, ${orders.id}) ${before} (${paging.after.key}::${cast}, ${paging.after.id})`
        : undefined;
      const [counted, ids] = await Promise.all([
        countUpToCap(
          db,
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(condition)
            .$dynamic(),
        ),
        db
          .select({ id: orders.id, key: sql<string>`${column}::text` })
          .from(orders)
          .where(and(condition, after))
          .orderBy(...(unique ? [order(column)] : [order(column), order(orders.id)]))
          .limit(paging.size + 1)
          .offset(paging.after ? 0 : paging.page * paging.size),
      ]);
      const { shown, last } = keysetPage(ids, paging.size);
      return { rows: await listRows(shown.map((row) => row.id)), counted, ...(last && { last }) };
    },

    /** Whether any order matches `conditions` among those `viewer` sees: one row at most. */
    async any(conditions: OrderConditions, viewer: OrderViewer): Promise<boolean> {
      const found = await db
        .select({ one: sql`1` })
        .from(orders)
        .where(where(conditions, viewer))
        .limit(1);
      return found.length > 0;
    },

    /** How many of what `viewer` sees are held, and how many open: each from its index. */
    async counts(viewer: OrderViewer | undefined): Promise<{ held: number; open: number }> {
      const counting = (condition: SQL) =>
        db
          .select({ total: count() })
          .from(orders)
          .where(and(condition, visibleTo(viewer)));
      const [[held], [open]] = await Promise.all([
        counting(sql`${orders.held}`),
        counting(inArray(orders.status, [...OPEN_STATUSES])),
      ]);
      return { held: held?.total ?? 0, open: open?.total ?? 0 };
    },
  };
}
