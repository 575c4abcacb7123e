import type { Db } from '#server/db/client.js';
import type { AuthUser } from '#server/plugins/auth.js';
import {
  recordOrderDocument,
  type OrderDocumentEvent,
} from '#server/modules/orders/orders-service.js';
import {
  authorizeShipmentAccess,
  authorizeTransportAccess,
  type ShipmentAccess,
} from './access-service.js';
import { createShipmentRepository, type Ref } from './shipments-repository.js';

/** A shipment or one of its legs, as a document names it: its ids and its order's partner's. */
export interface ShipmentTarget {
  shipmentId: number;
  /** The leg's id when the document is a leg's. */
  transportId: number | null;
  tradePartnerId: number;
  tradePartnerUuid: string;
}

const targetOf = ({ view }: ShipmentAccess, transportId: number | null): ShipmentTarget => ({
  shipmentId: view.shipment.id,
  transportId,
  tradePartnerId: view.partner.id,
  tradePartnerUuid: view.partner.uuid,
});

/** What the documents ask of shipments. */
export function createShipmentLookup(db: Db) {
  return {
    /**
     * The shipment a document call names, if `actor` may read it or change its documents (404
     * for one that does not exist or is not theirs to see, 403 for a reader who may not).
     */
    async shipment(actor: AuthUser, ref: Ref, action: 'read' | 'documents') {
      return targetOf(await authorizeShipmentAccess(db, actor, ref, action), null);
    },

    /** The leg a document call names, with its shipment, likewise. */
    async transport(actor: AuthUser, ref: Ref, action: 'read' | 'documents') {
      const access = await authorizeTransportAccess(db, actor, ref, action);
      return targetOf(access, access.leg.id);
    },
  };
}

/**
 * Records the upload or archiving of a shipment's (or a leg's) document in its order's trail.
 * Call it with the transaction that makes the change.
 */
export async function recordShipmentDocument(
  tx: Db,
  actor: AuthUser,
  event: Omit<OrderDocumentEvent, 'orderId'> & { shipmentId: number },
): Promise<void> {
  const view = await createShipmentRepository(tx).find({ id: event.shipmentId });
  await recordOrderDocument(tx, actor, { ...event, orderId: view!.order.id });
}
