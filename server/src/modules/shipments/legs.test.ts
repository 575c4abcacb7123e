import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFile } from '#server/testing/access-world.js';
import { upload } from '#server/testing/documents-fixtures.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  kycCompany,
  kycWorld,
  moveKyc,
  type KycCompany,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { moveOrder, today } from '#server/testing/orders-fixtures.js';
import { caller, problems, type Actor, type Caller } from '#server/testing/partners-fixtures.js';
import {
  addLeg,
  approvedKyc,
  confirmedOrder,
  createShipment,
  inDays,
  legBody,
  move,
  shipmentBody,
  type ShipmentJson,
  type ShippableOrder,
  type TransportJson,
} from '#server/testing/shipments-fixtures.js';

/**
 * How shipments travel (issue 21): legs in sequence, the compliance gate on leaving, the order
 * completed once everything is delivered, lateness, and the papers of shipments and legs.
 */
describe.each(databaseTargets())('legs and papers of shipments (%s)', (target) => {
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

  const plan = (o: ShippableOrder, lines: [number, string][]) =>
    createShipment(
      server,
      w.manager,
      shipmentBody(
        o,
        lines.map(([index, quantity]) => [o.lines[index]!, quantity]),
      ),
    );
  const shipment = async (s: { id: number }): Promise<ShipmentJson> =>
    (await call(w.manager, 'GET', `/api/shipments/${s.id}`)).json();
  const orderOf = async (o: { id: number }) =>
    (await call(w.manager, 'GET', `/api/orders/${o.id}`)).json();
  const moveLeg = (leg: { id: number }, status: string, extra: Record<string, unknown> = {}) =>
    move(server, w.manager, 'transports', leg, status, extra);
  const moveShipment = (s: { id: number }, status: string, extra: Record<string, unknown> = {}) =>
    move(server, w.manager, 'shipments', s, status, extra);

  it('moves legs in sequence, delivers a shipment with its last, and completes the order once all is delivered', async () => {
    const o = await confirmedOrder(server, w.manager, w.company.partner);
    const byLegs = await plan(o, [
      [0, '10'],
      [1, '2.5'],
    ]);
    const byHand = await plan(o, [[2, '1']]);
    const road = await addLeg(server, w.manager, byLegs);
    const sea = await addLeg(server, w.manager, byLegs, {
      mode: 'SEA',
      carrier: 'MSC',
      from: { place: 'Rotterdam', country: 'NL' },
      to: { place: 'Genova', country: 'IT' },
    });
    expect([road.sequence, sea.sequence]).toEqual([1, 2]);

    const byHandToo = await moveShipment(byLegs, 'IN_TRANSIT');
    expect(byHandToo.json()).toMatchObject({
      message: `Shipment ${byLegs.number} travels in legs: it moves to IN_TRANSIT as they depart and arrive.`,
      details: { reason: 'shipmentFollowsLegs' },
    });
    const early = await moveLeg(sea, 'DEPARTED');
    expect(early.json()).toMatchObject({
      statusCode: 409,
      message: `Leg 1 of shipment ${byLegs.number} has not arrived yet: leg 2 departs after it.`,
      details: { reason: 'previousLegOpen' },
    });

    const yesterday = inDays(-1);
    const departed = await moveLeg(road, 'DEPARTED', { date: yesterday });
    expect(departed.json()).toMatchObject({
      status: 'DEPARTED',
      actualDeparture: yesterday,
      version: 2,
    });
    expect(await shipment(byLegs)).toMatchObject({
      status: 'IN_TRANSIT',
      actualPickupDate: yesterday,
    });
    expect((await orderOf(o)).status).toBe('IN_PROGRESS');
    expect(problems(await moveLeg(road, 'ARRIVED', { date: inDays(-2) }))).toEqual([
      `body.date: must not be before the departure (${yesterday})`,
    ]);
    expect(problems(await moveLeg(road, 'ARRIVED', { date: inDays(1) }))).toEqual([
      'body.date: must not be in the future',
    ]);
    await moveLeg(road, 'ARRIVED');
    expect((await shipment(byLegs)).status).toBe('IN_TRANSIT');
    await moveLeg(sea, 'DEPARTED');
    await moveLeg(sea, 'ARRIVED');
    expect(await shipment(byLegs)).toMatchObject({
      status: 'DELIVERED',
      actualDeliveryDate: today(),
      legCount: 2,
      permissions: { edit: false, changeStatus: false },
    });
    expect((await orderOf(o)).status).toBe('IN_PROGRESS');
    const closed = await call(
      w.manager,
      'POST',
      `/api/shipments/${byLegs.id}/transports`,
      legBody(),
    );
    expect(closed.json().message).toBe(
      `Shipment ${byLegs.number} is DELIVERED: it takes no more legs.`,
    );

    // Without legs, a shipment moves by hand.
    expect((await moveShipment(byHand, 'DELIVERED')).json().message).toBe(
      `Shipment ${byHand.number} cannot move from PLANNED to DELIVERED.`,
    );
    await moveShipment(byHand, 'IN_TRANSIT', { date: yesterday });
    expect(problems(await moveShipment(byHand, 'DELIVERED', { date: inDays(-2) }))).toEqual([
      `body.date: must not be before the pickup (${yesterday})`,
    ]);
    const delivered = await moveShipment(byHand, 'DELIVERED');
    expect(delivered.json()).toMatchObject({ status: 'DELIVERED', order: { status: 'COMPLETED' } });
    const left = (await call(w.manager, 'GET', `/api/orders/${o.uuid}/shipments`)).json();
    expect(
      left.lines.map((line: { delivered: string; remaining: string }) => line.remaining),
    ).toEqual(['0.000', '0.000', '0.000']);
    const trail = (await call(w.manager, 'GET', `/api/orders/${o.id}/history`)).json();
    const moves = trail.events.filter((e: { action: string }) => e.action === 'status');
    expect(
      moves.map((e: { toValue: string; shipmentId: number | null }) => [e.toValue, e.shipmentId]),
    ).toEqual([
      ['CONFIRMED', null],
      ['IN_PROGRESS', byLegs.id],
      ['COMPLETED', byHand.id],
    ]);
  });

  it('lets no shipment of a held order leave until the file is approved; the order completes only when it is', async () => {
    const company: KycCompany = await kycCompany(server);
    const kyc = await approvedKyc(server, company);
    const o = await confirmedOrder(server, w.manager, company.partner);
    const s = await plan(o, [
      [0, '10'],
      [1, '2.5'],
    ]);
    const leg = await addLeg(server, w.manager, s);
    await moveKyc(server, w.manager, kyc, 'IN_REVIEW', 'Periodic review.');
    expect((await orderOf(o)).held).toBe(true);
    // Planning goes on while held; only leaving is gated.
    const other = await plan(o, [[2, '1']]);
    const refusal = {
      reason: 'kycNotApproved',
      kyc: { id: kyc.id, uuid: kyc.uuid, status: 'IN_REVIEW' },
      tradePartnerUuid: company.partner.uuid,
    };
    const departing = await moveLeg(leg, 'DEPARTED');
    expect(departing.json()).toMatchObject({
      statusCode: 409,
      message: `The KYC file of ${company.partner.name} is not approved (IN_REVIEW): shipment ${s.number} cannot leave until it is.`,
      details: refusal,
    });
    expect((await moveShipment(other, 'IN_TRANSIT')).json().details).toEqual(refusal);
    expect(await shipment(s)).toMatchObject({
      status: 'PLANNED',
      version: 1,
      order: { held: true, kyc: { status: 'IN_REVIEW' } },
      transports: [{ status: 'PLANNED', version: 1 }],
    });
    expect(await orderOf(o)).toMatchObject({ status: 'CONFIRMED', version: 2 });

    await moveKyc(server, w.manager, kyc, 'APPROVED');
    expect((await moveLeg(leg, 'DEPARTED')).statusCode).toBe(200);
    expect((await moveShipment(other, 'IN_TRANSIT')).statusCode).toBe(200);
    expect(await orderOf(o)).toMatchObject({ status: 'IN_PROGRESS', held: false });

    // Goods that arrive are delivered; the order waits for an approved file to complete.
    await moveKyc(server, w.manager, kyc, 'IN_REVIEW', 'A new register extract.');
    await moveLeg(leg, 'ARRIVED');
    await moveShipment(other, 'DELIVERED');
    expect(await orderOf(o)).toMatchObject({ status: 'IN_PROGRESS', held: true });
    await moveKyc(server, w.manager, kyc, 'APPROVED');
    expect((await moveOrder(server, w.manager, o, 'COMPLETED')).json().status).toBe('COMPLETED');
  });

  it('changes a leg until it departs, cancels one with a reason, and marks what is late', async () => {
    const o = await confirmedOrder(server, w.manager, w.company.partner);
    const s = await plan(o, [[0, '1']]);
    const overdue = { plannedDeparture: inDays(-3), plannedArrival: inDays(-1) };
    const first = await addLeg(server, w.manager, s, overdue);
    expect(first.late).toEqual({ departure: true, arrival: true });
    expect(
      (await call(w.manager, 'GET', `/api/orders/${o.id}/shipments`)).json().shipments,
    ).toEqual([expect.objectContaining({ id: s.id, late: true, legCount: 1 })]);
    const put = (leg: TransportJson, body: unknown) =>
      call(w.manager, 'PUT', `/api/transports/${leg.uuid}`, body);
    expect((await put(first, legBody(overdue))).json()).toMatchObject({ version: 1 });
    const refused = await put(
      first,
      legBody({ plannedArrival: inDays(-4), to: { place: 'X', country: 'xx' } }),
    );
    expect(problems(refused).sort()).toEqual([
      'body.plannedArrival: must not be before the planned departure',
      'body.to.country: must be an ISO 3166-1 alpha-2 country code',
    ]);
    expect(
      problems(
        await put(first, legBody({ plannedArrival: inDays(-1), plannedDeparture: today() })),
      ),
    ).toEqual(['body.plannedArrival: must not be before the planned departure']);
    const changed = await put(
      first,
      legBody({ ...overdue, carrier: 'Kühne + Nagel', vehicle: null }),
    );
    expect(changed.json()).toMatchObject({ carrier: 'Kühne + Nagel', vehicle: null, version: 2 });
    const second = await addLeg(server, w.manager, s);

    await moveLeg(first, 'DEPARTED', { date: inDays(-2) });
    expect((await put(first, legBody(overdue))).json().message).toBe(
      `Leg 1 of shipment ${s.number} is DEPARTED: its carrier, places and dates can no longer change.`,
    );
    const read = await call(w.company.viewer, 'GET', `/api/transports/${first.id}`);
    expect(read.json()).toMatchObject({
      status: 'DEPARTED',
      actualDeparture: inDays(-2),
      late: { departure: true, arrival: true },
    });
    expect((await moveLeg(first, 'CANCELLED', { reason: 'Lost.' })).json().message).toBe(
      `Leg 1 of shipment ${s.number} cannot move from DEPARTED to CANCELLED.`,
    );
    await moveLeg(first, 'ARRIVED', { date: inDays(-1) });
    expect((await shipment(s)).status).toBe('IN_TRANSIT');
    // The last leg not cancelled has arrived: the shipment is delivered on its arrival.
    expect(problems(await moveLeg(second, 'CANCELLED'))).toEqual([
      'body.reason: a reason of at least 3 characters is needed to cancel',
    ]);
    await moveLeg(second, 'CANCELLED', { reason: 'Collected at the port.' });
    expect(await shipment(s)).toMatchObject({
      status: 'DELIVERED',
      actualDeliveryDate: inDays(-1),
      legCount: 1,
      transports: [
        expect.objectContaining({ status: 'ARRIVED', late: { departure: true, arrival: false } }),
        expect.objectContaining({
          status: 'CANCELLED',
          cancelReason: 'Collected at the port.',
          late: { departure: false, arrival: false },
        }),
      ],
    });
    const history = (await call(w.manager, 'GET', `/api/shipments/${s.id}/history`)).json();
    expect(
      history.events.map(
        (e: { action: string; toValue: string | null; transportId: number | null }) => [
          e.action,
          e.toValue,
          e.transportId,
        ],
      ),
    ).toEqual([
      ['shipmentCreated', 'PLANNED', null],
      ['transportAdded', 'PLANNED', first.id],
      ['transportUpdated', null, first.id],
      ['transportAdded', 'PLANNED', second.id],
      ['transportStatus', 'DEPARTED', first.id],
      ['shipmentStatus', 'IN_TRANSIT', null],
      ['status', 'IN_PROGRESS', null],
      ['transportStatus', 'ARRIVED', first.id],
      ['transportStatus', 'CANCELLED', second.id],
      ['shipmentStatus', 'DELIVERED', null],
    ]);
  });

  it("stores the papers of a shipment and of its legs, lists them by either, and writes them to the order's trail", async () => {
    const o = await confirmedOrder(server, w.manager, w.company.partner);
    const s = await plan(o, [[0, '1']]);
    const leg = await addLeg(server, w.manager, s);
    const { owner, editor, viewer } = w.company;
    const send = (
      who: Actor,
      path: string,
      documentType: string,
      link: Record<string, string> = {},
    ) => upload(server, who, { userId: who.userId, documentType, ...link }, pdfFile(), { path });

    const cmr = await send(w.manager, `/api/documents/transport/${leg.id}`, 'CMR');
    expect(cmr.statusCode, cmr.body).toBe(201);
    expect(cmr.json()).toMatchObject({
      type: 'CMR',
      shipmentId: s.id,
      transportId: leg.id,
      orderId: null,
      tradePartnerId: w.company.partner.id,
    });
    const packing = await send(editor, `/api/documents/shipment/${s.id}`, 'PACKING_LIST');
    expect(packing.json()).toMatchObject({ shipmentId: s.id, transportId: null });
    const proof = await send(owner, '/api/documents', 'PROOF_OF_DELIVERY', {
      shipmentUuid: s.uuid,
    });
    expect(proof.json()).toMatchObject({ shipmentId: s.id, transportId: null });
    const waybill = await send(owner, '/api/documents', 'OTHER', { transportUuid: leg.uuid });
    expect(waybill.json()).toMatchObject({ shipmentId: s.id, transportId: leg.id });
    expect((await send(viewer, `/api/documents/shipment/${s.id}`, 'CMR')).statusCode).toBe(403);
    expect((await send(w.stranger, `/api/documents/transport/${leg.id}`, 'CMR')).statusCode).toBe(
      404,
    );
    expect((await send(w.manager, '/api/documents/shipment/999999999', 'CMR')).statusCode).toBe(
      404,
    );

    const archived = await call(
      editor,
      'PATCH',
      `/api/documents/${packing.json().id}/status?status=ARCHIVED`,
    );
    expect(archived.statusCode).toBe(200);
    const ids = async (who: Actor, url: string) => {
      const body = (await call(who, 'GET', url)).json();
      return (Array.isArray(body) ? body : (body.content ?? body.documents))
        .map((d: { id: number }) => d.id)
        .sort();
    };
    const all = [cmr, packing, proof, waybill].map((r) => r.json().id as number).sort();
    const active = all.filter((id) => id !== packing.json().id);
    const ofLeg = [cmr, waybill].map((r) => r.json().id as number).sort();
    expect(await ids(viewer, `/api/documents/shipment/${s.id}`)).toEqual(active);
    expect(await ids(viewer, `/api/documents/shipment/${s.id}?includeArchived=true`)).toEqual(all);
    expect(await ids(owner, `/api/documents/by-entity-uuid/shipment/${s.uuid}`)).toEqual(active);
    expect(await ids(owner, `/api/documents/by-entity/transport/${leg.id}`)).toEqual(ofLeg);
    expect(await ids(owner, `/api/documents/entity-uuid/transport/${leg.uuid}`)).toEqual(ofLeg);
    expect(
      await ids(owner, `/api/documents/filter?shipmentUuid=${s.uuid}&includeArchived=true`),
    ).toEqual(all);
    expect(await ids(owner, `/api/documents/filter?transportId=${leg.id}`)).toEqual(ofLeg);
    expect(await ids(owner, `/api/documents/entity/order/${o.id}`)).toEqual([]);
    expect((await call(w.stranger, 'GET', `/api/documents/shipment/${s.id}`)).statusCode).toBe(404);
    expect(
      (await call(w.stranger, 'GET', `/api/documents/by-entity-uuid/transport/${leg.uuid}`))
        .statusCode,
    ).toBe(404);

    const history = (await call(owner, 'GET', `/api/shipments/${s.uuid}/history`)).json();
    const papers = history.events.filter((e: { action: string }) =>
      e.action.startsWith('document'),
    );
    expect(
      papers.map((e: { action: string; transportId: number | null; details: { type: string } }) => [
        e.action,
        e.transportId,
        e.details.type,
      ]),
    ).toEqual([
      ['documentUploaded', leg.id, 'CMR'],
      ['documentUploaded', null, 'PACKING_LIST'],
      ['documentUploaded', null, 'PROOF_OF_DELIVERY'],
      ['documentUploaded', leg.id, 'OTHER'],
      ['documentArchived', null, 'PACKING_LIST'],
    ]);
  });
});
