import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { documents } from '#server/db/schema/documents.js';
import { multipart, png, upload, type Query } from '#server/testing/documents-fixtures.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { createKyc, kycCompany, type KycCompany } from '#server/testing/kyc-fixtures.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import { caller, signIn, type Actor, type Caller } from '#server/testing/partners-fixtures.js';
import {
  addLeg,
  approvedKyc,
  confirmedOrder,
  createShipment,
  shipmentBody,
  type ShipmentJson,
  type TransportJson,
} from '#server/testing/shipments-fixtures.js';

const pdf = () => ({ name: 'paper.pdf', content: minimalPdf('paper') });

/** A 400 on `querystring.documentType` saying why the type does not belong there. */
function expectRefusedType(response: LightMyRequestResponse, reason: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().details).toEqual([{ field: 'querystring.documentType', message: reason }]);
}

describe.each(databaseTargets())('document types by place (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let manager: Actor;
  let company: KycCompany;
  let orderUuid: string;
  let shipment: ShipmentJson;
  let leg: TransportJson;
  let linkToken: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    manager = await signIn(server, 'manager', ['NT24_MANAGER']);
    company = await kycCompany(server);
    await approvedKyc(server, company);
    const order = await confirmedOrder(server, manager, company.partner);
    orderUuid = order.uuid;
    shipment = await createShipment(
      server,
      manager,
      shipmentBody(order, [[order.lines[0]!, '0.001']]),
    );
    leg = await addLeg(server, manager, shipment);
    const renewal = await createKyc(server, company.owner, company.partner);
    const link = await call(manager, 'POST', `/api/kyc/${renewal.id}/selfservice-links`, {});
    expect(link.statusCode, link.body).toBe(201);
    linkToken = link.json().token;
  });
  afterAll(() => server?.close());

  /** A paper uploaded by the manager at a place, as the app would. */
  async function paper(query: Query, path?: string): Promise<{ id: number }> {
    const response = await upload(
      server,
      manager,
      { userId: manager.userId, documentType: 'OTHER', ...query },
      pdf(),
      path ? { path } : {},
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('refuses PROFILE_PICTURE on every paper route, naming documentType and why', async () => {
    const asProfilePicture = { userId: manager.userId, documentType: 'PROFILE_PICTURE' };
    const routes: [string, Query, string | undefined][] = [
      ["a shipment's papers", {}, `/api/documents/shipment/${shipment.id}`],
      ["a leg's papers", {}, `/api/documents/transport/${leg.id}`],
      ["an order's papers", { orderUuid }, undefined],
      ["a shipment's papers", { shipmentUuid: shipment.uuid }, undefined],
      ["a leg's papers", { transportUuid: leg.uuid }, undefined],
      ["a trade partner's documents", { tradePartnerUuid: company.partner.uuid }, undefined],
    ];
    for (const [place, link, path] of routes) {
      const image = { name: 'me.png', content: await png() };
      const response = await upload(
        server,
        manager,
        { ...asProfilePicture, ...link },
        image,
        path ? { path } : {},
      );
      expectRefusedType(response, `PROFILE_PICTURE is not a type for ${place}`);
    }
    const form = multipart({ name: 'me.png', content: await png() });
    const viaLink = await server.app.inject({
      method: 'POST',
      url: '/api/kyc/selfservice/documents?documentType=PROFILE_PICTURE',
      headers: {
        'x-self-service-token': linkToken,
        'content-type': form.contentType,
        'user-agent': 'Mozilla/5.0 (places test)',
      },
      payload: form.body,
    });
    expectRefusedType(viaLink, "PROFILE_PICTURE is not a type for a self-service link's file");
  });

  it('still takes a profile picture as one, and refuses it another type', async () => {
    const response = await upload(
      server,
      manager,
      { userId: manager.userId, documentType: 'PROFILE_PICTURE' },
      { name: 'me.png', content: await png() },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { document } = response.json();
    const retyped = await call(
      manager,
      'PATCH',
      `/api/documents/${document.id}/type?documentType=OTHER`,
    );
    expectRefusedType(retyped, 'OTHER is not a type for a profile picture');
  });

  it('refuses a retype to PROFILE_PICTURE at every place', async () => {
    const places: [string, Query, string | undefined][] = [
      ["a trade partner's documents", { tradePartnerUuid: company.partner.uuid }, undefined],
      ["an order's papers", { orderUuid }, undefined],
      ["a shipment's papers", {}, `/api/documents/shipment/${shipment.id}`],
      ["a leg's papers", {}, `/api/documents/transport/${leg.id}`],
    ];
    for (const [place, query, path] of places) {
      const { id } = await paper(query, path);
      const response = await call(
        manager,
        'PATCH',
        `/api/documents/${id}/type?documentType=PROFILE_PICTURE`,
      );
      expectRefusedType(response, `PROFILE_PICTURE is not a type for ${place}`);
    }
  });

  it('lets a paper stored as PROFILE_PICTURE before be retyped to a paper type', async () => {
    for (const path of [
      `/api/documents/shipment/${shipment.id}`,
      `/api/documents/transport/${leg.id}`,
    ]) {
      const { id } = await paper({}, path);
      await server.database.db
        .update(documents)
        .set({ type: 'PROFILE_PICTURE' })
        .where(eq(documents.id, id));
      const response = await call(manager, 'PATCH', `/api/documents/${id}/type?documentType=CMR`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().type).toBe('CMR');
    }
  });
});
