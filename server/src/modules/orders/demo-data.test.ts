import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '#server/app.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { caller, demoTokens, type Caller } from '#server/testing/partners-fixtures.js';
import { DEMO_ORDERS, seedDemoOrders } from './demo-data.js';

interface Row {
  id: number;
  number: string;
  status: string;
  held: boolean;
  total: string | null;
  customerReference: string;
  tradePartner: { name: string };
}

interface Shipped {
  lines: { ordered: string; delivered: string; remaining: string }[];
  shipments: { id: number; status: string; late: boolean; legCount: number }[];
  mayCreate: boolean;
}

/** The demo orders, and their shipments (shipments/demo-data.ts), as the process start seeds them. */
describe.each(databaseTargets())('demo orders and their shipments (%s)', (target) => {
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
    // The order's own entries; its shipments tell theirs in the same trail.
    const own = history.events.filter((e: { action: string }) =>
      ['created', 'status'].includes(e.action),
    );
    expect(own.map((e: { toValue: string }) => e.toValue)).toEqual([
      'DRAFT',
      'CONFIRMED',
      'IN_PROGRESS',
      'COMPLETED',
    ]);
    expect(own[0].userName).toMatch(/^(Mark de Vries|Eva Jansen)$/);
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

  const shippedOf = async (reference: string): Promise<Shipped> => {
    const order = rows.find((row) => row.customerReference === reference)!;
    return (await call(tokens.manager!, 'GET', `/api/orders/${order.id}/shipments`)).json();
  };

  it('ships the demo orders: completed ones in full, one on its way with a late sea leg, one held', async () => {
    for (const reference of ['MH-PO-2026-0418', 'MH-2026-0087']) {
      const completed = await shippedOf(reference);
      expect(completed.shipments.map((s) => s.status)).toEqual(['DELIVERED']);
      expect(completed.lines.every((line) => line.delivered === line.ordered)).toBe(true);
    }
    const underway = await shippedOf('MH-2026-0112');
    expect(underway.shipments.map((s) => [s.status, s.late])).toEqual([
      ['IN_TRANSIT', true],
      ['DELIVERED', false],
    ]);
    expect(underway.lines.map((line) => line.remaining)).toEqual(['0.000', '0.000', '0.000']);
    const sea = (
      await call(tokens.owner!, 'GET', `/api/shipments/${underway.shipments[0]!.id}`)
    ).json();
    expect(
      sea.transports.map((leg: { mode: string; status: string; late: object }) => [
        leg.mode,
        leg.status,
        leg.late,
      ]),
    ).toEqual([
      ['ROAD', 'ARRIVED', { departure: false, arrival: false }],
      ['SEA', 'DEPARTED', { departure: false, arrival: true }],
    ]);
    const history = (await call(tokens.manager!, 'GET', `/api/shipments/${sea.id}/history`)).json();
    expect(history.events.map((e: { action: string }) => e.action)).toEqual([
      'shipmentCreated',
      'transportAdded',
      'transportAdded',
      'transportStatus',
      'shipmentStatus',
      'transportStatus',
      'transportStatus',
    ]);
    const held = await shippedOf('VDL-24-7781');
    expect(held.shipments.map((s) => [s.status, s.legCount])).toEqual([['PLANNED', 1]]);
    // The browser journey ships from Müller's confirmed order: nothing of it is shipped yet.
    const journey = await shippedOf('MH-2026-0131');
    expect(journey).toMatchObject({ shipments: [], mayCreate: true });
    expect(journey.lines.map((line) => line.remaining)).toEqual(['3.000', '1.000']);
  });

  it('seeds once: a second start adds nothing', async () => {
    expect(await seedDemoOrders(server.database.db, server.app.log)).toEqual([]);
    await seedDemoData(server.app, server.config);
    const again = (await call(tokens.manager!, 'GET', '/api/orders/counts')).json();
    expect(again).toEqual({ held: 1, open: 8 });
    expect((await shippedOf('MH-2026-0112')).shipments).toHaveLength(2);
  });
});
