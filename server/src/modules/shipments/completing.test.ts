import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { kycCompany, kycWorld, moveKyc, type KycWorld } from '#server/testing/kyc-fixtures.js';
import { moveOrder } from '#server/testing/orders-fixtures.js';
import { caller, problems, type Caller } from '#server/testing/partners-fixtures.js';
import {
  approvedKyc,
  confirmedOrder,
  createShipment,
  move,
  shipmentBody,
  type ShippableOrder,
} from '#server/testing/shipments-fixtures.js';

/**
 * Completing an order by hand (decision 036): with goods left to ship it needs a reason, which
 * its history keeps, and the refusal names what is left; with nothing left it needs none. Who
 * may complete is as before: staff.
 */
describe.each(databaseTargets())('completing an order (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
    await approvedKyc(server, w.company);
  });
  afterAll(() => server?.close());

  /** A shipment of `o`'s lines ([index, quantity]) that leaves and is delivered. */
  async function deliver(o: ShippableOrder, lines: [number, string][], arrive = true) {
    const shipment = await createShipment(
      server,
      w.manager,
      shipmentBody(
        o,
        lines.map(([index, quantity]) => [o.lines[index]!, quantity]),
      ),
    );
    expect((await move(server, w.manager, 'shipments', shipment, 'IN_TRANSIT')).statusCode).toBe(
      200,
    );
    if (arrive) await move(server, w.manager, 'shipments', shipment, 'DELIVERED');
    return shipment;
  }
  const read = async (o: { id: number }) =>
    (await call(w.manager, 'GET', `/api/orders/${o.id}`)).json();
  const statusEvents = async (o: { uuid: string }) =>
    (await call(w.manager, 'GET', `/api/orders/${o.uuid}/history`))
      .json()
      .events.filter((e: { action: string }) => e.action === 'status')
      .map((e: { fromValue: string; toValue: string; reason: string | null }) => [
        e.fromValue,
        e.toValue,
        e.reason,
      ]);

  it('refuses to complete with goods left and no reason, naming what is left; a reason completes it and stays in the history', async () => {
    const o = await confirmedOrder(server, w.manager, w.company.partner);
    await deliver(o, [
      [0, '10'],
      [1, '1'],
    ]);
    const left = [
      {
        orderLineId: o.lines[1]!.id,
        position: 2,
        description: 'Steel coil',
        unit: 'TNE',
        ordered: '2.500',
        remaining: '1.500',
      },
      {
        orderLineId: o.lines[2]!.id,
        position: 3,
        description: 'Pallet',
        unit: 'PAL',
        ordered: '1.000',
        remaining: '1.000',
      },
    ];
    const before = await read(o);
    expect(before).toMatchObject({ status: 'IN_PROGRESS', leftToShip: left, allDelivered: false });

    const bare = await moveOrder(server, w.manager, o, 'COMPLETED');
    expect(bare.statusCode).toBe(409);
    expect(bare.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: `Order ${o.number} still has goods to ship (1.500 TNE Steel coil, 1.000 PAL Pallet): completing it needs a reason of at least 3 characters.`,
      details: { reason: 'goodsLeftToShip', field: 'reason', lines: left },
      requestId: expect.any(String),
    });
    const short = await moveOrder(server, w.manager, o, 'COMPLETED', 'ok');
    expect(short.statusCode).toBe(400);
    expect(problems(short)).toEqual(['body.reason: a reason needs at least 3 characters']);
    // Blank is no reason.
    const blank = await moveOrder(server, w.manager, o, 'COMPLETED', '   ');
    expect(blank.json().details).toMatchObject({ reason: 'goodsLeftToShip' });
    expect(await read(o)).toMatchObject({ status: 'IN_PROGRESS', version: before.version });

    const reason = 'The customer takes the rest from stock.';
    const completed = await moveOrder(server, w.manager, o, 'COMPLETED', reason);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ status: 'COMPLETED', leftToShip: left });
    expect((await statusEvents(o)).at(-1)).toEqual(['IN_PROGRESS', 'COMPLETED', reason]);
  });

  it('names every line when an order started by hand is completed with nothing shipped', async () => {
    const o = await confirmedOrder(server, w.manager, w.company.partner);
    expect((await moveOrder(server, w.manager, o, 'IN_PROGRESS')).statusCode).toBe(200);
    const bare = await moveOrder(server, w.manager, o, 'COMPLETED');
    expect(bare.statusCode).toBe(409);
    expect(
      bare
        .json()
        .details.lines.map((l: { description: string; remaining: string }) => [
          l.description,
          l.remaining,
        ]),
    ).toEqual([
      ['Widgets', '10.000'],
      ['Steel coil', '2.500'],
      ['Pallet', '1.000'],
    ]);
  });

  it('completes without a reason once nothing is left to ship', async () => {
    // Delivered while the file was reopened: the order waits for staff to complete it.
    const company = await kycCompany(server);
    const kyc = await approvedKyc(server, company);
    const o = await confirmedOrder(server, w.manager, company.partner);
    const shipment = await deliver(
      o,
      [
        [0, '10'],
        [1, '2.5'],
        [2, '1'],
      ],
      false,
    );
    // All on its way: nothing left to ship, not yet delivered.
    expect(await read(o)).toMatchObject({ leftToShip: [], allDelivered: false });
    await moveKyc(server, w.manager, kyc, 'IN_REVIEW', 'Periodic review.');
    await move(server, w.manager, 'shipments', shipment, 'DELIVERED');
    await moveKyc(server, w.manager, kyc, 'APPROVED');
    expect(await read(o)).toMatchObject({
      status: 'IN_PROGRESS',
      leftToShip: [],
      allDelivered: true,
    });

    const completed = await moveOrder(server, w.manager, o, 'COMPLETED');
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ status: 'COMPLETED', leftToShip: [] });
    expect((await statusEvents(o)).at(-1)).toEqual(['IN_PROGRESS', 'COMPLETED', null]);
  });

  it('leaves who may complete as it was: staff, not the partner', async () => {
    const o = await confirmedOrder(server, w.manager, w.company.partner);
    await moveOrder(server, w.manager, o, 'IN_PROGRESS');
    const reason = 'Short-shipped on purpose.';
    // The partner's people read the order and may not move it; a stranger does not see it.
    const refusals = [];
    for (const who of [w.company.owner, w.company.viewer, w.stranger]) {
      refusals.push((await moveOrder(server, who, o, 'COMPLETED', reason)).statusCode);
    }
    expect(refusals).toEqual([403, 403, 404]);
    const byEmployee = await moveOrder(server, w.employee, o, 'COMPLETED', reason);
    expect(byEmployee.json()).toMatchObject({ status: 'COMPLETED' });
  });
});
