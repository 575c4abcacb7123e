// Test data for the shipment screens: answers as the contract (common/shipments.ts) shapes them,
// and a small shipment API over msw that notes what it is asked.
import { http, HttpResponse } from 'msw';
import { documentTypesJson } from '../../../tests/data/documents';
import { acmeUuid } from '../../../tests/data/partners';
import { server } from '../../../tests/msw-server';

export const shipmentUuid = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const orderUuid = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
export const kycFileUuid = '7d3e2f1a-4b5c-4d6e-8f70-1a2b3c4d5e6f';

/** The order a shipment is of, as the shipment answer names it. */
export const orderRefJson = {
  id: 123,
  uuid: orderUuid,
  number: 'ORD-2026-000123',
  status: 'IN_PROGRESS',
  held: false,
  tradePartner: { id: 42, uuid: acmeUuid, name: 'Acme Logistics B.V.' },
  kyc: { id: 12, uuid: kycFileUuid, status: 'APPROVED' },
};

/** GET /api/orders/{ref}/shipments: 2.125 t of steel coils and 10 pallets ordered. */
export function orderShipmentsJson(overrides: Record<string, unknown> = {}) {
  return {
    lines: [
      {
        orderLineId: 1,
        position: 1,
        description: 'Steel coils',
        unit: 'TNE',
        ordered: '2.125',
        shipped: '1.000',
        delivered: '1.000',
        remaining: '1.125',
      },
      {
        orderLineId: 2,
        position: 2,
        description: 'Pallets',
        unit: 'PAL',
        ordered: '10.000',
        shipped: '0.000',
        delivered: '0.000',
        remaining: '10.000',
      },
    ],
    shipments: [summaryJson()],
    mayCreate: true,
    ...overrides,
  };
}

export function summaryJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 501,
    uuid: shipmentUuid,
    number: 'SHP-2026-000501',
    status: 'IN_TRANSIT',
    plannedPickupDate: '2026-03-05',
    plannedDeliveryDate: '2026-03-12',
    actualPickupDate: '2026-03-05',
    actualDeliveryDate: null,
    destination: {
      name: 'Acme Logistics B.V.',
      street: 'Coolsingel 40',
      postalCode: '3011 AD',
      city: 'Rotterdam',
      country: 'NL',
    },
    lineCount: 1,
    legCount: 2,
    late: true,
    version: 4,
    updatedAt: '2026-03-06T10:00:00.000Z',
    ...overrides,
  };
}

/** A leg: by road from Duisburg to Antwerp, arrived on time. */
export function legJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 61,
    uuid: '00000000-0000-4000-8000-000000000061',
    shipmentId: 501,
    sequence: 1,
    mode: 'ROAD',
    carrier: 'Rhenus Logistics',
    vehicle: 'DU-RL 482',
    trackingReference: 'RH-99812',
    from: { place: 'Duisburg', country: 'DE' },
    to: { place: 'Antwerp', country: 'BE' },
    plannedDeparture: '2026-03-05',
    plannedArrival: '2026-03-06',
    actualDeparture: '2026-03-05',
    actualArrival: '2026-03-06',
    status: 'ARRIVED',
    cancelReason: null,
    late: { departure: false, arrival: false },
    version: 3,
    updatedAt: '2026-03-06T10:00:00.000Z',
    ...overrides,
  };
}

/** The sea leg after it: departed, and its arrival is past due. */
export const seaLegJson = (overrides: Record<string, unknown> = {}) =>
  legJson({
    id: 62,
    uuid: '00000000-0000-4000-8000-000000000062',
    sequence: 2,
    mode: 'SEA',
    carrier: 'MSC',
    vehicle: 'MSC Aurora',
    trackingReference: 'MSCU1234567',
    from: { place: 'Antwerp', country: 'BE' },
    to: { place: 'Rotterdam', country: 'NL' },
    plannedDeparture: '2026-03-07',
    plannedArrival: '2026-03-10',
    actualDeparture: '2026-03-07',
    actualArrival: null,
    status: 'DEPARTED',
    late: { departure: false, arrival: true },
    version: 2,
    ...overrides,
  });

export const STAFF_PERMISSIONS = { edit: true, changeStatus: true, uploadDocuments: true };
/** What an owner of the partner may do: read, and upload papers. */
export const OWNER_PERMISSIONS = { edit: false, changeStatus: false, uploadDocuments: true };

export function shipmentJson(overrides: Record<string, unknown> = {}) {
  return {
    ...summaryJson(),
    order: orderRefJson,
    origin: {
      name: null,
      street: 'Hafenstraße 12',
      postalCode: '47119',
      city: 'Duisburg',
      country: 'DE',
    },
    notes: 'Forklift needed at the gate.',
    lines: [
      {
        id: 701,
        orderLineId: 1,
        position: 1,
        description: 'Steel coils',
        unit: 'TNE',
        quantity: '1.000',
      },
    ],
    transports: [legJson(), seaLegJson()],
    cancelReason: null,
    createdBy: { id: 7, name: 'Mark de Vries' },
    createdAt: '2026-03-04T09:00:00.000Z',
    permissions: STAFF_PERMISSIONS,
    ...overrides,
  };
}

/** The server's 409 body with `details`. */
export const conflict = (details: unknown, message = 'Conflict') => ({
  statusCode: 409,
  error: 'Conflict',
  message,
  details,
});

/**
 * The reads of one shipment's page: the shipment (`shipment`), its trail, its papers and the
 * document types. Notes each request as 'METHOD /path?query'.
 */
export function mockShipmentApi(shipment: Record<string, unknown> = shipmentJson()) {
  const requests: string[] = [];
  const note = (request: Request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  };
  server.use(
    http.get('/api/shipments/:ref', ({ request }) => {
      note(request);
      return HttpResponse.json(shipment);
    }),
    http.get('/api/shipments/:ref/history', () =>
      HttpResponse.json({
        events: [
          {
            id: 1,
            action: 'shipmentCreated',
            fromValue: null,
            toValue: 'PLANNED',
            reason: null,
            shipmentId: 501,
            transportId: null,
            details: { number: 'SHP-2026-000501' },
            userName: 'Mark de Vries',
            createdAt: '2026-03-04T09:00:00.000Z',
          },
          {
            id: 2,
            action: 'transportStatus',
            fromValue: 'PLANNED',
            toValue: 'DEPARTED',
            reason: null,
            shipmentId: 501,
            transportId: 62,
            details: null,
            userName: 'Mark de Vries',
            createdAt: '2026-03-07T09:00:00.000Z',
          },
        ],
      }),
    ),
    http.get('/api/documents/shipment/:id', ({ request }) => {
      note(request);
      return HttpResponse.json({ documents: [], page: 0, size: 100, totalElements: 0 });
    }),
    http.get('/api/documents/types', () => HttpResponse.json(documentTypesJson)),
  );
  return { requests };
}

/** POST {path}: notes each body; answers what `answer` makes of it. */
export function postApi(path: string, answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}
