import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders } from '#server/db/schema/orders.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { kycWorld, type KycWorld } from '#server/testing/kyc-fixtures.js';
import { createOrder, orderBody, today, type OrderJson } from '#server/testing/orders-fixtures.js';
import { addMember, caller, problems, type Caller } from '#server/testing/partners-fixtures.js';

describe.each(databaseTargets())('orders (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server?.close());

  it('makes an order with exact totals, stored as numeric and answered with fixed decimals', async () => {
    const order = await createOrder(server, w.manager, w.company.partner);
    expect(order).toMatchObject({
      number: expect.stringMatching(new RegExp(`^ORD-${new Date().getFullYear()}-\\d{6}$`)),
      status: 'DRAFT',
      version: 1,
      held: false,
      total: '59.98',
      lineCount: 2,
      currency: 'EUR',
      tradePartner: { id: w.company.partner.id, name: w.company.partner.name },
      kyc: null,
      createdBy: { id: w.manager.userId, name: expect.stringMatching(/^Manager/) },
      confirmedAt: null,
      permissions: { edit: true, changeStatus: true, uploadDocuments: true, viewAmounts: true },
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        position: 1,
        quantity: '3.000',
        unitPrice: '19.9900',
        amount: '59.97',
        hsCode: null,
      }),
      expect.objectContaining({
        position: 2,
        quantity: '1.000',
        unitPrice: '0.0100',
        amount: '0.01',
        hsCode: '847989',
      }),
    ]);
    const db = server.database.db;
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ total: '59.98', lineCount: 2, createdBy: w.manager.userId });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((line) => line.amount).sort()).toEqual(['0.01', '59.97']);
    // Per line, half up to cents: 0.125 becomes 0.13, 2.005 × 1 becomes 2.01.
    const rounded = await createOrder(server, w.manager, w.company.partner, {
      lines: [
        { description: 'A', quantity: '0.5', unit: 'KGM', unitPrice: '0.25' },
        { description: 'B', quantity: '1', unit: 'KGM', unitPrice: '2.005' },
      ],
    });
    expect(rounded.total).toBe('2.14');
  });

  it('reads an order by id and by uuid, and refuses any other path (400) or a stranger (404)', async () => {
    const order = await createOrder(server, w.manager, w.company.partner);
    const byId = await call(w.company.owner, 'GET', `/api/orders/${order.id}`);
    const byUuid = await call(w.company.owner, 'GET', `/api/orders/${order.uuid.toUpperCase()}`);
    expect(byId.statusCode).toBe(200);
    expect(byUuid.json()).toEqual(byId.json());
    expect(byId.json().permissions).toEqual({
      edit: false,
      changeStatus: false,
      uploadDocuments: true,
      viewAmounts: true,
    });
    for (const path of ['0', '-1', 'abc', '12-34', '1.5']) {
      const bad = await call(w.manager, 'GET', `/api/orders/${path}`);
      expect(bad.statusCode, path).toBe(400);
      expect(problems(bad)[0], path).toMatch(/^params\.idOrUuid: must be/);
    }
    const missing = await call(w.manager, 'GET', '/api/orders/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Order with ID/UUID 999999999 not found.');
    const stranger = await call(w.stranger, 'GET', `/api/orders/${order.uuid}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(`Order with ID/UUID ${order.uuid} not found.`);
  });

  it('hides prices, amounts and totals from who may not see amounts', async () => {
    const order = await createOrder(server, w.manager, w.company.partner);
    const contact = (await call(w.company.contact, 'GET', `/api/orders/${order.id}`)).json();
    expect(contact).toMatchObject({
      total: null,
      permissions: { viewAmounts: false, uploadDocuments: true, edit: false },
    });
    expect(
      contact.lines.map((l: { unitPrice: unknown; amount: unknown }) => [l.unitPrice, l.amount]),
    ).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(contact.lines[0].quantity).toBe('3.000');
    const viewer = (await call(w.company.viewer, 'GET', `/api/orders/${order.id}`)).json();
    expect(viewer).toMatchObject({
      total: null,
      permissions: { viewAmounts: false, uploadDocuments: false },
    });
    const list = (
      await call(w.company.contact, 'GET', `/api/orders?tradePartnerUuid=${w.company.partner.uuid}`)
    ).json();
    expect(list.content.length).toBeGreaterThan(0);
    expect(list.content.every((row: OrderJson) => row.total === null)).toBe(true);
    const byTotal = await call(w.company.contact, 'GET', '/api/orders?sort=total,desc');
    expect(problems(byTotal)).toEqual([
      'querystring.sort: sorting by total needs the right to see the amounts of every order listed: narrow the list to trade partners whose amounts you see',
    ]);
    // Staff employees write orders, so they see what they write (decision 033).
    const employee = (await call(w.employee, 'GET', `/api/orders/${order.id}`)).json();
    expect(employee.total).toBe('59.98');
  });

  it('names the field of every refused value (400)', async () => {
    const body = orderBody(w.company.partner);
    const line = body.lines[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ ...line, quantity: '-1' }] }, 'body.lines.0.quantity: must not be negative'],
      [{ lines: [{ ...line, quantity: 0 }] }, 'body.lines.0.quantity: must be more than 0'],
      [
        { lines: [{ ...line, quantity: '1.0001' }] },
        'body.lines.0.quantity: has too many decimals',
      ],
      [
        { lines: [{ ...line, unitPrice: '1,50' }] },
        'body.lines.0.unitPrice: must be a decimal number written like 1250.50',
      ],
      [
        { lines: [line, { ...line, hsCode: '12345' }] },
        'body.lines.1.hsCode: must be 6, 8 or 10 digits',
      ],
      [{ lines: [{ ...line, description: ' ' }] }, 'body.lines.0.description: is required'],
      [
        { requestedDeliveryDate: '2000-01-01' },
        'body.requestedDeliveryDate: must not be before the order date',
      ],
      [{ orderDate: '2026-02-30' }, 'body.orderDate: must be a date written YYYY-MM-DD'],
      [
        { incoterm: 'XYZ' },
        'body.incoterm: Invalid option: expected one of "EXW"|"FCA"|"CPT"|"CIP"|"DAP"|"DPU"|"DDP"|"FAS"|"FOB"|"CFR"|"CIF"',
      ],
    ];
    for (const [fields, problem] of cases) {
      const response = await call(w.manager, 'POST', '/api/orders', { ...body, ...fields });
      expect(response.statusCode, problem).toBe(400);
      expect(problems(response)[0]).toBe(problem);
    }
    // Links must be the partner's own; the partner must exist.
    const other = w.strangerPartner.tradePartnerContacts as { id: number }[];
    const otherAddress = w.strangerPartner.addresses as { id: number }[];
    const contact = await call(w.manager, 'POST', '/api/orders', {
      ...body,
      contactId: other[0]!.id,
    });
    expect(problems(contact)).toEqual(['body.contactId: is not a contact of the trade partner']);
    const address = await call(w.manager, 'POST', '/api/orders', {
      ...body,
      deliveryAddressId: otherAddress[0]!.id,
    });
    expect(problems(address)).toEqual([
      'body.deliveryAddressId: is not an address of the trade partner',
    ]);
    const unknown = await call(w.manager, 'POST', '/api/orders', {
      ...body,
      tradePartnerUuid: '5b0e8a52-7a7f-4d8e-9a53-3a2b1c0d9e8f',
    });
    expect(unknown.statusCode).toBe(404);
    // The largest lines add up to more than a total can hold.
    const huge = {
      description: 'Gold',
      quantity: '999999999.999',
      unit: 'KGM',
      unitPrice: '99999999999.9999',
    };
    const tooMuch = await call(w.manager, 'POST', '/api/orders', {
      ...body,
      lines: Array.from({ length: 200 }, () => huge),
    });
    expect(problems(tooMuch)).toEqual(['body.lines: add up to a total that is too large']);
  });

  it('lets staff alone make and change orders; members of the partner are refused, others told nothing', async () => {
    const body = orderBody(w.company.partner);
    for (const member of [w.company.owner, w.company.admin, w.company.editor]) {
      expect((await call(member, 'POST', '/api/orders', body)).statusCode).toBe(403);
    }
    expect((await call(w.stranger, 'POST', '/api/orders', body)).statusCode).toBe(404);
    const made = await call(w.employee, 'POST', '/api/orders', body);
    expect(made.statusCode).toBe(201);
    const order = made.json();
    const put = (who: typeof w.manager) =>
      call(who, 'PUT', `/api/orders/${order.id}`, { ...body, notes: 'Changed' });
    expect((await put(w.company.owner)).statusCode).toBe(403);
    expect((await put(w.stranger)).statusCode).toBe(404);
  });

  it('replaces fields and lines, and writes the change to the trail with the fields it changed', async () => {
    const order = await createOrder(server, w.manager, w.company.partner);
    const body = orderBody(w.company.partner);
    const unchanged = await call(w.manager, 'PUT', `/api/orders/${order.uuid}`, body);
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().version).toBe(1);
    const changed = await call(w.manager, 'PUT', `/api/orders/${order.uuid}`, {
      ...body,
      notes: 'Ship in two lots',
      currency: 'USD',
      lines: [{ description: 'Bolts', quantity: '1000', unit: 'PCE', unitPrice: '0.0125' }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.headers.etag).toBe('"2"');
    expect(changed.json()).toMatchObject({
      version: 2,
      notes: 'Ship in two lots',
      currency: 'USD',
      total: '12.50',
      lineCount: 1,
      lines: [{ position: 1, description: 'Bolts', amount: '12.50' }],
    });
    const history = (await call(w.company.viewer, 'GET', `/api/orders/${order.id}/history`)).json();
    expect(history.events).toEqual([
      expect.objectContaining({
        action: 'created',
        toValue: 'DRAFT',
        details: { version: 1, number: order.number, lines: 2 },
        userName: expect.stringMatching(/^Manager/),
      }),
      expect.objectContaining({
        action: 'updated',
        details: { fields: ['currency', 'notes', 'lines'], version: 2, previousVersion: 1 },
      }),
    ]);
    expect((await call(w.stranger, 'GET', `/api/orders/${order.id}/history`)).statusCode).toBe(404);
  });

  it('refuses a change of an order past CONFIRMED, and one that leaves a confirmed order incomplete (409)', async () => {
    const db = server.database.db;
    const order = await createOrder(server, w.manager, w.company.partner);
    const body = orderBody(w.company.partner);
    await db.update(orders).set({ status: 'CONFIRMED' }).where(eq(orders.id, order.id));
    const emptied = await call(w.manager, 'PUT', `/api/orders/${order.id}`, {
      ...body,
      lines: [],
      incoterm: null,
    });
    expect(emptied.statusCode).toBe(409);
    expect(emptied.json().details).toEqual({
      reason: 'orderIncomplete',
      missing: ['lines', 'incoterm'],
    });
    await db.update(orders).set({ status: 'COMPLETED' }).where(eq(orders.id, order.id));
    const late = await call(w.manager, 'PUT', `/api/orders/${order.id}`, { ...body, notes: 'x' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      `Order ${order.number} is COMPLETED: its fields and lines can no longer change.`,
    );
  });

  it('lets one of two concurrent changes win; the other gets 409 with the order as it is', async () => {
    const order = await createOrder(server, w.manager, w.company.partner);
    const body = orderBody(w.company.partner);
    const [first, second] = await Promise.all([
      call(w.manager, 'PUT', `/api/orders/${order.id}`, { ...body, version: 1, notes: 'Mine' }),
      call(w.employee, 'PUT', `/api/orders/${order.id}`, { ...body, version: 1, notes: 'Theirs' }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    const winner = first.statusCode === 200 ? first : second;
    expect(loser.json().details).toMatchObject({
      reason: 'staleVersion',
      current: { version: 2, notes: winner.json().notes },
    });
  });

  it('takes an order date as the order was placed, and dates from a client as it sends them', async () => {
    const order = await createOrder(server, w.manager, w.company.partner, {
      orderDate: '2025-12-30',
      requestedDeliveryDate: null,
      customerReference: '  ',
      incoterm: null,
      incotermPlace: '',
    });
    expect(order).toMatchObject({
      orderDate: '2025-12-30',
      requestedDeliveryDate: null,
      customerReference: null,
      incoterm: null,
      incotermPlace: null,
    });
    expect(order.number.startsWith(`ORD-${today().slice(0, 4)}-`)).toBe(true);
    const viewer = await addMember(server, w.company.owner, w.company.partner, 'VIEWER', ['OWNER']);
    // The realm role OWNER grants a VIEWER no amounts (issue 32, decision 042).
    expect((await call(viewer, 'GET', `/api/orders/${order.id}`)).json().total).toBeNull();
  });
});
