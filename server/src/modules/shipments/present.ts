import type { Decimal } from '#common/money.js';
import type { OrderLine } from '#common/orders.js';
import {
  isLate,
  legLate,
  lineQuantities,
  type LineQuantities,
  type Shipment,
  type ShipmentPlace,
  type ShipmentSummary,
  type Transport,
} from '#common/shipments.js';
import { toIso } from '#server/api-schemas.js';
import type { KycStanding } from '#server/modules/orders/orders-service.js';
import { personName } from '#server/modules/users/identity-service.js';
import type {
  ShipmentLineView,
  ShipmentRow,
  ShipmentView,
  ShippedLines,
} from './shipments-repository.js';
import type { TransportRow } from './transports-repository.js';

export function presentTransport(leg: TransportRow, today: string): Transport {
  return {
    id: leg.id,
    uuid: leg.uuid,
    shipmentId: leg.shipmentId,
    sequence: leg.sequence,
    mode: leg.mode,
    carrier: leg.carrier,
    vehicle: leg.vehicle,
    trackingReference: leg.trackingReference,
    from: { place: leg.fromPlace, country: leg.fromCountry },
    to: { place: leg.toPlace, country: leg.toCountry },
    plannedDeparture: leg.plannedDeparture,
    plannedArrival: leg.plannedArrival,
    actualDeparture: leg.actualDeparture,
    actualArrival: leg.actualArrival,
    status: leg.status,
    cancelReason: leg.cancelReason,
    late: legLate(leg, today),
    version: leg.version,
    updatedAt: toIso(leg.updatedAt),
  };
}

const placeOf = (shipment: ShipmentRow, end: 'origin' | 'destination'): ShipmentPlace => ({
  name: shipment[`${end}Name`],
  street: shipment[`${end}Street`],
  postalCode: shipment[`${end}PostalCode`],
  city: shipment[`${end}City`],
  country: shipment[`${end}Country`],
});

/** Late: delivered after the planned date, or not yet and it has passed; or a leg is late. */
function shipmentLate(shipment: ShipmentRow, legs: readonly Transport[], today: string): boolean {
  if (shipment.status === 'CANCELLED') return false;
  return (
    isLate(shipment.plannedDeliveryDate, shipment.actualDeliveryDate, today) ||
    legs.some((leg) => leg.late.departure || leg.late.arrival)
  );
}

/** A shipment as an order's list shows it; `legs` are its own, in sequence. */
export function presentSummary(
  shipment: ShipmentRow,
  lineCount: number,
  legs: readonly TransportRow[],
  today: string,
): ShipmentSummary {
  const transports = legs.map((leg) => presentTransport(leg, today));
  return {
    id: shipment.id,
    uuid: shipment.uuid,
    number: shipment.number,
    status: shipment.status,
    plannedPickupDate: shipment.plannedPickupDate,
    plannedDeliveryDate: shipment.plannedDeliveryDate,
    actualPickupDate: shipment.actualPickupDate,
    actualDeliveryDate: shipment.actualDeliveryDate,
    destination: placeOf(shipment, 'destination'),
    lineCount,
    legCount: legs.filter((leg) => leg.status !== 'CANCELLED').length,
    late: shipmentLate(shipment, transports, today),
    version: shipment.version,
    updatedAt: toIso(shipment.updatedAt),
  };
}

/** The whole shipment: its order, lines and legs, and what the caller may do. */
export function presentShipment(
  view: ShipmentView,
  lines: readonly ShipmentLineView[],
  legs: readonly TransportRow[],
  kyc: KycStanding | null,
  permissions: Shipment['permissions'],
  today: string,
): Shipment {
  const { shipment, order, partner } = view;
  return {
    ...presentSummary(shipment, lines.length, legs, today),
    order: {
      id: order.id,
      uuid: order.uuid,
      number: order.number,
      status: order.status,
      held: order.held,
      tradePartner: partner,
      kyc,
    },
    origin: placeOf(shipment, 'origin'),
    notes: shipment.notes,
    lines: lines.map((line) => ({ ...line })),
    transports: legs.map((leg) => presentTransport(leg, today)),
    cancelReason: shipment.cancelReason,
    createdBy: view.creator ? { id: view.creator.id, name: personName(view.creator) } : null,
    createdAt: toIso(shipment.createdAt),
    permissions,
  };
}

/** What is left to ship of each of the order's lines, with what the line is. */
export function presentQuantities(
  orderLines: readonly Pick<OrderLine, 'id' | 'position' | 'description' | 'unit' | 'quantity'>[],
  shipped: readonly ShippedLines[],
): (LineQuantities & Pick<OrderLine, 'position' | 'description' | 'unit'>)[] {
  const quantities = lineQuantities(
    orderLines.map((line) => ({ id: line.id, quantity: line.quantity as Decimal })),
    shipped,
  );
  return quantities.map((counted, index) => ({
    ...counted,
    position: orderLines[index]!.position,
    description: orderLines[index]!.description,
    unit: orderLines[index]!.unit,
  }));
}
