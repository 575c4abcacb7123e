import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '#server/testing/documents-fixtures.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { kycWorld, type KycWorld } from '#server/testing/kyc-fixtures.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import { createOrder, type OrderJson } from '#server/testing/orders-fixtures.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

/** An order's documents, through the documents' own calls (docs/api/documents.md). */
describe.each(databaseTargets())('documents of an order (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  let order: OrderJson;

  const pdf = (name: string) => ({ name, content: minimalPdf(), contentType: 'application/pdf' });
  // Ordinary papers: an invoice or a purchase order follows the financials' rule as well
  // (decision 035, documents/kinds.test.ts).
  const uploadTo = (who: Actor, link: Record<string, unknown>, type = 'OTHER') =>
    upload(server, who, { userId: who.userId, documentType: type, ...link }, pdf('po.pdf'));

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
    order = await createOrder(server, w.manager, w.company.partner);
  });
  afterAll(() => server?.close());

  it('stores an upload with the order and its partner; EDITOR and up and staff may, others not', async () => {
    const byUuid = await uploadTo(w.company.owner, { orderUuid: order.uuid });
    expect(byUuid.statusCode, byUuid.body).toBe(201);
    expect(byUuid.json()).toMatchObject({
      orderId: order.id,
      tradePartnerId: w.company.partner.id,
      tradePartnerUuid: w.company.partner.uuid,
      type: 'OTHER',
    });
    const byId = await uploadTo(w.company.contact, { orderId: order.id }, 'PHOTO');
    expect(byId.statusCode).toBe(201);
    expect((await uploadTo(w.company.contact, { orderId: order.id }, 'INVOICE')).statusCode).toBe(
      403,
    );
    expect((await uploadTo(w.employee, { orderId: order.id })).statusCode).toBe(201);
    expect((await uploadTo(w.company.viewer, { orderId: order.id })).statusCode).toBe(403);
    const stranger = await uploadTo(w.stranger, { orderUuid: order.uuid });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(`Order with ID/UUID ${order.uuid} not found.`);
    const unknown = await uploadTo(w.manager, { orderId: 987654321 });
    expect(unknown.json().message).toBe('Order with ID/UUID 987654321 not found.');
    const two = await uploadTo(w.manager, { orderId: order.id, addressId: 1 });
    expect(two.statusCode).toBe(400);
  });

  it('lists the order’s documents by entity, entity uuid and filter, for its readers only', async () => {
    const urls = [
      `/api/documents/entity/order/${order.id}`,
      `/api/documents/entity-uuid/order/${order.uuid}`,
      `/api/documents/filter?orderUuid=${order.uuid}`,
      `/api/documents/filter?orderId=${order.id}`,
    ];
    for (const url of urls) {
      const page = await call(w.company.viewer, 'GET', url);
      expect(page.statusCode, url).toBe(200);
      expect(page.json().totalElements, url).toBe(3);
      expect((await call(w.stranger, 'GET', url)).statusCode, url).toBe(404);
    }
    const listed = await call(
      w.company.viewer,
      'GET',
      `/api/documents/by-entity/order/${order.id}`,
    );
    expect(listed.json().map((d: { orderId: number }) => d.orderId)).toEqual([
      order.id,
      order.id,
      order.id,
    ]);
    const byUuid = await call(
      w.company.viewer,
      'GET',
      `/api/documents/by-entity-uuid/order/${order.uuid}`,
    );
    expect(byUuid.json()).toHaveLength(3);
    // The partner's other documents are not the order's.
    const company = await upload(
      server,
      w.company.owner,
      {
        userId: w.company.owner.userId,
        documentType: 'CONTRACT',
        tradePartnerUuid: w.company.partner.uuid,
      },
      pdf('contract.pdf'),
    );
    expect(company.json().orderId).toBeNull();
    const still = await call(w.manager, 'GET', `/api/documents/entity/order/${order.id}`);
    expect(still.json().totalElements).toBe(3);
  });

  it('lets EDITOR and up retype and archive, writes uploads and archiving to the order’s trail', async () => {
    const page = (await call(w.manager, 'GET', `/api/documents/entity/order/${order.id}`)).json();
    const document = page.documents.find((d: { type: string }) => d.type === 'PHOTO');
    const at = `/api/documents/${document.id}`;
    expect((await call(w.company.viewer, 'GET', `${at}/content`)).statusCode).toBe(200);
    expect((await call(w.stranger, 'GET', `${at}/content`)).statusCode).toBe(404);
    expect(
      (await call(w.company.viewer, 'PATCH', `${at}/type?documentType=OTHER`)).statusCode,
    ).toBe(403);
    const retyped = await call(w.company.contact, 'PATCH', `${at}/type?documentType=CONTRACT`);
    expect(retyped.json().type).toBe('CONTRACT');
    expect((await call(w.company.viewer, 'PATCH', `${at}/status?status=ARCHIVED`)).statusCode).toBe(
      403,
    );
    const archived = await call(w.company.contact, 'PATCH', `${at}/status?status=ARCHIVED`);
    expect(archived.json().status).toBe('ARCHIVED');
    const history = (await call(w.company.owner, 'GET', `/api/orders/${order.id}/history`)).json();
    const documents = history.events.filter((e: { action: string }) => e.action !== 'created');
    expect(documents.map((e: { action: string }) => e.action)).toEqual([
      'documentUploaded',
      'documentUploaded',
      'documentUploaded',
      'documentArchived',
    ]);
    expect(documents[3]).toMatchObject({
      details: { documentId: document.id, type: 'CONTRACT', fileName: 'po.pdf' },
      userName: expect.stringMatching(/^Editor/),
    });
    expect(documents[0].userName).toMatch(/^Owner/);
  });
});
