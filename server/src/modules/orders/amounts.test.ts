import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '#server/testing/documents-fixtures.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import { createOrder, type OrderJson } from '#server/testing/orders-fixtures.js';
import {
  addMember,
  caller,
  createPartner,
  problems,
  signIn,
  type Actor,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';

const pdf = (name: string) => ({
  name,
  content: minimalPdf(name),
  contentType: 'application/pdf',
});

interface Event {
  action: string;
  details: { type?: string } | null;
}

/**
 * A company's amounts follow the person's access level in THAT company (issue 32, decision
 * 042): staff with a financial role, or the company's OWNER or ADMIN. The realm role OWNER alone
 * grants nothing to an EDITOR or a VIEWER. Every path to amounts is asked: the order, the list
 * (per row), sorting by total, the trail, the documents list, a financial document by id, and
 * uploading or retyping to a financial type.
 */
describe.each(databaseTargets())('amounts follow the company (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let people: Record<string, Actor>;
  let ours: Partner;
  let theirs: Partner;
  let order: OrderJson;
  let theirOrder: OrderJson;
  let invoice: number;
  let companyInvoice: number;
  let theirInvoice: number;
  /** A person who is OWNER of `ours` and VIEWER of `theirs`, with the realm role OWNER. */
  let both: Actor;

  const send = async (who: Actor, where: Record<string, string>, type: string) =>
    upload(server, who, { userId: who.userId, documentType: type, ...where }, pdf(`${type}.pdf`));

  const stored = async (where: Record<string, string>, type: string) => {
    const response = await send(people.manager!, where, type);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    const [superAdmin, manager, employee, owner, otherOwner, outsider] = await Promise.all([
      signIn(server, 'superadmin', ['NT24_SUPER_ADMIN']),
      signIn(server, 'manager', ['NT24_MANAGER']),
      signIn(server, 'employee', ['NT24_EMPLOYEE']),
      // What a self-registered account holds now (decision 042): no realm role OWNER.
      signIn(server, 'owner', ['NT24_TRADE_PARTNER', 'CONTACT']),
      signIn(server, 'other', ['NT24_TRADE_PARTNER', 'CONTACT']),
      signIn(server, 'outsider', ['OWNER']),
    ]);
    [ours, theirs] = await Promise.all([
      createPartner(server, owner),
      createPartner(server, otherOwner),
      createPartner(server, outsider),
    ]);
    const [admin, editor, viewer, removed] = await Promise.all([
      addMember(server, owner, ours, 'ADMIN', ['NT24_TRADE_PARTNER']),
      addMember(server, owner, ours, 'EDITOR', ['OWNER']),
      addMember(server, owner, ours, 'VIEWER', ['OWNER']),
      addMember(server, owner, ours, 'VIEWER', ['OWNER']),
    ]);
    const gone = await call(
      owner,
      'DELETE',
      `/api/partners/uuid/${ours.uuid}/members/${removed.userUuid}`,
    );
    expect(gone.statusCode, gone.body).toBe(204);
    people = { superAdmin, manager, employee, owner, admin, editor, viewer, removed, outsider };

    both = await addMember(server, owner, ours, 'OWNER', ['OWNER']);
    const invited = await call(
      otherOwner,
      'POST',
      `/api/partners/uuid/${theirs.uuid}/invitations`,
      {
        email: both.email,
        accessLevel: 'VIEWER',
      },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    await call(both, 'POST', '/api/auth/keycloak/ensure-user');

    [order, theirOrder] = await Promise.all([
      createOrder(server, manager, ours),
      createOrder(server, manager, theirs),
    ]);
    invoice = await stored({ orderUuid: order.uuid }, 'INVOICE');
    await stored({ orderUuid: order.uuid }, 'CERTIFICATE_OF_ORIGIN');
    companyInvoice = await stored({ tradePartnerUuid: ours.uuid }, 'INVOICE');
    theirInvoice = await stored({ orderUuid: theirOrder.uuid }, 'INVOICE');
  });
  afterAll(() => server?.close());

  // Who sees our company's amounts: true, false, or null for who may not even read the order.
  const callers: [string, boolean | null][] = [
    ['superAdmin', true],
    ['manager', true],
    ['employee', true],
    ['owner', true], // OWNER level, without the realm role OWNER
    ['admin', true], // ADMIN level, trade partner
    ['editor', false], // EDITOR level, with the realm role OWNER
    ['viewer', false], // VIEWER level, with the realm role OWNER
    ['removed', null], // NONE level, with the realm role OWNER
    ['outsider', null], // the realm role OWNER, another company's owner
  ];

  it.each(callers)('%s: the order, its list row and its trail', async (name, amounts) => {
    const me = people[name]!;
    const detail = await call(me, 'GET', `/api/orders/${order.uuid}`);
    if (amounts === null) {
      expect(detail.statusCode).toBe(404);
      expect((await call(me, 'GET', `/api/orders/${order.uuid}/history`)).statusCode).toBe(404);
      return;
    }
    expect(detail.statusCode, detail.body).toBe(200);
    const shown = detail.json();
    expect(shown.permissions.viewAmounts).toBe(amounts);
    expect(shown.total).toBe(amounts ? '59.98' : null);
    expect(shown.lines[0].unitPrice).toBe(amounts ? '19.9900' : null);
    expect(shown.lines[0].amount).toBe(amounts ? '59.97' : null);

    const list = await call(me, 'GET', `/api/orders?tradePartnerUuid=${ours.uuid}`);
    const row = list.json().content.find((o: OrderJson) => o.uuid === order.uuid);
    expect(row.total).toBe(amounts ? '59.98' : null);
    const byTotal = await call(
      me,
      'GET',
      `/api/orders?tradePartnerUuid=${ours.uuid}&sort=total,desc`,
    );
    expect(byTotal.statusCode).toBe(amounts ? 200 : 400);

    const trail = (await call(me, 'GET', `/api/orders/${order.uuid}/history`)).json();
    const types = (trail.events as Event[]).map((e) => e.details?.type).filter(Boolean);
    expect(types.includes('INVOICE')).toBe(amounts);
    expect(types).toContain('CERTIFICATE_OF_ORIGIN');
  });

  it.each(callers)('%s: the financial documents, listed and by id', async (name, amounts) => {
    const me = people[name]!;
    const listed = await call(me, 'GET', `/api/documents/filter?orderUuid=${order.uuid}`);
    if (amounts === null) {
      expect(listed.statusCode).toBe(404);
    } else {
      const types = listed.json().documents.map((d: { type: string }) => d.type);
      expect(types.includes('INVOICE')).toBe(amounts);
      expect(types).toContain('CERTIFICATE_OF_ORIGIN');
    }
    const all = (await call(me, 'GET', '/api/documents?size=100')).json();
    const ids = all.documents.map((d: { id: number }) => d.id);
    expect(ids.includes(invoice)).toBe(amounts === true);
    expect(ids.includes(companyInvoice)).toBe(amounts === true);
    for (const url of [
      `/api/documents/${invoice}`,
      `/api/documents/${companyInvoice}`,
      `/api/documents/${invoice}/content`,
    ]) {
      expect((await call(me, 'GET', url)).statusCode, url).toBe(amounts ? 200 : 404);
    }
    const token = await call(me, 'POST', `/api/documents/${invoice}/token`);
    expect(token.statusCode).toBe(amounts ? 200 : 404);
  });

  it.each(callers)('%s: uploading or retyping to a financial type', async (name, amounts) => {
    const me = people[name]!;
    const readable = amounts !== null;
    const mayChange = readable && name !== 'viewer';
    const uploaded = await send(me, { orderUuid: order.uuid }, 'INVOICE');
    expect(uploaded.statusCode, uploaded.body).toBe(amounts ? 201 : !readable ? 404 : 403);
    const note = await stored({ orderUuid: order.uuid }, 'OTHER');
    const retyped = await call(me, 'PATCH', `/api/documents/${note}/type?documentType=INVOICE`);
    expect(retyped.statusCode, retyped.body).toBe(amounts ? 200 : !readable ? 404 : 403);
    if (mayChange && !amounts) {
      // The refusal is the type's: an ordinary paper goes up as before.
      expect((await send(me, { orderUuid: order.uuid }, 'CERTIFICATE_OF_ORIGIN')).statusCode).toBe(
        201,
      );
    }
  });

  it("shows, in one list, each company's amounts as the person's level there says", async () => {
    const list = (await call(both, 'GET', '/api/orders?size=100')).json();
    const totals = Object.fromEntries(
      list.content.map((o: OrderJson) => [o.uuid, o.total] as const),
    );
    expect(totals[order.uuid]).toBe('59.98');
    expect(totals[theirOrder.uuid]).toBeNull();
    expect((await call(both, 'GET', `/api/orders/${theirOrder.uuid}`)).json()).toMatchObject({
      total: null,
      permissions: { viewAmounts: false },
    });

    // Sorting by total would tell the order of their totals: refused unless every order listed
    // shows its total.
    for (const url of [
      '/api/orders?sort=total,desc',
      `/api/orders?sort=total,asc&tradePartnerUuid=${theirs.uuid}`,
    ]) {
      const refused = await call(both, 'GET', url);
      expect(refused.statusCode, url).toBe(400);
      expect(problems(refused)[0]).toMatch(/^querystring\.sort: sorting by total needs/);
    }
    const sortedOurs = await call(
      both,
      'GET',
      `/api/orders?sort=total,desc&tradePartnerUuid=${ours.uuid}`,
    );
    expect(sortedOurs.statusCode).toBe(200);

    const documents = (await call(both, 'GET', '/api/documents?size=100')).json();
    const ids = documents.documents.map((d: { id: number }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([invoice, companyInvoice]));
    expect(ids).not.toContain(theirInvoice);
    expect((await call(both, 'GET', `/api/documents/${invoice}`)).statusCode).toBe(200);
    expect((await call(both, 'GET', `/api/documents/${theirInvoice}`)).statusCode).toBe(404);
    const trail = (await call(both, 'GET', `/api/orders/${theirOrder.uuid}/history`)).json();
    expect((trail.events as Event[]).some((e) => e.details?.type === 'INVOICE')).toBe(false);
  });
});
