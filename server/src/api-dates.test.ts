import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_MESSAGES } from '#common/api.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  kycCompany,
  stepUrl,
  validStepData,
  type KycCompany,
} from '#server/testing/kyc-fixtures.js';
import { createOrder, orderBody } from '#server/testing/orders-fixtures.js';
import { apiOperations, type Schema } from '#server/testing/openapi.js';
import { caller, signIn, type Actor, type Caller } from '#server/testing/partners-fixtures.js';
import {
  addLeg,
  approvedKyc,
  confirmedOrder,
  createShipment,
  legBody,
  shipmentBody,
  type ShippableOrder,
} from '#server/testing/shipments-fixtures.js';

/**
 * The boundaries every date field is sent (issue 32, finding 4: `0000-01-01` passed validation
 * and PostgreSQL refused it, a 500 on ten order, shipment and leg calls).
 */
const BOUNDARIES = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1900-01-01',
  '2100-12-31',
  '2101-01-01',
  '9999-12-31',
  '10000-01-01',
  '2026-02-29',
  '2026-02-30',
  '',
  '0000-01-01T00:00:00Z',
];

/** Why a date is refused: the refusals of the date schemas of common/api.ts. */
const REFUSALS: string[] = Object.values(DATE_MESSAGES);

interface DateSchema extends Schema {
  format?: string;
  formatMinimum?: string;
  formatMaximum?: string;
}

/** A date field of a request: where it is and how the OpenAPI document describes it. */
interface DateField {
  operation: string;
  /** As a 400 names it: `body.orderDate`, `querystring.from`. */
  field: string;
  schema: DateSchema;
}

/** Whether the field takes `value`: a real day (or moment) within the range it documents. */
function takes(schema: DateSchema, value: string): boolean {
  const format = schema.format === 'date' ? z.iso.date() : z.iso.datetime();
  if (!format.safeParse(value).success) return false;
  const day = value.slice(0, 10);
  return (
    (schema.formatMinimum === undefined || day >= schema.formatMinimum) &&
    (schema.formatMaximum === undefined || day <= schema.formatMaximum)
  );
}

/** A request of one operation whose `name` field (body or query) holds `value`. */
type Request = (name: string, value: string) => { method: string; url: string; body?: unknown };

let server: TestServer;
let call: Caller;
let manager: Actor;
let company: KycCompany;
let order: ShippableOrder;
let requests: Record<string, Request>;

/** Everything the date fields' requests change, made once per server. */
async function world() {
  manager = await signIn(server, 'manager', ['NT24_MANAGER']);
  company = await kycCompany(server);
  await approvedKyc(server, company);
  order = await confirmedOrder(server, manager, company.partner);
  const draft = await createOrder(server, manager, company.partner);
  const planned = () =>
    createShipment(server, manager, shipmentBody(order, [[order.lines[0]!, '0.001']]));
  const [edited, moved, withLegs] = await Promise.all([planned(), planned(), planned()]);
  const [leg, movedLeg] = [
    await addLeg(server, manager, withLegs),
    await addLeg(server, manager, withLegs),
  ];
  const shipmentFields = {
    ...shipmentBody(order, [[edited.lines[0]!, '0.001']]),
    orderUuid: undefined,
  };
  const field = (name: string, value: string) => ({ [name]: value });
  requests = {
    'GET /api/orders': (name, value) => ({
      method: 'GET',
      url: `/api/orders?${name}=${encodeURIComponent(value)}`,
    }),
    'POST /api/orders': (name, value) => ({
      method: 'POST',
      url: '/api/orders',
      body: orderBody(company.partner, field(name, value)),
    }),
    'PUT /api/orders/{idOrUuid}': (name, value) => ({
      method: 'PUT',
      url: `/api/orders/${draft.uuid}`,
      body: orderBody(company.partner, field(name, value)),
    }),
    'POST /api/shipments': (name, value) => ({
      method: 'POST',
      url: '/api/shipments',
      body: shipmentBody(order, [[order.lines[0]!, '0.001']], field(name, value)),
    }),
    'PUT /api/shipments/{idOrUuid}': (name, value) => ({
      method: 'PUT',
      url: `/api/shipments/${edited.uuid}`,
      body: { ...shipmentFields, ...field(name, value) },
    }),
    'POST /api/shipments/{idOrUuid}/status': (name, value) => ({
      method: 'POST',
      url: `/api/shipments/${moved.uuid}/status`,
      body: { status: 'IN_TRANSIT', ...field(name, value) },
    }),
    'POST /api/shipments/{idOrUuid}/transports': (name, value) => ({
      method: 'POST',
      url: `/api/shipments/${withLegs.uuid}/transports`,
      body: legBody(field(name, value)),
    }),
    'PUT /api/transports/{idOrUuid}': (name, value) => ({
      method: 'PUT',
      url: `/api/transports/${leg.uuid}`,
      body: legBody(field(name, value)),
    }),
    'POST /api/transports/{idOrUuid}/status': (name, value) => ({
      method: 'POST',
      url: `/api/transports/${movedLeg.uuid}/status`,
      body: { status: 'DEPARTED', ...field(name, value) },
    }),
  };
}

/** The 400's refusals of `field` that are a date schema's. */
const dateRefusals = (details: unknown, field: string) =>
  (Array.isArray(details) ? (details as { field: string; message: string }[]) : []).filter(
    (issue) => issue.field === field && REFUSALS.includes(issue.message),
  );

describe.each(databaseTargets())('every date field at its boundaries (%s)', (target) => {
  let fields: DateField[];

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    await world();
    const api = await apiOperations(server);
    /** The date or date-time schema a value of `schema` may be (through a nullable's anyOf). */
    const dateOf = (schema: Schema | undefined): DateSchema | undefined => {
      const resolved = api.resolve(schema) as DateSchema | undefined;
      if (!resolved) return undefined;
      if (resolved.format === 'date' || resolved.format === 'date-time') return resolved;
      return [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]
        .map(dateOf)
        .find((found) => found !== undefined);
    };
    fields = api.operations.flatMap((operation) => {
      const name = `${operation.method} ${operation.template}`;
      const query = operation.queryParameters.map(
        (p) => [`querystring.${p.name}`, p.schema] as const,
      );
      const body = Object.entries(api.properties(operation.body)).map(
        ([property, schema]) => [`body.${property}`, schema] as const,
      );
      return [...query, ...body].flatMap(([field, schema]) => {
        const date = dateOf(schema);
        return date ? [{ operation: name, field, schema: date }] : [];
      });
    });
  });
  afterAll(() => server?.close());

  it('finds the date fields in the OpenAPI document, and has a request for each', () => {
    expect(fields.map(({ operation, field }) => `${operation} ${field}`)).toEqual(
      expect.arrayContaining([
        'GET /api/orders querystring.from',
        'GET /api/orders querystring.to',
        'POST /api/orders body.orderDate',
        'PUT /api/shipments/{idOrUuid} body.plannedPickupDate',
        'POST /api/transports/{idOrUuid}/status body.date',
      ]),
    );
    for (const { operation } of fields) expect(requests[operation], operation).toBeDefined();
  });

  it('answers each boundary 400 naming the field and why, or takes it: never 5xx', async () => {
    for (const { operation, field, schema } of fields) {
      const name = field.split('.')[1]!;
      for (const value of BOUNDARIES) {
        const { method, url, body } = requests[operation]!(name, value);
        const response = await call(manager, method as 'GET', url, body);
        const where = `${operation} ${field}=${JSON.stringify(value)}: ${response.body}`;
        expect(response.statusCode, where).toBeLessThan(500);
        const refusals =
          response.statusCode === 400 ? dateRefusals(response.json().details, field) : [];
        if (takes(schema, value)) {
          expect([200, 201, 204, 400, 404, 409], where).toContain(response.statusCode);
          expect(refusals, where).toEqual([]);
        } else {
          expect(response.statusCode, where).toBe(400);
          expect(refusals, where).not.toEqual([]);
        }
      }
    }
  });

  it('refuses a birthday that is no day a person was born on', async () => {
    const me = await signIn(server, 'person', ['NT24_EMPLOYEE']);
    for (const value of BOUNDARIES) {
      const response = await call(me, 'PATCH', `/api/users/${me.userId}`, { birthday: value });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().details[0].field, value).toBe('body.birthday');
    }
  });

  it('refuses KYC step dates outside their range, an extract outside the business dates', async () => {
    const fresh = await kycCompany(server);
    const kyc = await createKyc(server, fresh.owner, fresh.partner);
    const data = validStepData(fresh.partner, 1);
    const save = (stepType: 'coc' | 'contacts', stepData: object) =>
      call(fresh.owner, 'PUT', stepUrl(kyc, stepType, 'data', fresh.owner), { data: stepData });
    const cases = [
      ['coc', 'extractDate', '1899-12-31', DATE_MESSAGES.businessDateRange],
      ['coc', 'extractDate', '0000-01-01', DATE_MESSAGES.businessDateRange],
      ['coc', 'registrationDate', '0000-01-01', DATE_MESSAGES.dateRange],
      ['coc', 'registrationDate', '10000-01-01', DATE_MESSAGES.date],
      ['coc', 'registrationDate', '2026-02-30', DATE_MESSAGES.date],
      ['contacts', 'people.0.dateOfBirth', '0000-01-01', DATE_MESSAGES.dateRange],
    ] as const;
    for (const [stepType, field, value, message] of cases) {
      const stepData =
        stepType === 'coc'
          ? { ...data.coc, [field]: value }
          : { people: [{ ...(data.contacts.people as object[])[1], dateOfBirth: value }] };
      const response = await save(stepType, stepData);
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json().details, `${field}=${value}`).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: `data.${field}`, message })]),
      );
    }
  });
});
