import type { TestServer } from './harness.js';
import { caller, type Actor, type Partner } from './partners-fixtures.js';

export interface OrderJson {
  id: number;
  uuid: string;
  number: string;
  status: string;
  version: number;
  held: boolean;
  total: string | null;
  [key: string]: unknown;
}

export const today = () => new Date().toISOString().slice(0, 10);

/** The body of an order for `partner` that a confirmation finds complete: 3 × 19.99 + 0.01 = 59.98. */
export function orderBody(partner: Partner, fields: Record<string, unknown> = {}) {
  const addresses = partner.addresses as { id: number }[];
  const contacts = partner.tradePartnerContacts as { id: number }[];
  return {
    tradePartnerUuid: partner.uuid,
    contactId: contacts[0]?.id ?? null,
    direction: 'SALE',
    customerReference: 'PO-4711',
    orderDate: today(),
    requestedDeliveryDate: today(),
    deliveryAddressId: addresses[0]!.id,
    incoterm: 'FOB',
    incotermPlace: 'Rotterdam',
    lines: [
      { description: 'Widgets', quantity: 3, unit: 'PCE', unitPrice: '19.99' },
      { description: 'Handling', quantity: '1', unit: 'PCE', unitPrice: 0.01, hsCode: '8479.89' },
    ],
    ...fields,
  };
}

/** An order made over HTTP by `who` (staff), DRAFT. */
export async function createOrder(
  server: TestServer,
  who: Actor,
  partner: Partner,
  fields: Record<string, unknown> = {},
): Promise<OrderJson> {
  const response = await caller(server)(who, 'POST', '/api/orders', orderBody(partner, fields));
  if (response.statusCode !== 201) {
    throw new Error(`create order: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** Moves an order over HTTP as `who`, with the version it has now. */
export function moveOrder(
  server: TestServer,
  who: Actor,
  order: { id: number },
  status: string,
  reason?: string,
) {
  return caller(server)(who, 'POST', `/api/orders/${order.id}/status`, {
    status,
    ...(reason ? { reason } : {}),
  });
}
