import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_SORTS, type OrderSort } from '#common/orders.js';
import { orders } from '#server/db/schema/orders.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { createOrder, type OrderJson } from '#server/testing/orders-fixtures.js';
import {
  caller,
  createPartner,
  problems,
  signIn,
  type Actor,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';

type Row = OrderJson & {
  orderDate: string;
  updatedAt: string;
  customerReference: string | null;
  tradePartner: { id: number };
};

/** The rows in the order `sort` asks for, ties by id, as the list must answer them. */
function sorted(rows: Row[], sort: OrderSort): number[] {
  const [field, direction] = sort.split(',') as [keyof Row, 'asc' | 'desc'];
  const sign = direction === 'asc' ? 1 : -1;
  const key = (row: Row) => (field === 'total' ? Number(row.total) : String(row[field]));
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a.id - b.id) * sign;
    })
    .map((row) => row.id);
}

describe.each(databaseTargets())('the order list (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let manager: Actor;
  let owner: Actor;
  let stranger: Actor;
  let ours: Partner;
  let theirs: Partner;
  let all: Row[];

  const list = async (who: Actor, query: string) => {
    const response = await call(who, 'GET', `/api/orders?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const ids = async (who: Actor, query: string) =>
    (await list(who, query)).content.map((row: Row) => row.id);

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    [manager, owner, stranger] = await Promise.all([
      signIn(server, 'manager', ['NT24_MANAGER']),
      signIn(server, 'owner', ['OWNER']),
      signIn(server, 'stranger', ['OWNER']),
    ]);
    [ours, theirs] = await Promise.all([
      createPartner(server, owner),
      createPartner(server, stranger),
    ]);
    const made: OrderJson[] = [];
    const dates = ['2026-03-01', '2026-01-15', '2026-03-01', '2025-12-24', '2026-02-10'];
    for (const [index, orderDate] of dates.entries()) {
      made.push(
        await createOrder(server, manager, index % 2 ? theirs : ours, {
          orderDate,
          requestedDeliveryDate: null,
          direction: index < 3 ? 'SALE' : 'PURCHASE',
          customerReference:
            index === 4 ? null : `PO-${['AB', 'ab_1', 'ABC', 'X%Y', ''][index]}-${index}`,
          lines: [
            { description: 'Goods', quantity: String(index + 1), unit: 'PCE', unitPrice: '10' },
          ],
        }),
      );
    }
    // The third is confirmed and held; the fourth cancelled.
    const db = server.database.db;
    await db.update(orders).set({ status: 'CONFIRMED' }).where(eq(orders.id, made[2]!.id));
    await db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, made[3]!.id));
    const page = await list(manager, 'size=100');
    all = page.content;
  });
  afterAll(() => server?.close());

  it('answers every sort from its index, in order, ties by id', async () => {
    expect(all).toHaveLength(5);
    for (const sort of ORDER_SORTS) {
      expect(await ids(manager, `sort=${sort}`), sort).toEqual(sorted(all, sort));
    }
  });

  it('pages by offset within the cap and by cursor at any depth, every row once', async () => {
    const first = await list(manager, 'size=2');
    expect(first).toMatchObject({ page: 0, size: 2, totalElements: 5, totalPages: 3 });
    expect(first.nextCursor).toEqual(expect.any(String));
    const third = await list(manager, 'size=2&page=2');
    expect(third.content).toHaveLength(1);
    expect(third.nextCursor).toBeUndefined();
    for (const sort of ORDER_SORTS) {
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(
          manager,
          `size=2&sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        seen.push(...page.content.map((row: Row) => row.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(sorted(all, sort));
    }
    const deep = await call(manager, 'GET', '/api/orders?page=500&size=20');
    expect(problems(deep)[0]).toMatch(/^querystring\.page: must leave fewer than 10000 rows/);
    const other = await call(
      manager,
      'GET',
      `/api/orders?sort=number,asc&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(problems(other)[0]).toMatch(/^querystring\.cursor: /);
    // A cursor made by hand, whose key is no date: refused, not a failure.
    const forged = Buffer.from(JSON.stringify({ order: 'orderDate,desc', key: 'x', id: 1 }));
    const made = await call(manager, 'GET', `/api/orders?cursor=${forged.toString('base64url')}`);
    expect(problems(made)[0]).toMatch(/^querystring\.cursor: /);
  });

  it('filters by status, partner, direction, date range, held and the start of a number or reference', async () => {
    const [a, b, c, d, e] = [...all].sort((x, y) => x.id - y.id).map((row) => row.id);
    const by = (query: string) => ids(manager, `sort=number,asc&${query}`);
    expect(await by('status=DRAFT')).toEqual([a, b, e]);
    expect(await by('status=CONFIRMED&status=CANCELLED')).toEqual([c, d]);
    expect(await by(`tradePartnerUuid=${ours.uuid}`)).toEqual([a, c, e]);
    expect(await by('tradePartnerUuid=5b0e8a52-7a7f-4d8e-9a53-3a2b1c0d9e8f')).toEqual([]);
    expect(await by('direction=PURCHASE')).toEqual([d, e]);
    expect(await by('from=2026-01-15&to=2026-02-10')).toEqual([b, e]);
    expect(await by('held=true')).toEqual([c]);
    expect(await by('held=false')).toEqual([a, b, d, e]);
    // q: the number (any case), or the reference, from its start, with % and _ as written.
    const number = all.find((row) => row.id === c)!.number;
    expect(await by(`q=${number.toLowerCase()}`)).toEqual([c]);
    expect(await by(`q=${number.slice(0, 4)}`)).toEqual([a, b, c, d, e]);
    expect(await by('q=po-ab')).toEqual([a, b, c]);
    expect(await by('q=PO-AB_')).toEqual([b]);
    expect(await by('q=PO-X%25')).toEqual([d]);
    expect(await by('q=PO-%25')).toEqual([]);
    expect(await by('q=AB')).toEqual([]);
    const invalid = await call(manager, 'GET', '/api/orders?status=OPEN&held=yes&from=2026-13-01');
    expect(invalid.statusCode).toBe(400);
    expect(problems(invalid).map((problem) => problem.split(':')[0])).toEqual([
      'querystring.status',
      'querystring.from',
      'querystring.held',
    ]);
  });

  it('shows each caller only their companies’ orders, and counts what they see', async () => {
    const mine = all.filter((row) => row.tradePartner.id === ours.id).map((row) => row.id);
    expect((await ids(owner, 'sort=number,asc')).sort()).toEqual(mine.sort());
    const theirsOnly = await list(stranger, 'size=100');
    expect(theirsOnly.totalElements).toBe(2);
    expect(theirsOnly.content.every((row: Row) => row.tradePartner.id === theirs.id)).toBe(true);
    const nobody = await signIn(server, 'nobody', ['NT24_TRADE_PARTNER']);
    expect(await list(nobody, '')).toMatchObject({ content: [], totalElements: 0 });
    const counts = async (who: Actor) => (await call(who, 'GET', '/api/orders/counts')).json();
    expect(await counts(manager)).toEqual({ held: 1, open: 4 });
    expect(await counts(owner)).toEqual({ held: 1, open: 3 });
    expect(await counts(stranger)).toEqual({ held: 0, open: 1 });
    expect(await counts(nobody)).toEqual({ held: 0, open: 0 });
    expect((await call(null, 'GET', '/api/orders/counts')).statusCode).toBe(401);
    // A change moves the order by last change to the front.
    const db = server.database.db;
    await db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(inArray(orders.id, [mine[0]!]));
    expect((await ids(manager, 'sort=updatedAt,desc'))[0]).toBe(mine[0]);
  });
});
