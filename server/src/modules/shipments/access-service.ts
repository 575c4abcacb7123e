import {
  LEG_ADDABLE_SHIPMENT_STATUSES,
  SHIPMENT_TRANSITIONS,
  type Shipment,
  type ShipmentStatus,
} from '#common/shipments.js';
import type { Db } from '#server/db/client.js';
import { NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy, type PartnerMembership, type ShipmentAction } from '#server/policy.js';
import {
  createOrderLookup,
  orderNotFound,
  type OrderRef,
  type OrderView,
} from '#server/modules/orders/orders-service.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import {
  createShipmentRepository,
  refValue,
  type Ref,
  type ShipmentView,
} from './shipments-repository.js';
import { createTransportRepository, type TransportRow } from './transports-repository.js';

export const shipmentNotFound = (ref: Ref) => `Shipment with ID/UUID ${refValue(ref)} not found.`;
export const transportNotFound = (ref: Ref) => `Transport with ID/UUID ${refValue(ref)} not found.`;

export interface ShipmentAccess {
  view: ShipmentView;
  /** The actor's own membership in the order's trade partner, if any. */
  membership: PartnerMembership | undefined;
}

/**
 * Loads the shipment a path names and asks the policy whether the actor may do `action` on it.
 * A shipment that does not exist and one the actor may not see give the same 404.
 */
export async function authorizeShipmentAccess(
  db: Db,
  actor: AuthUser,
  ref: Ref,
  action: ShipmentAction,
  notFound = shipmentNotFound(ref),
): Promise<ShipmentAccess> {
  const view = await createShipmentRepository(db).find(ref);
  if (!view) throw new NotFoundError(notFound);
  const membership = await createPartnerLookup(db).membership(view.order.tradePartnerId, actor.sub);
  policy.authorizeShipment(actor, membership, action, notFound);
  return { view, membership };
}

/** The leg a path names, with its shipment, if the actor may do `action` on it (as above). */
export async function authorizeTransportAccess(
  db: Db,
  actor: AuthUser,
  ref: Ref,
  action: ShipmentAction,
): Promise<ShipmentAccess & { leg: TransportRow }> {
  const leg = await createTransportRepository(db).find(ref);
  const notFound = transportNotFound(ref);
  if (!leg) throw new NotFoundError(notFound);
  const access = await authorizeShipmentAccess(db, actor, { id: leg.shipmentId }, action, notFound);
  return { ...access, leg };
}

/**
 * The order a path or body names, if the actor may do `action` on its shipments: `read` them,
 * or `write` (plan one). Whoever may not see the order is told it does not exist.
 */
export async function authorizeOrderShipments(
  db: Db,
  actor: AuthUser,
  ref: OrderRef,
  action: ShipmentAction,
): Promise<{ order: OrderView; membership: PartnerMembership | undefined }> {
  const order = await createOrderLookup(db).find(ref);
  if (!order) throw new NotFoundError(orderNotFound(ref));
  const membership = await createPartnerLookup(db).membership(order.partner.id, actor.sub);
  policy.authorizeShipment(actor, membership, action, orderNotFound(ref));
  return { order, membership };
}

/** Whether the actor may plan shipments and move them: staff (policy.ts). */
export const writesShipments = (actor: AuthUser, membership: PartnerMembership | undefined) =>
  policy.decideShipment(actor, membership, 'write') === 'allow';

/**
 * What the actor may do with a shipment in `status`: `edit` its fields and lines (while
 * PLANNED) and its legs (while PLANNED or IN_TRANSIT), move it, upload its papers.
 */
export function permissionsOf(
  actor: AuthUser,
  membership: PartnerMembership | undefined,
  status: ShipmentStatus,
): Shipment['permissions'] {
  const writes = writesShipments(actor, membership);
  return {
    edit: writes && LEG_ADDABLE_SHIPMENT_STATUSES.includes(status),
    changeStatus: writes && SHIPMENT_TRANSITIONS[status].length > 0,
    uploadDocuments: policy.decideShipment(actor, membership, 'documents') === 'allow',
  };
}
