import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from './testing/harness.js';
import {
  forceKycState,
  freshKyc,
  kycCompany,
  kycWorld,
  moveTo,
  type KycWorld,
} from './testing/kyc-fixtures.js';
import {
  addMember,
  address,
  caller,
  createPartner,
  unique,
  type Actor,
} from './testing/partners-fixtures.js';
import { createOrder, orderBody } from './testing/orders-fixtures.js';
import {
  addLeg,
  approvedKyc,
  confirmedOrder,
  createShipment,
  legBody,
  shipmentBody,
  type ShippableOrder,
} from './testing/shipments-fixtures.js';
import { storedRecord } from './testing/versions.js';
import { VERSIONED_ROUTES, type VersionedRoute } from './versions.js';

/** A change on a record made for it, that succeeds when sent with the record's version. */
interface Change {
  who: Actor;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Without a version. */
  body?: Record<string, unknown>;
  /** A self-service call: the link's token, and the file it changes. */
  selfService?: { token: string; kycId: number };
}

interface Case {
  /** A fresh record and the change to make on it. */
  fresh(w: KycWorld): Promise<Change>;
  /** What the change answers when it is made. */
  success: 200 | 201 | 204;
}

const partnerCase = (
  path: (p: { id: number; uuid: string }) => string,
  body: () => Record<string, unknown>,
) => ({
  async fresh(w: KycWorld): Promise<Change> {
    const partner = await createPartner(server, w.company.owner);
    return { who: w.company.owner, method: 'PATCH', url: path(partner), body: body() };
  },
  success: 200 as const,
});

/** A record under a fresh company of the owner's: made by POST to `path`, answered `uuid`. */
function underPartner(
  path: string,
  input: object,
  change: 'PATCH' | 'DELETE',
  body?: () => Record<string, unknown>,
): Case {
  return {
    async fresh(w) {
      const owner = w.company.owner;
      const partner = await createPartner(server, owner);
      const base = `/api/partners/uuid/${partner.uuid}/${path}`;
      const made = await call(owner, 'POST', base, input);
      expect(made.statusCode).toBe(201);
      return {
        who: owner,
        method: change,
        url: `${base}/${made.json().uuid}`,
        ...(body ? { body: body() } : {}),
      };
    },
    success: change === 'DELETE' ? 204 : 200,
  };
}

function memberCase(change: 'PATCH' | 'DELETE'): Case {
  return {
    async fresh(w) {
      const owner = w.company.owner;
      const partner = await createPartner(server, owner);
      const member = await addMember(server, owner, partner, 'VIEWER');
      return {
        who: owner,
        method: change,
        url: `/api/partners/uuid/${partner.uuid}/members/${member.userUuid}`,
        ...(change === 'PATCH' ? { body: { accessLevel: 'EDITOR' } } : {}),
      };
    },
    success: change === 'DELETE' ? 204 : 200,
  };
}

type KycBase = (kyc: { id: number; uuid: string }) => string;
const byId: KycBase = (kyc) => `/api/kyc/${kyc.id}`;
const byUuid: KycBase = (kyc) => `/api/kyc/uuid/${kyc.uuid}`;

/** A manager cancels a fresh DRAFT file. */
const statusCase = (base: KycBase): Case => ({
  async fresh(w) {
    const { kyc } = await freshKyc(server);
    const body = moveTo(w.manager, 'CANCELLED', { comment: 'A duplicate.' });
    return { who: w.manager, method: 'POST', url: `${base(kyc)}/status`, body };
  },
  success: 201,
});

/** A manager completes the coc step of a fresh file in review. */
const stepStatusCase = (base: KycBase): Case => ({
  async fresh(w) {
    const { kyc } = await freshKyc(server);
    await forceKycState(server, kyc.id, { status: 'IN_REVIEW' });
    return {
      who: w.manager,
      method: 'POST',
      url: `${base(kyc)}/steps/coc/status?userId=${w.manager.userId}`,
      body: { status: 'COMPLETED' },
    };
  },
  success: 200,
});

/** A manager withdraws the changes they asked for on a step of a fresh file in review. */
const withdrawCase = (base: KycBase): Case => ({
  async fresh(w) {
    const { kyc } = await freshKyc(server);
    await forceKycState(server, kyc.id, { status: 'IN_REVIEW' });
    const asked = await call(
      w.manager,
      'POST',
      `/api/kyc/${kyc.id}/steps/coc/status?userId=${w.manager.userId}`,
      {
        status: 'CHANGES_REQUESTED',
        comment: 'The extract is old.',
      },
    );
    expect(asked.statusCode).toBe(200);
    return {
      who: w.manager,
      method: 'POST',
      url: `${base(kyc)}/steps/coc/request/withdraw?userId=${w.manager.userId}`,
      body: { comment: 'Not needed after all.' },
    };
  },
  success: 200,
});

/** A manager completes the insights step, named by its uuid, of a fresh file in review. */
const insightsCase = (base: KycBase): Case => ({
  async fresh(w) {
    const { kyc } = await freshKyc(server);
    await forceKycState(server, kyc.id, { status: 'IN_REVIEW' });
    const steps = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/steps`)).json();
    const insights = steps.find((step: { stepType: string }) => step.stepType === 'insights');
    return {
      who: w.manager,
      method: 'PUT',
      url: `${base(kyc)}/steps/insights/${insights.uuid}/status`,
      body: { status: 'COMPLETED', userId: w.manager.userId },
    };
  },
  success: 200,
});

/** The owner saves the bank and VAT step of a fresh DRAFT file. */
const dataCase = (base: KycBase): Case => ({
  async fresh() {
    const { company, kyc } = await freshKyc(server);
    const owner = company.owner;
    return {
      who: owner,
      method: 'PUT',
      url: `${base(kyc)}/steps/bank-and-vat/data?userId=${owner.userId}`,
      body: {
        data: {
          iban: 'NL91ABNA0417164300',
          accountHolder: company.partner.name,
          vatNumber: company.partner.vatNumber,
        },
      },
    };
  },
  success: 200,
});

/** A self-service link's holder saves the bank and VAT step of a fresh DRAFT file. */
const selfServiceDataCase: Case = {
  async fresh(w) {
    const { company, kyc } = await freshKyc(server);
    const made = await call(w.manager, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, {});
    expect(made.statusCode).toBe(201);
    return {
      who: w.manager,
      method: 'PUT',
      url: '/api/kyc/selfservice/steps/bank-and-vat/data',
      body: {
        data: {
          iban: 'NL91ABNA0417164300',
          accountHolder: company.partner.name,
          vatNumber: company.partner.vatNumber,
        },
      },
      selfService: { token: made.json().token, kycId: kyc.id },
    };
  },
  success: 200,
};

/** A manager changes a fresh DRAFT order of a fresh company: its fields, or its status. */
const orderCase = (change: 'fields' | 'status'): Case => ({
  async fresh(w) {
    const partner = await createPartner(server, w.company.owner);
    const order = await createOrder(server, w.manager, partner);
    return change === 'fields'
      ? {
          who: w.manager,
          method: 'PUT',
          url: `/api/orders/${order.uuid}`,
          body: orderBody(partner, { notes: unique('Note ') }),
        }
      : {
          who: w.manager,
          method: 'POST',
          url: `/api/orders/${order.id}/status`,
          body: { status: 'CANCELLED', reason: 'A duplicate.' },
        };
  },
  success: 200,
});

/** A confirmed order of a company with an approved file, one per server, shipped from bit by bit. */
const shippables = new WeakMap<TestServer, Promise<ShippableOrder>>();
function shippableOrder(w: KycWorld): Promise<ShippableOrder> {
  let order = shippables.get(server);
  if (!order) {
    order = kycCompany(server).then(async (company) => {
      await approvedKyc(server, company);
      return confirmedOrder(server, w.manager, company.partner);
    });
    shippables.set(server, order);
  }
  return order;
}

/** A manager changes a fresh PLANNED shipment (its notes, or its status) or a fresh leg of one. */
const shipmentCase = (record: 'shipment' | 'leg', change: 'fields' | 'status'): Case => ({
  async fresh(w) {
    const order = await shippableOrder(w);
    const shipment = await createShipment(
      server,
      w.manager,
      shipmentBody(order, [[order.lines[0]!, '0.001']]),
    );
    const base =
      record === 'shipment'
        ? `/api/shipments/${shipment.uuid}`
        : `/api/transports/${(await addLeg(server, w.manager, shipment)).id}`;
    const fields =
      record === 'shipment'
        ? {
            ...shipmentBody(order, [[order.lines[0]!, '0.001']], { notes: unique('Note ') }),
            orderUuid: undefined,
          }
        : legBody({ carrier: unique('Carrier ') });
    return change === 'fields'
      ? { who: w.manager, method: 'PUT', url: base, body: fields }
      : {
          who: w.manager,
          method: 'POST',
          url: `${base}/status`,
          body: { status: 'CANCELLED', reason: 'A duplicate.' },
        };
  },
  success: 200,
});

const PARTNER = '/api/partners/uuid/:uuid';

/** One case per versioned route: a route added to VERSIONED_ROUTES without one fails typecheck. */
const CASES: Record<VersionedRoute, Case> = {
  'PATCH /api/partners/:id': partnerCase(
    (p) => `/api/partners/${p.id}`,
    () => ({ name: unique('Renamed ') }),
  ),
  [`PATCH ${PARTNER}`]: partnerCase(
    (p) => `/api/partners/uuid/${p.uuid}`,
    () => ({ name: unique('Renamed ') }),
  ),
  'PATCH /api/partners/:id/terms': partnerCase(
    (p) => `/api/partners/${p.id}/terms`,
    () => ({ termsAccepted: true }),
  ),
  [`PATCH ${PARTNER}/terms`]: partnerCase(
    (p) => `/api/partners/uuid/${p.uuid}/terms`,
    () => ({ termsAccepted: true }),
  ),
  [`PATCH ${PARTNER}/addresses/:addressUuid`]: underPartner('addresses', address, 'PATCH', () => ({
    city: unique('City '),
  })),
  [`DELETE ${PARTNER}/addresses/:addressUuid`]: underPartner('addresses', address, 'DELETE'),
  [`PATCH ${PARTNER}/contacts/:contactUuid`]: underPartner(
    'contacts',
    { email: `${unique('desk')}@example.com` },
    'PATCH',
    () => ({ jobTitle: unique('Buyer ') }),
  ),
  [`DELETE ${PARTNER}/contacts/:contactUuid`]: underPartner(
    'contacts',
    { email: `${unique('desk')}@example.com` },
    'DELETE',
  ),
  [`PATCH ${PARTNER}/members/:userUuid`]: memberCase('PATCH'),
  [`DELETE ${PARTNER}/members/:userUuid`]: memberCase('DELETE'),
  'POST /api/kyc/:id/status': statusCase(byId),
  'POST /api/kyc/uuid/:uuid/status': statusCase(byUuid),
  'POST /api/kyc/:id/steps/:stepType/status': stepStatusCase(byId),
  'POST /api/kyc/uuid/:uuid/steps/:stepType/status': stepStatusCase(byUuid),
  'POST /api/kyc/:id/steps/:stepType/request/withdraw': withdrawCase(byId),
  'POST /api/kyc/uuid/:uuid/steps/:stepType/request/withdraw': withdrawCase(byUuid),
  'PUT /api/kyc/:id/steps/insights/:stepUuid/status': insightsCase(byId),
  'PUT /api/kyc/uuid/:uuid/steps/insights/:stepUuid/status': insightsCase(byUuid),
  'PUT /api/kyc/:id/steps/:stepType/data': dataCase(byId),
  'PUT /api/kyc/uuid/:uuid/steps/:stepType/data': dataCase(byUuid),
  'PUT /api/kyc/selfservice/steps/:stepType/data': selfServiceDataCase,
  'PUT /api/orders/:idOrUuid': orderCase('fields'),
  'POST /api/orders/:idOrUuid/status': orderCase('status'),
  'PUT /api/shipments/:idOrUuid': shipmentCase('shipment', 'fields'),
  'POST /api/shipments/:idOrUuid/status': shipmentCase('shipment', 'status'),
  'PUT /api/transports/:idOrUuid': shipmentCase('leg', 'fields'),
  'POST /api/transports/:idOrUuid/status': shipmentCase('leg', 'status'),
};

/** Terms are accepted, and a step's data saved as oneself, by members only. */
const MEMBERS_ONLY = /\/terms$|\/steps\/:stepType\/data$/;

let server: TestServer;
let call: ReturnType<typeof caller>;

/** Sends the change as it is, with `headers` and `version` in the body when given. */
function send(
  change: Change,
  { ifMatch, version }: { ifMatch?: string; version?: number } = {},
): Promise<LightMyRequestResponse> {
  const body =
    change.body || version !== undefined
      ? { ...change.body, ...(version === undefined ? {} : { version }) }
      : undefined;
  return server.app.inject({
    method: change.method,
    url: change.url,
    headers: {
      ...(change.selfService
        ? { 'x-self-service-token': change.selfService.token }
        : { authorization: `Bearer ${change.who.token}` }),
      ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}

async function versionOf(change: Change): Promise<number> {
  const record = await storedRecord(server, change.method, change.url, change.selfService?.kycId);
  if (!record) throw new Error(`no record at ${change.method} ${change.url}`);
  return record.version;
}

describe.each(databaseTargets())('versions on every edit (%s)', (target) => {
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server?.close());

  it('has a case for every versioned route, and every one is registered', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(VERSIONED_ROUTES).sort());
    for (const route of Object.keys(VERSIONED_ROUTES)) {
      const [method, url] = route.split(' ') as [string, string];
      expect(server.app.hasRoute({ method: method as 'GET', url }), route).toBe(true);
    }
  });

  describe.each(Object.entries(CASES))('%s', (route, { fresh, success }) => {
    it('answers 428 without a version and changes nothing', async () => {
      const change = await fresh(w);
      const before = await versionOf(change);
      const response = await send(change);
      expect(response.statusCode).toBe(428);
      expect(response.json()).toMatchObject({
        statusCode: 428,
        error: 'Precondition Required',
        message: expect.stringContaining('If-Match'),
        details: [{ field: 'version', message: expect.any(String) }],
      });
      expect(await versionOf(change)).toBe(before);
    });

    it('answers 409 with the current record for a stale version, and takes the current one', async () => {
      const change = await fresh(w);
      const stale = await versionOf(change);
      await (await storedRecord(
        server,
        change.method,
        change.url,
        change.selfService?.kycId,
      ))!.bump();

      const refused = await send(change, { ifMatch: `"${stale}"` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details).toMatchObject({
        reason: 'staleVersion',
        current: { version: stale + 1 },
      });

      // The body's version where the route has a body, the header where it has none.
      const current = stale + 1;
      const made =
        change.method === 'DELETE'
          ? await send(change, { ifMatch: `W/"${current}"` })
          : await send(change, { version: current });
      expect(made.statusCode, made.body).toBe(success);
      if (success === 200) {
        expect(made.json().version).toBe(current + 1);
        expect(made.headers.etag).toBe(`"${current + 1}"`);
      }
    });

    it('answers a staff member the same 409 as a member (issue 32)', async () => {
      const change = await fresh(w);
      if (change.selfService || change.who === w.manager) return;
      const stale = await versionOf(change);
      await (await storedRecord(server, change.method, change.url))!.bump();
      const refused = await send({ ...change, who: w.manager }, { ifMatch: `"${stale}"` });
      // Staff are refused, before any version is compared, where only members act.
      expect(refused.statusCode, refused.body).toBe(MEMBERS_ONLY.test(route) ? 403 : 409);
      if (refused.statusCode === 409) {
        expect(refused.json().details).toMatchObject({
          reason: 'staleVersion',
          current: { version: stale + 1 },
        });
      }
    });

    it(`lets one of two changes on the same version win (${route})`, async () => {
      const change = await fresh(w);
      const version = await versionOf(change);
      const both = await Promise.all([
        send(change, { ifMatch: String(version) }),
        send(change, { ifMatch: String(version) }),
      ]);
      const statuses = both.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === success)).toHaveLength(1);
      // A deleted record may be gone before the other request reads it.
      const loser = statuses.find((status) => status !== success);
      expect(change.method === 'DELETE' ? [404, 409] : [409]).toContain(loser);
    });
  });

  it('refuses an If-Match that names no single version, and one the body contradicts', async () => {
    const change = await CASES[`PATCH ${PARTNER}`].fresh(w);
    for (const header of ['*', '"3", "4"', 'abc', '"0"']) {
      const response = await send(change, { ifMatch: header });
      expect(response.statusCode, header).toBe(400);
      expect(response.json().details[0].field).toBe('headers.if-match');
    }
    const version = await versionOf(change);
    const contradicted = await send(change, { ifMatch: `"${version}"`, version: version + 1 });
    expect(contradicted.statusCode).toBe(400);
    expect(contradicted.json().details[0].field).toBe('body.version');
  });

  it('documents If-Match and the 428 on every versioned route', async () => {
    const document = (await call(w.manager, 'GET', '/api/docs/json')).json();
    for (const route of Object.keys(VERSIONED_ROUTES)) {
      const [method, url] = route.split(' ') as [string, string];
      const path = url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path][method.toLowerCase()];
      expect(
        operation.parameters.some(
          (p: { in: string; name: string }) => p.in === 'header' && p.name === 'if-match',
        ),
        route,
      ).toBe(true);
      expect(Object.keys(operation.responses), route).toEqual(
        expect.arrayContaining(['409', '428']),
      );
    }
  });
});
