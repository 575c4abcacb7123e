import { orderHistorySchema, orderSchema, type Order, type OrderAuditEvent } from '@common/orders';
import {
  orderShipmentsSchema,
  shipmentSchema,
  type OrderShipments,
  type Shipment,
  type ShipmentCreate,
  type ShipmentStatusChange,
  type ShipmentUpdate,
  type TransportCreate,
  type TransportStatusChange,
  type TransportUpdate,
} from '@common/shipments';
import { apiClient } from '@/lib/api-client';
import { required, seg } from '@/lib/api-params';

// The shipment calls (issue 21, decision 034): one typed function per endpoint, each answer
// parsed with the contract's schema (common/shipments.ts). A change is never shared with another
// call (`dedup: false`): the request de-duplication takes a POST about shipments or transports
// for a read.

const SHIPMENTS = '/api/shipments';
const one = (base: string, idOrUuid: string | number, call: string) =>
  `${base}/${seg(required(idOrUuid, 'idOrUuid', call))}`;
const CHANGE = { skipErrorNotice: true, dedup: false } as const;

/** GET /api/orders/{idOrUuid}: the order a shipment is planned from (its direction, address). */
export async function getShippedOrder(idOrUuid: string): Promise<Order> {
  const { data } = await apiClient.get<unknown>(one('/api/orders', idOrUuid, 'getShippedOrder'));
  return orderSchema.parse(data);
}

/**
 * GET /api/orders/{idOrUuid}/shipments: each order line's ordered, shipped, delivered and
 * remaining quantities, the order's shipments (newest first), and whether I may plan one.
 */
export async function getOrderShipments(
  orderRef: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<OrderShipments> {
  const { data } = await apiClient.get<unknown>(
    `${one('/api/orders', orderRef, 'getOrderShipments')}/shipments`,
    fresh ? { dedup: false } : {},
  );
  return orderShipmentsSchema.parse(data);
}

/** GET /api/shipments/{idOrUuid}: its order, lines, legs in sequence, and what I may do. */
export async function getShipment(idOrUuid: string): Promise<Shipment> {
  const { data } = await apiClient.get<unknown>(one(SHIPMENTS, idOrUuid, 'getShipment'));
  return shipmentSchema.parse(data);
}

/** POST /api/shipments: a new shipment (PLANNED); 409 quantityExceedsRemaining, orderNotShippable. */
export async function createShipment(body: ShipmentCreate): Promise<Shipment> {
  const { data } = await apiClient.post<unknown>(SHIPMENTS, body, CHANGE);
  return shipmentSchema.parse(data);
}

/** PUT /api/shipments/{idOrUuid} on `body.version`: lines, places, dates and notes of a planned one. */
export async function updateShipment(idOrUuid: string, body: ShipmentUpdate): Promise<Shipment> {
  const { data } = await apiClient.put<unknown>(
    one(SHIPMENTS, idOrUuid, 'updateShipment'),
    body,
    CHANGE,
  );
  return shipmentSchema.parse(data);
}

/**
 * POST /api/shipments/{idOrUuid}/status: the shipment moved by hand. 409 when someone else
 * changed it first, when the partner's KYC file is not approved (kycNotApproved, leaving) or
 * when its legs move it (shipmentFollowsLegs).
 */
export async function changeShipmentStatus(
  idOrUuid: string,
  change: ShipmentStatusChange,
): Promise<Shipment> {
  const { data } = await apiClient.post<unknown>(
    `${one(SHIPMENTS, idOrUuid, 'changeShipmentStatus')}/status`,
    change,
    CHANGE,
  );
  return shipmentSchema.parse(data);
}

/** GET /api/shipments/{idOrUuid}/history: the order's trail entries about this shipment. */
export async function getShipmentHistory(
  idOrUuid: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<OrderAuditEvent[]> {
  const { data } = await apiClient.get<unknown>(
    `${one(SHIPMENTS, idOrUuid, 'getShipmentHistory')}/history`,
    fresh ? { dedup: false } : {},
  );
  return orderHistorySchema.parse(data).events;
}

// The leg calls answer the leg; the screen reads the shipment again instead, since moving a leg
// may have moved the shipment and its order too.

/** POST /api/shipments/{idOrUuid}/transports: a leg after the last one. */
export async function addTransport(shipmentRef: string, body: TransportCreate): Promise<void> {
  await apiClient.post(`${one(SHIPMENTS, shipmentRef, 'addTransport')}/transports`, body, CHANGE);
}

/** PUT /api/transports/{idOrUuid} on `body.version`: a planned leg's fields. */
export async function updateTransport(idOrUuid: string, body: TransportUpdate): Promise<void> {
  await apiClient.put(one('/api/transports', idOrUuid, 'updateTransport'), body, CHANGE);
}

/**
 * POST /api/transports/{idOrUuid}/status: DEPARTED, ARRIVED or CANCELLED. 409 previousLegOpen
 * when a leg before it has not arrived, kycNotApproved when the first leg would take a held
 * order's shipment on its way.
 */
export async function changeTransportStatus(
  idOrUuid: string,
  change: TransportStatusChange,
): Promise<void> {
  await apiClient.post(
    `${one('/api/transports', idOrUuid, 'changeTransportStatus')}/status`,
    change,
    CHANGE,
  );
}
