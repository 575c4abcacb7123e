import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { kycWorld, type KycWorld } from '#server/testing/kyc-fixtures.js';
import { createOrder, moveOrder, orderBody } from '#server/testing/orders-fixtures.js';
import { caller, problems, type Caller } from '#server/testing/partners-fixtures.js';
import {
  addLeg,
  approvedKyc,
  confirmedOrder,
  createShipment,
  inDays,
  legBody,
  move,
  place,
  shipmentBody,
  type ShipmentJson,
  type ShippableOrder,
} from '#server/testing/shipments-fixtures.js';

/**
 * Planning shipments (issue 21): what is left to ship of each line, under concurrency too, the
 * changes of a planned shipment, who may do what, and what an order's change must respect of
 * its shipments.
 */
describe.each(databaseTargets())('shipments (%s)', (target) => {
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

  const order = () => confirmedOrder(server, w.manager, w.company.partner);
  const plan = (o: ShippableOrder, lines: [number, string][], fields = {}) =>
    createShipment(
      server,
      w.manager,
      shipmentBody(
        o,
        lines.map(([index, quantity]) => [o.lines[index]!, quantity]),
        fields,
      ),
    );
  const shipmentsOf = async (o: { uuid: string }) =>
    (await call(w.manager, 'GET', `/api/orders/${o.uuid}/shipments`)).json();

  it('plans a shipment of a confirmed order and counts what is left of each line', async () => {
    const o = await order();
    const shipment = await plan(o, [
      [0, '4'],
      [1, '2.125'],
    ]);
    expect(shipment).toMatchObject({
      number: expect.stringMatching(new RegExp(`^SHP-${new Date().getFullYear()}-\\d{6}$`)),
      status: 'PLANNED',
      version: 1,
      lineCount: 2,
      legCount: 0,
      late: false,
      origin: place(),
      destination: place('München', 'DE'),
      actualPickupDate: null,
      order: {
        id: o.id,
        number: o.number,
        status: 'CONFIRMED',
        held: false,
        tradePartner: { uuid: w.company.partner.uuid },
        kyc: { status: 'APPROVED' },
      },
      transports: [],
      createdBy: { id: w.manager.userId },
      permissions: { edit: true, changeStatus: true, uploadDocuments: true },
    });
    expect(shipment.lines).toEqual([
      expect.objectContaining({
        position: 1,
        description: 'Widgets',
        unit: 'PCE',
        quantity: '4.000',
      }),
      expect.objectContaining({ position: 2, unit: 'TNE', quantity: '2.125' }),
    ]);
    const byUuid = await call(w.manager, 'GET', `/api/shipments/${shipment.uuid.toUpperCase()}`);
    expect(byUuid.json()).toEqual(shipment);

    const listed = await shipmentsOf(o);
    expect(listed.mayCreate).toBe(true);
    expect(
      listed.lines.map((l: Record<string, string>) => [l.shipped, l.delivered, l.remaining]),
    ).toEqual([
      ['4.000', '0.000', '6.000'],
      ['2.125', '0.000', '0.375'],
      ['0.000', '0.000', '1.000'],
    ]);
    const second = await plan(o, [[2, '1']]);
    expect((await shipmentsOf(o)).shipments.map((s: ShipmentJson) => s.id)).toEqual([
      second.id,
      shipment.id,
    ]);
    // Planning is in the order's trail, and in the shipment's history.
    const history = (await call(w.manager, 'GET', `/api/shipments/${shipment.id}/history`)).json();
    expect(history.events).toEqual([
      expect.objectContaining({
        action: 'shipmentCreated',
        toValue: 'PLANNED',
        shipmentId: shipment.id,
        transportId: null,
        details: expect.objectContaining({ number: shipment.number }),
      }),
    ]);
    const trail = (await call(w.manager, 'GET', `/api/orders/${o.id}/history`)).json();
    expect(trail.events.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'status',
      'shipmentCreated',
      'shipmentCreated',
    ]);
  });

  it('refuses more than is left of a line, every line that asks too much, and gives back what a cancelled one took', async () => {
    const o = await order();
    const first = await plan(o, [[0, '7']]);
    const refused = await call(
      w.manager,
      'POST',
      '/api/shipments',
      shipmentBody(o, [
        [o.lines[0]!, '3.001'],
        [o.lines[1]!, '2.5'],
        [o.lines[2]!, '2'],
      ]),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: `More than is left to ship of order ${o.number} (line 1: 3.000 left, line 3: 1.000 left).`,
      details: {
        reason: 'quantityExceedsRemaining',
        lines: [
          { orderLineId: o.lines[0]!.id, remaining: '3.000' },
          { orderLineId: o.lines[2]!.id, remaining: '1.000' },
        ],
      },
    });
    await plan(o, [
      [0, '3'],
      [1, '2.5'],
      [2, '1'],
    ]);
    expect((await shipmentsOf(o)).mayCreate).toBe(false);
    const cancelled = await move(server, w.manager, 'shipments', first, 'CANCELLED', {
      reason: 'Customer picks it up.',
    });
    expect(cancelled.json()).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'Customer picks it up.',
    });
    const left = await shipmentsOf(o);
    expect(left.lines[0]).toMatchObject({ shipped: '3.000', remaining: '7.000' });
    expect(left.mayCreate).toBe(true);
  });

  it('lets exactly one of two shipments that each take the rest of a line be planned', async () => {
    const o = await order();
    const body = shipmentBody(o, [[o.lines[1]!, '2.5']]);
    const both = await Promise.all([
      call(w.manager, 'POST', '/api/shipments', body),
      call(w.employee, 'POST', '/api/shipments', body),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const loser = both.find((response) => response.statusCode === 409)!;
    expect(loser.json().details).toEqual({
      reason: 'quantityExceedsRemaining',
      lines: [{ orderLineId: o.lines[1]!.id, remaining: '0.000' }],
    });
    expect((await shipmentsOf(o)).shipments).toHaveLength(1);
  });

  it('names the field of every refused value (400), and refuses an order that is not shippable (409)', async () => {
    const o = await order();
    const post = (body: unknown) => call(w.manager, 'POST', '/api/shipments', body);
    const refusals: [unknown, string[]][] = [
      [
        shipmentBody(o, [
          [o.lines[0]!, 0],
          [o.lines[1]!, '1.0001'],
        ]),
        [
          'body.lines.0.quantity: must be more than 0',
          'body.lines.1.quantity: has too many decimals',
        ],
      ],
      [
        shipmentBody(o, [
          [o.lines[0]!, 1],
          [o.lines[0]!, 2],
        ]),
        ['body.lines: names an order line twice'],
      ],
      [shipmentBody(o, []), ['body.lines: a shipment needs at least one line']],
      [
        shipmentBody(o, [[o.lines[0]!, 1]], { origin: { ...place(), country: 'XX', street: ' ' } }),
        [
          'body.origin.country: must be an ISO 3166-1 alpha-2 country code',
          'body.origin.street: is required',
        ],
      ],
      [
        shipmentBody(o, [[o.lines[0]!, 1]], { plannedDeliveryDate: inDays(-1) }),
        ['body.plannedDeliveryDate: must not be before the planned pickup'],
      ],
    ];
    for (const [body, expected] of refusals) {
      expect(problems(await post(body)).sort()).toEqual(expected);
    }
    const other = await order();
    const foreign = await post(shipmentBody(o, [[other.lines[0]!, '1']]));
    expect(problems(foreign)).toEqual([
      `body.lines.0.orderLineId: is not a line of order ${o.number}`,
    ]);
    const unknown = await post({
      ...shipmentBody(o, [[o.lines[0]!, '1']]),
      orderUuid: w.company.partner.uuid,
    });
    expect(unknown.statusCode).toBe(404);
    const draft = await createOrder(server, w.manager, w.company.partner);
    const notShippable = await post(shipmentBody(draft, [[{ id: 1 }, '1']]));
    expect(notShippable.statusCode).toBe(409);
    expect(notShippable.json().details).toEqual({ reason: 'orderNotShippable', status: 'DRAFT' });
    for (const path of ['0', 'abc', '12-34']) {
      expect((await call(w.manager, 'GET', `/api/shipments/${path}`)).statusCode, path).toBe(400);
    }
    const missing = await call(w.manager, 'GET', '/api/shipments/999999999');
    expect(missing.json()).toMatchObject({
      statusCode: 404,
      message: 'Shipment with ID/UUID 999999999 not found.',
    });
  });

  it('changes a planned shipment: its own lines count as free, a change of nothing keeps the version', async () => {
    const o = await order();
    const shipment = await plan(o, [[0, '6']]);
    await plan(o, [[0, '4']]);
    const body = (lines: [number, string][], fields = {}) => ({
      ...shipmentBody(
        o,
        lines.map(([index, quantity]) => [o.lines[index]!, quantity]),
        fields,
      ),
      orderUuid: undefined,
    });
    const put = (payload: unknown) =>
      call(w.manager, 'PUT', `/api/shipments/${shipment.id}`, payload);
    const same = await put(body([[0, '6.000']]));
    expect(same.json()).toMatchObject({ version: 1 });
    const more = await put(body([[0, '6.001']]));
    expect(more.json().details).toEqual({
      reason: 'quantityExceedsRemaining',
      lines: [{ orderLineId: o.lines[0]!.id, remaining: '6.000' }],
    });
    const changed = await put(
      body(
        [
          [0, '5'],
          [2, '1'],
        ],
        { notes: 'Two pallets high.', destination: place('Genova', 'IT') },
      ),
    );
    expect(changed.json()).toMatchObject({
      version: 2,
      notes: 'Two pallets high.',
      destination: { city: 'Genova', country: 'IT' },
      lines: [
        expect.objectContaining({ position: 1, quantity: '5.000' }),
        expect.objectContaining({ position: 3, quantity: '1.000' }),
      ],
    });
    const history = (
      await call(w.manager, 'GET', `/api/shipments/${shipment.uuid}/history`)
    ).json();
    expect(history.events[1]).toMatchObject({
      action: 'shipmentUpdated',
      details: { fields: ['destination', 'notes', 'lines'], version: 2, previousVersion: 1 },
    });
    // On its way, it no longer changes.
    await move(server, w.manager, 'shipments', shipment, 'IN_TRANSIT');
    const late = await put(body([[0, '5']]));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      `Shipment ${shipment.number} is IN_TRANSIT: its lines, places and dates can no longer change.`,
    );
  });

  it("shows a company's shipments to its members and lets staff alone change them", async () => {
    const o = await order();
    const shipment = await plan(o, [[0, '1']]);
    const { owner, viewer, editor } = w.company;
    const asOwner = (await call(owner, 'GET', `/api/shipments/${shipment.id}`)).json();
    expect(asOwner.permissions).toEqual({
      edit: false,
      changeStatus: false,
      uploadDocuments: true,
    });
    const asViewer = (await call(viewer, 'GET', `/api/shipments/${shipment.uuid}`)).json();
    expect(asViewer.permissions).toEqual({
      edit: false,
      changeStatus: false,
      uploadDocuments: false,
    });
    const listed = (await call(editor, 'GET', `/api/orders/${o.id}/shipments`)).json();
    expect(listed).toMatchObject({ mayCreate: false, shipments: [{ id: shipment.id }] });
    const body = shipmentBody(o, [[o.lines[0]!, '1']]);
    expect((await call(owner, 'POST', '/api/shipments', body)).statusCode).toBe(403);
    expect((await move(server, editor, 'shipments', shipment, 'IN_TRANSIT')).statusCode).toBe(403);
    const leg = await call(owner, 'POST', `/api/shipments/${shipment.id}/transports`, legBody());
    expect(leg.statusCode).toBe(403);
    const stranger = await call(w.stranger, 'GET', `/api/shipments/${shipment.uuid}`);
    expect(stranger.json()).toMatchObject({
      statusCode: 404,
      message: `Shipment with ID/UUID ${shipment.uuid} not found.`,
    });
    expect((await call(w.stranger, 'POST', '/api/shipments', body)).statusCode).toBe(404);
    expect((await call(w.stranger, 'GET', `/api/orders/${o.id}/shipments`)).statusCode).toBe(404);
  });

  it("keeps an order's lines while a shipment carries them, and holds its moves while shipments are open", async () => {
    const o = await order();
    const shipment = await plan(o, [[0, '10']]);
    const change = (fields: Record<string, unknown>) =>
      call(
        w.manager,
        'PUT',
        `/api/orders/${o.id}`,
        orderBody(w.company.partner, { ...o, ...fields, lines: o.lines }),
      );
    const lines = await call(
      w.manager,
      'PUT',
      `/api/orders/${o.id}`,
      orderBody(w.company.partner, {
        lines: [{ description: 'Gadgets', quantity: 1, unit: 'PCE', unitPrice: 1 }],
      }),
    );
    const inTheWay = [{ id: shipment.id, number: shipment.number, status: 'PLANNED' }];
    expect(lines.statusCode).toBe(409);
    expect(lines.json()).toMatchObject({
      message: `Order ${o.number} has shipments (${shipment.number} PLANNED): its lines can no longer change.`,
      details: { reason: 'orderHasShipments', shipments: inTheWay },
    });
    const notes = await change({ notes: 'Ring the bell twice.' });
    expect(notes.json()).toMatchObject({ notes: 'Ring the bell twice.' });
    const back = await moveOrder(server, w.manager, o, 'DRAFT', 'Rework.');
    expect(back.json().details).toEqual({ reason: 'orderHasShipments', shipments: inTheWay });

    const away = await move(server, w.manager, 'shipments', shipment, 'IN_TRANSIT');
    expect(away.json()).toMatchObject({ status: 'IN_TRANSIT', order: { status: 'IN_PROGRESS' } });
    const complete = await moveOrder(server, w.manager, o, 'COMPLETED');
    expect(complete.json().details).toEqual({
      reason: 'shipmentsOpen',
      shipments: [{ ...inTheWay[0], status: 'IN_TRANSIT' }],
    });
    const cancel = await moveOrder(server, w.manager, o, 'CANCELLED', 'No longer needed.');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().details.reason).toBe('orderHasShipments');
    expect((await call(w.manager, 'GET', `/api/orders/${o.id}`)).json().status).toBe('IN_PROGRESS');
  });

  it("cancels an order's planned shipments and their legs with it; its lines change once none is live", async () => {
    const o = await order();
    const shipment = await plan(o, [[1, '1']]);
    const leg = await addLeg(server, w.manager, shipment);
    const cancelled = await moveOrder(server, w.manager, o, 'CANCELLED', 'Customer withdrew.');
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    const after: ShipmentJson = (
      await call(w.manager, 'GET', `/api/shipments/${shipment.id}`)
    ).json();
    expect(after).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'Customer withdrew.',
      version: 2,
    });
    expect(after.transports[0]).toMatchObject({ id: leg.id, status: 'CANCELLED', version: 2 });
    const history = (await call(w.manager, 'GET', `/api/shipments/${shipment.id}/history`)).json();
    expect(
      history.events.map((e: { action: string; toValue: string; reason: string }) => [
        e.action,
        e.toValue,
        e.reason,
      ]),
    ).toEqual([
      ['shipmentCreated', 'PLANNED', null],
      ['transportAdded', 'PLANNED', null],
      ['transportStatus', 'CANCELLED', 'Customer withdrew.'],
      ['shipmentStatus', 'CANCELLED', 'Customer withdrew.'],
    ]);

    // A cancelled shipment holds nothing: the lines change, and its lines go with them.
    const other = await order();
    const gone = await plan(other, [[0, '2']]);
    await move(server, w.manager, 'shipments', gone, 'CANCELLED', { reason: 'Wrong truck.' });
    const replaced = await call(
      w.manager,
      'PUT',
      `/api/orders/${other.id}`,
      orderBody(w.company.partner, {
        lines: [{ description: 'Gadgets', quantity: 1, unit: 'PCE', unitPrice: 1 }],
      }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const emptied = (await call(w.manager, 'GET', `/api/shipments/${gone.id}`)).json();
    expect(emptied).toMatchObject({ status: 'CANCELLED', lines: [], lineCount: 0 });
  });
});
