import type { TestServer } from './harness.js';
import { createKyc, forceKycState, type Kyc, type KycCompany } from './kyc-fixtures.js';
import { createOrder, moveOrder, today, type OrderJson } from './orders-fixtures.js';
import { caller, type Actor, type Partner } from './partners-fixtures.js';

export interface LineJson {
  id: number;
  position: number;
  quantity: string;
  [key: string]: unknown;
}

export interface ShipmentJson {
  id: number;
  uuid: string;
  number: string;
  status: string;
  version: number;
  lines: LineJson[];
  transports: TransportJson[];
  [key: string]: unknown;
}

export interface TransportJson {
  id: number;
  uuid: string;
  sequence: number;
  status: string;
  version: number;
  [key: string]: unknown;
}

/** A day `days` days from today (before it, when negative), as the forms write dates. */
export const inDays = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Starts the company's KYC file as its owner and forces it APPROVED, as a gate-free start. */
export async function approvedKyc(server: TestServer, company: KycCompany): Promise<Kyc> {
  const kyc = await createKyc(server, company.owner, company.partner);
  await forceKycState(server, kyc.id, { status: 'APPROVED', steps: 'APPROVED' });
  return kyc;
}

export type ShippableOrder = OrderJson & { lines: LineJson[] };

/**
 * An order of `partner` (whose KYC file must be approved) with three lines, 10 pieces, 2.5 t
 * and 1 pallet, that `manager` made and confirmed over HTTP.
 */
export async function confirmedOrder(
  server: TestServer,
  manager: Actor,
  partner: Partner,
): Promise<ShippableOrder> {
  const draft = await createOrder(server, manager, partner, {
    lines: [
      { description: 'Widgets', quantity: '10', unit: 'PCE', unitPrice: '2.50' },
      { description: 'Steel coil', quantity: '2.5', unit: 'TNE', unitPrice: '2480' },
      { description: 'Pallet', quantity: '1', unit: 'PAL', unitPrice: '14.50' },
    ],
  });
  const confirmed = await moveOrder(server, manager, draft, 'CONFIRMED');
  if (confirmed.statusCode !== 200) {
    throw new Error(`confirm order: ${confirmed.statusCode} ${confirmed.body}`);
  }
  return confirmed.json();
}

export const place = (city = 'Rotterdam', country = 'NL') => ({
  name: 'Warehouse 4',
  street: 'Waalhaven Oostzijde 85',
  postalCode: '3087 BM',
  city,
  country,
});

/** The body of POST /api/shipments: `lines` as [order line, quantity]. */
export function shipmentBody(
  order: { uuid: string },
  lines: [{ id: number }, string | number][],
  fields: Record<string, unknown> = {},
) {
  return {
    orderUuid: order.uuid,
    lines: lines.map(([line, quantity]) => ({ orderLineId: line.id, quantity })),
    origin: place(),
    destination: place('München', 'DE'),
    plannedPickupDate: today(),
    plannedDeliveryDate: inDays(3),
    ...fields,
  };
}

/** A shipment planned over HTTP by `who` (staff). */
export async function createShipment(
  server: TestServer,
  who: Actor,
  body: ReturnType<typeof shipmentBody>,
): Promise<ShipmentJson> {
  const response = await caller(server)(who, 'POST', '/api/shipments', body);
  if (response.statusCode !== 201) {
    throw new Error(`create shipment: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** The body of a leg: by road from Rotterdam to München, leaving today. */
export const legBody = (fields: Record<string, unknown> = {}) => ({
  mode: 'ROAD',
  carrier: 'Van Dijk Logistics B.V.',
  vehicle: '84-BXL-2',
  trackingReference: 'VDL-0001',
  from: { place: 'Rotterdam', country: 'NL' },
  to: { place: 'München', country: 'DE' },
  plannedDeparture: today(),
  plannedArrival: inDays(2),
  ...fields,
});

/** A leg added over HTTP by `who` (staff). */
export async function addLeg(
  server: TestServer,
  who: Actor,
  shipment: { id: number },
  fields: Record<string, unknown> = {},
): Promise<TransportJson> {
  const response = await caller(server)(
    who,
    'POST',
    `/api/shipments/${shipment.id}/transports`,
    legBody(fields),
  );
  if (response.statusCode !== 201) {
    throw new Error(`add leg: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** Moves a shipment (`shipments`) or a leg (`transports`) over HTTP as `who`, at its version now. */
export function move(
  server: TestServer,
  who: Actor,
  kind: 'shipments' | 'transports',
  what: { id: number },
  status: string,
  extra: Record<string, unknown> = {},
) {
  return caller(server)(who, 'POST', `/api/${kind}/${what.id}/status`, { status, ...extra });
}
