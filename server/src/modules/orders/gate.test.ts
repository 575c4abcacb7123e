import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayMoveOrder, ORDER_STATUSES } from '#common/orders.js';
import { orders } from '#server/db/schema/orders.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  forceKycState,
  kycCompany,
  kycWorld,
  moveKyc as moveKycAs,
  type Kyc,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { createOrder, moveOrder, type OrderJson } from '#server/testing/orders-fixtures.js';
import {
  caller,
  createPartner,
  problems,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';

/**
 * The transition table and the compliance gate (decision 033): moves over HTTP; the KYC file
 * driven through its own HTTP calls.
 */
describe.each(databaseTargets())('order statuses and the KYC gate (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server?.close());

  /** A partner whose latest file is approved, as a manager approves it over HTTP. */
  async function approvedPartner(): Promise<{ partner: Partner; kyc: Kyc }> {
    const company = await kycCompany(server);
    const kyc = await createKyc(server, company.owner, company.partner);
    await forceKycState(server, kyc.id, { status: 'IN_REVIEW', steps: 'APPROVED' });
    await moveKyc(kyc, 'APPROVED');
    return { partner: company.partner, kyc };
  }

  const moveKyc = (kyc: { id: number }, status: string, comment?: string) =>
    moveKycAs(server, w.manager, kyc, status, comment);

  const read = async (order: { id: number }): Promise<OrderJson> =>
    (await call(w.manager, 'GET', `/api/orders/${order.id}`)).json();

  it('allows exactly the moves of ORDER_TRANSITIONS', async () => {
    const { partner } = await approvedPartner();
    const order = await createOrder(server, w.manager, partner);
    const db = server.database.db;
    const refused: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        await db.update(orders).set({ status: from }).where(eq(orders.id, order.id));
        const moved = await moveOrder(server, w.manager, order, to, 'Changed plans.');
        expect(moved.statusCode, `${from} → ${to}: ${moved.body}`).toBe(
          mayMoveOrder(from, to) ? 200 : 409,
        );
        if (moved.statusCode === 409) refused.push(moved.json().message);
        else expect(moved.json().status).toBe(to);
      }
    }
    expect(refused).toContain(`Order ${order.number} cannot move from COMPLETED to DRAFT.`);
    expect(refused).toContain(`Order ${order.number} cannot move from DRAFT to IN_PROGRESS.`);
  });

  it('records each move with its reason; cancelling needs one, confirming sets confirmedAt', async () => {
    const { partner } = await approvedPartner();
    const order = await createOrder(server, w.manager, partner);
    const bare = await moveOrder(server, w.manager, order, 'CANCELLED');
    expect(problems(bare)).toEqual([
      'body.reason: a reason of at least 3 characters is needed to cancel',
    ]);
    const confirmed = await moveOrder(server, w.employee, order, 'CONFIRMED');
    expect(confirmed.json()).toMatchObject({
      status: 'CONFIRMED',
      confirmedAt: expect.any(String),
      held: false,
      version: 2,
      permissions: { edit: true, changeStatus: true },
    });
    const reworked = await moveOrder(server, w.manager, order, 'DRAFT', 'Prices changed.');
    expect(reworked.json()).toMatchObject({ status: 'DRAFT', confirmedAt: null });
    const cancelled = await moveOrder(server, w.manager, order, 'CANCELLED', 'Customer withdrew.');
    expect(cancelled.json()).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'Customer withdrew.',
      permissions: { edit: false, changeStatus: false },
    });
    const history = (await call(w.manager, 'GET', `/api/orders/${order.uuid}/history`)).json();
    expect(
      history.events.map(
        (e: { action: string; fromValue: string; toValue: string; reason: string }) => [
          e.action,
          e.fromValue,
          e.toValue,
          e.reason,
        ],
      ),
    ).toEqual([
      ['created', null, 'DRAFT', null],
      ['status', 'DRAFT', 'CONFIRMED', null],
      ['status', 'CONFIRMED', 'DRAFT', 'Prices changed.'],
      ['status', 'DRAFT', 'CANCELLED', 'Customer withdrew.'],
    ]);
    expect(history.events[3].details).toEqual({ version: 4, previousVersion: 3 });
    // Only staff move orders.
    expect((await moveOrder(server, w.company.owner, order, 'DRAFT')).statusCode).toBe(404);
  });

  it('confirms only a complete order: lines, a delivery address, a date and an Incoterm', async () => {
    const { partner } = await approvedPartner();
    const order = await createOrder(server, w.manager, partner, {
      lines: [],
      deliveryAddressId: null,
      requestedDeliveryDate: null,
      incoterm: null,
    });
    const refused = await moveOrder(server, w.manager, order, 'CONFIRMED');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: `Order ${order.number} cannot be confirmed yet: it needs at least one line, a delivery address, a requested delivery date, an Incoterm.`,
      details: {
        reason: 'orderIncomplete',
        missing: ['lines', 'deliveryAddressId', 'requestedDeliveryDate', 'incoterm'],
      },
    });
  });

  it('refuses to confirm while the partner has no approved file, with the file to look at', async () => {
    const partner = await createPartner(server, w.company.owner);
    const order = await createOrder(server, w.manager, partner);
    const none = await moveOrder(server, w.manager, order, 'CONFIRMED');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      message: expect.stringContaining(`The KYC file of ${partner.name} is not approved`),
      details: { reason: 'kycNotApproved', kyc: null, tradePartnerUuid: partner.uuid },
    });
    const kyc = await createKyc(server, w.company.owner, partner);
    const draft = await moveOrder(server, w.manager, order, 'CONFIRMED');
    expect(draft.json().details).toEqual({
      reason: 'kycNotApproved',
      kyc: { id: kyc.id, uuid: kyc.uuid, status: 'DRAFT' },
      tradePartnerUuid: partner.uuid,
    });
    // Nothing moved, and drafting and cancelling are never gated.
    expect(await read(order)).toMatchObject({ status: 'DRAFT', version: 1 });
    const cancelled = await moveOrder(server, w.manager, order, 'CANCELLED', 'Not now.');
    expect(cancelled.statusCode).toBe(200);
  });

  it('holds a confirmed order while its partner’s latest file is not approved, and frees it once one is', async () => {
    const { partner, kyc } = await approvedPartner();
    const order = await createOrder(server, w.manager, partner);
    const waiting = await createOrder(server, w.manager, partner);
    expect((await moveOrder(server, w.manager, order, 'CONFIRMED')).json()).toMatchObject({
      held: false,
      kyc: { id: kyc.id, status: 'APPROVED' },
    });
    const held = async () => (await read(order)).held;
    const heldList = async () =>
      (await call(w.manager, 'GET', `/api/orders?held=true&tradePartnerUuid=${partner.uuid}`))
        .json()
        .content.map((row: OrderJson) => row.id);

    await moveKyc(kyc, 'IN_REVIEW', 'Periodic review.');
    expect(await held()).toBe(true);
    expect(await heldList()).toEqual([order.id]);
    // A held order goes no further, but may go back or be cancelled.
    const ahead = await moveOrder(server, w.manager, order, 'IN_PROGRESS');
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json().details).toMatchObject({ kyc: { status: 'IN_REVIEW' } });
    expect((await read(waiting)).held).toBe(false);

    await moveKyc(kyc, 'APPROVED');
    expect(await held()).toBe(false);
    await moveKyc(kyc, 'IN_REVIEW', 'A new register extract.');
    await moveKyc(kyc, 'REJECTED', 'The UBO is not known.');
    expect(await held()).toBe(true);
    await moveKyc(kyc, 'IN_REVIEW', 'The UBO is known now.');
    await moveKyc(kyc, 'APPROVED');
    expect(await held()).toBe(false);
    expect((await moveOrder(server, w.manager, order, 'IN_PROGRESS')).json().held).toBe(false);

    // A new file started after the approval is the standing that counts; cancelling it too.
    const next = await call(w.manager, 'POST', '/api/kyc', { tradePartnerId: partner.id });
    expect(next.statusCode, next.body).toBe(201);
    expect(await held()).toBe(true);
    expect(await heldList()).toEqual([order.id]);
    await moveKyc(next.json(), 'CANCELLED', 'Started by mistake.');
    expect(await held()).toBe(true);
    expect((await moveOrder(server, w.manager, order, 'COMPLETED')).statusCode).toBe(409);
    const cancelled = await moveOrder(server, w.manager, order, 'CANCELLED', 'KYC lapsed.');
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', held: false });
  });
});
