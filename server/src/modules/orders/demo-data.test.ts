import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { caller, demoTokens, type Caller } from '#server/testing/partners-fixtures.js';
import { DEMO_ORDERS, seedDemoOrders } from './demo-data.js';

interface Row {
  id: number;
  number: string;
  status: string;
  held: boolean;
  total: string | null;
  tradePartner: { name: string };
}

describe.each(databaseTargets())('demo orders (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let tokens: Record<string, string>;
  let rows: Row[];

  beforeAll(async () => {
    server = await startTestServer(target, {}, { demoData: true });
    call = caller(server);
    tokens = await demoTokens(server);
    rows = (await call(tokens.manager!, 'GET', '/api/orders?size=100')).json().content;
  });
  afterAll(() => server?.close());

  const byPartner = (name: string) => rows.filter((row) => row.tradePartner.name === name);

  it('has a dozen orders across the three companies in every status, one held', async () => {
    expect(rows).toHaveLength(DEMO_ORDERS.length);
    expect(DEMO_ORDERS.length).toBe(12);
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['DRAFT', 'CONFIRMED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']),
    );
    expect(byPartner('Müller Handels GmbH')).toHaveLength(5);
    expect(byPartner('Van Dijk Logistics B.V.')).toHaveLength(4);
    expect(byPartner('Rossi Trasporti S.r.l.')).toHaveLength(3);
    // Müller's file is approved, Van Dijk's in review: its confirmed order is the held one.
    const held = rows.filter((row) => row.held);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      status: 'CONFIRMED',
      tradePartner: { name: 'Van Dijk Logistics B.V.' },
    });
    expect(await (await call(tokens.manager!, 'GET', '/api/orders/counts')).json()).toEqual({
      held: 1,
      open: 8,
    });
  });

  it('tells each order’s story in its trail, with exact totals', async () => {
    const completed = rows.find((row) => row.status === 'COMPLETED')!;
    const order = (await call(tokens.manager!, 'GET', `/api/orders/${completed.id}`)).json();
    expect(order.kyc).toMatchObject({ status: 'APPROVED' });
    expect(order.confirmedAt).not.toBeNull();
    const history = (
      await call(tokens.manager!, 'GET', `/api/orders/${completed.id}/history`)
    ).json();
    expect(history.events.map((e: { toValue: string }) => e.toValue)).toEqual([
      'DRAFT',
      'CONFIRMED',
      'IN_PROGRESS',
      'COMPLETED',
    ]);
    expect(history.events[0].userName).toMatch(/^(Mark de Vries|Eva Jansen)$/);
    // 12.5 t at 2480.00 and 25 pallets at 14.50: 31000.00 + 362.50.
    const steel = rows.find((row) => row.total === '31362.50');
    expect(steel?.status).toBe('COMPLETED');
  });

  it('shows partner people their companies’ orders, amounts to owners only', async () => {
    // Olivia Smit owns all three; Carlos Romero is an editor (CONTACT) of Van Dijk's.
    const owner = (await call(tokens.owner!, 'GET', '/api/orders?size=100')).json();
    expect(owner.totalElements).toBe(12);
    expect(owner.content.every((row: Row) => row.total !== null)).toBe(true);
    const contact = (await call(tokens.contact!, 'GET', '/api/orders?size=100')).json();
    expect(contact.content.map((row: Row) => row.tradePartner.name)).toEqual(
      Array(4).fill('Van Dijk Logistics B.V.'),
    );
    expect(contact.content.every((row: Row) => row.total === null)).toBe(true);
    const partner = (await call(tokens.partner!, 'GET', '/api/orders?size=100')).json();
    expect(partner.totalElements).toBe(5);
  });

  it('seeds once: a second start adds nothing', async () => {
    expect(await seedDemoOrders(server.database.db, server.app.log)).toEqual([]);
    const again = (await call(tokens.manager!, 'GET', '/api/orders/counts')).json();
    expect(again).toEqual({ held: 1, open: 8 });
  });
});
