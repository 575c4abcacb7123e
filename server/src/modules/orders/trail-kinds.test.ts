import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '#server/testing/documents-fixtures.js';
import { startTestServer, type TestServer } from '#server/testing/harness.js';
import { kycWorld, type KycWorld } from '#server/testing/kyc-fixtures.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';
import {
  approvedKyc,
  confirmedOrder,
  createShipment,
  shipmentBody,
  type ShipmentJson,
  type ShippableOrder,
} from '#server/testing/shipments-fixtures.js';

/**
 * An order's trail and a shipment's name each document uploaded or archived: its type and file
 * name. Those entries follow the document's rule (issue 31, decision 035): whoever may not open
 * the invoice (a contact, a VIEWER: decision 042) does not read of it in the trail either; the
 * order's other entries and its ordinary papers stay.
 */
describe('the trail follows the documents’ rule (decision 035)', () => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  let order: ShippableOrder;
  let shipment: ShipmentJson;

  interface Event {
    action: string;
    details: { type?: string; fileName?: string } | null;
  }

  const send = async (where: Record<string, string>, documentType: string, name: string) => {
    const response = await upload(
      server,
      w.manager,
      { userId: w.manager.userId, documentType, ...where },
      { name, content: minimalPdf(documentType), contentType: 'application/pdf' },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };

  beforeAll(async () => {
    server = await startTestServer('pglite');
    call = caller(server);
    w = await kycWorld(server);
    await approvedKyc(server, w.company);
    order = await confirmedOrder(server, w.manager, w.company.partner);
    shipment = await createShipment(server, w.manager, shipmentBody(order, [[order.lines[0]!, 1]]));
    const invoice = await send({ orderUuid: order.uuid }, 'INVOICE', 'invoice-2026-17.pdf');
    await send({ orderUuid: order.uuid }, 'CERTIFICATE_OF_ORIGIN', 'origin.pdf');
    await send({ shipmentUuid: shipment.uuid }, 'INVOICE', 'commercial-invoice.pdf');
    await send({ shipmentUuid: shipment.uuid }, 'CMR', 'cmr.pdf');
    const archived = await call(
      w.manager,
      'PATCH',
      `/api/documents/${invoice}/status?status=ARCHIVED`,
    );
    expect(archived.statusCode, archived.body).toBe(200);
  });
  afterAll(() => server?.close());

  /** The document entries of a trail, as [action, type, file name]. */
  async function papers(who: Actor, url: string): Promise<[string, string, string][]> {
    const response = await call(who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().events as Event[])
      .filter((e) => e.action.startsWith('document'))
      .map((e) => [e.action, e.details?.type ?? '', e.details?.fileName ?? '']);
  }

  const everything: [string, string, string][] = [
    ['documentUploaded', 'INVOICE', 'invoice-2026-17.pdf'],
    ['documentUploaded', 'CERTIFICATE_OF_ORIGIN', 'origin.pdf'],
    ['documentUploaded', 'INVOICE', 'commercial-invoice.pdf'],
    ['documentUploaded', 'CMR', 'cmr.pdf'],
    ['documentArchived', 'INVOICE', 'invoice-2026-17.pdf'],
  ];
  const ordinary = everything.filter(([, type]) => ['CERTIFICATE_OF_ORIGIN', 'CMR'].includes(type));

  const readers: [string, () => Actor, boolean][] = [
    ['manager', () => w.manager, true],
    ['employee', () => w.employee, true],
    ['owner (OWNER role)', () => w.company.owner, true],
    ['trade partner member (ADMIN)', () => w.company.admin, true],
    ['trade partner member (VIEWER)', () => w.company.viewer, false],
    ['CONTACT-only member', () => w.company.contact, false],
  ];

  it.each(readers)(
    '%s reads the financial papers’ entries only if it may view the company’s amounts',
    async (_name, who, financials) => {
      const actor = who();
      const expected = financials ? everything : ordinary;
      expect(await papers(actor, `/api/orders/${order.uuid}/history`)).toEqual(expected);
      const ofShipment = expected.filter(([, , name]) =>
        ['commercial-invoice.pdf', 'cmr.pdf'].includes(name),
      );
      expect(await papers(actor, `/api/shipments/${shipment.uuid}/history`)).toEqual(ofShipment);
      // The trail's other entries stay: the order's making and its moves.
      const all = (await call(actor, 'GET', `/api/orders/${order.uuid}/history`)).json().events;
      expect(all.map((e: Event) => e.action)).toEqual(
        expect.arrayContaining(['created', 'status', 'shipmentCreated']),
      );
      // The invoice itself is as hidden as its entries.
      const invoices = await call(
        actor,
        'GET',
        `/api/documents/filter?orderUuid=${order.uuid}&includeArchived=true`,
      );
      const types = invoices.json().documents.map((d: { type: string }) => d.type);
      expect(types.includes('INVOICE')).toBe(financials);
    },
  );

  it('answers 404 to a stranger, as before', async () => {
    expect((await call(w.stranger, 'GET', `/api/orders/${order.uuid}/history`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(w.stranger, 'GET', `/api/shipments/${shipment.uuid}/history`)).statusCode,
    ).toBe(404);
  });
});
