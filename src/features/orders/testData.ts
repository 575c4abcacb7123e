// Test data for the order screens: answers as the contract (common/orders.ts) shapes them, and a
// small order API over msw that notes what it is asked.
import { http, HttpResponse } from 'msw';
import { documentTypesJson } from '../../../tests/data/documents';
import { acmeUuid, partnerJson } from '../../../tests/data/partners';
import { server } from '../../../tests/msw-server';

export const orderUuid = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
export const kycFileUuid = '7d3e2f1a-4b5c-4d6e-8f70-1a2b3c4d5e6f';

export const partnerRef = { id: 42, uuid: acmeUuid, name: 'Acme Logistics B.V.' };

export function summaryJson(overrides: Record<string, unknown> = {}) {
  return {
    id: 123,
    uuid: orderUuid,
    number: 'ORD-2026-000123',
    tradePartner: partnerRef,
    direction: 'SALE',
    customerReference: 'PO-7788',
    orderDate: '2026-03-02',
    requestedDeliveryDate: '2026-03-20',
    currency: 'EUR',
    total: '1234.50',
    lineCount: 2,
    status: 'DRAFT',
    held: false,
    version: 3,
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const linesJson = [
  {
    id: 1,
    position: 1,
    description: 'Steel coils',
    quantity: '2.125',
    unit: 'TNE',
    unitPrice: '480.0000',
    hsCode: '720851',
    amount: '1020.00',
  },
  {
    id: 2,
    position: 2,
    description: 'Pallets',
    quantity: '10.000',
    unit: 'PAL',
    unitPrice: '21.4500',
    hsCode: null,
    amount: '214.50',
  },
];

/** Nothing shipped yet: every line is left to ship in full. */
export const leftToShipJson = linesJson.map(({ id, position, description, unit, quantity }) => ({
  orderLineId: id,
  position,
  description,
  unit,
  ordered: quantity,
  remaining: quantity,
}));

export const STAFF_PERMISSIONS = {
  edit: true,
  changeStatus: true,
  uploadDocuments: true,
  viewAmounts: true,
};

/** What an owner of the partner may do: read, and upload documents. */
export const OWNER_PERMISSIONS = {
  edit: false,
  changeStatus: false,
  uploadDocuments: true,
  viewAmounts: true,
};

export function orderJson(overrides: Record<string, unknown> = {}) {
  return {
    ...summaryJson(),
    contactId: 3,
    deliveryAddressId: 7,
    incoterm: 'FOB',
    incotermPlace: 'Rotterdam',
    notes: 'Deliver to gate 4.',
    lines: linesJson,
    cancelReason: null,
    leftToShip: leftToShipJson,
    allDelivered: false,
    kyc: { id: 12, uuid: kycFileUuid, status: 'APPROVED' },
    createdBy: { id: 7, name: 'Mark de Vries' },
    createdAt: '2026-03-02T09:00:00.000Z',
    confirmedAt: null,
    permissions: STAFF_PERMISSIONS,
    ...overrides,
  };
}

export const historyJson = {
  events: [
    {
      id: 1,
      action: 'created',
      fromValue: null,
      toValue: 'DRAFT',
      reason: null,
      shipmentId: null,
      transportId: null,
      details: null,
      userName: 'Mark de Vries',
      createdAt: '2026-03-02T09:00:00.000Z',
    },
    {
      id: 2,
      action: 'updated',
      fromValue: null,
      toValue: null,
      reason: null,
      shipmentId: null,
      transportId: null,
      details: { fields: ['customerReference', 'lines'] },
      userName: 'Mark de Vries',
      createdAt: '2026-03-02T09:30:00.000Z',
    },
  ],
};

/** The server's 409 body with `details`. */
export const conflict = (details: unknown, message = 'Conflict') => ({
  statusCode: 409,
  error: 'Conflict',
  message,
  details,
});

/**
 * The order calls for one order (`order`, changed by overrides as the test goes), its partner,
 * its history and its documents. Notes each request as 'METHOD /path?query' and each body.
 */
export function mockOrderApi(order: Record<string, unknown> = orderJson()) {
  const requests: string[] = [];
  const bodies: unknown[] = [];
  const note = async (request: Request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.method !== 'GET') bodies.push(await request.clone().json());
  };
  server.use(
    http.get('/api/orders/:ref', async ({ request }) => {
      await note(request);
      return HttpResponse.json(order);
    }),
    http.get('/api/orders/:ref/history', async ({ request }) => {
      await note(request);
      return HttpResponse.json(historyJson);
    }),
    // The order's page in the app shows its shipments (issue 21): none here.
    http.get('/api/orders/:ref/shipments', () =>
      HttpResponse.json({ lines: [], shipments: [], mayCreate: false }),
    ),
    http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(partnerJson())),
    http.get('/api/documents/types', () => HttpResponse.json(documentTypesJson)),
    http.get('/api/documents/entity-uuid/order/:uuid', async ({ request }) => {
      await note(request);
      return HttpResponse.json({ documents: [], page: 0, size: 100, totalElements: 0 });
    }),
  );
  return { requests, bodies };
}

/** POST /api/orders/{ref}/status: notes each body; answers what `answer` makes of it. */
export function mockStatusApi(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/orders/:ref/status', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

/** GET /api/orders/{ref} answers 404: no such order, or not the caller's to see. */
export function serveNoOrder() {
  server.use(
    http.get('/api/orders/:ref', () =>
      HttpResponse.json(
        { statusCode: 404, error: 'Not Found', message: 'No order' },
        { status: 404 },
      ),
    ),
  );
}
