import type { Db } from '#server/db/client.js';
import { ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import type { DocumentView } from './documents-repository.js';
import type { Viewer } from './types.js';

export const documentNotFound = (id: number | string) => `Document with ID ${id} not found.`;

/** The "only what you may read" condition of lists: none for staff. */
export const viewerOf = (actor: AuthUser): Viewer => {
  if (actor.selfService) return { selfServiceKycId: actor.selfService.kycId };
  return policy.seesAllPartners(actor) ? undefined : { identityId: actor.sub };
};

/**
 * Whether `actor` may `action` the document: `read` or `change` on its trade partner (or on its
 * order's documents), or for a profile picture on the person it belongs to. Someone who may not read it is told it does not
 * exist (404), exactly as for a document that does not.
 */
export async function authorizeDocument(
  db: Db,
  actor: AuthUser,
  view: DocumentView,
  action: 'read' | 'change',
): Promise<void> {
  const row = view.document;
  let decision;
  if (actor.selfService) {
    decision = policy.decideSelfServiceDocument(actor.selfService, row, action);
  } else if (row.tradePartnerId !== null) {
    const membership = await createPartnerLookup(db).membership(row.tradePartnerId, actor.sub);
    // An order's documents follow the order, a shipment's (and its legs') the shipment: their
    // readers read them, EDITOR and up change them.
    const follows = action === 'read' ? 'read' : 'documents';
    decision =
      row.orderId !== null
        ? policy.decideOrder(actor, membership, follows)
        : row.shipmentId !== null
          ? policy.decideShipment(actor, membership, follows)
          : policy.decidePartner(actor, membership, action);
  } else {
    decision = view.ownerIdentityId
      ? policy.decideProfilePicture(actor, { identityId: view.ownerIdentityId }, action)
      : policy.seesAllPartners(actor)
        ? 'allow'
        : 'not-found';
  }
  if (decision === 'not-found') throw new NotFoundError(documentNotFound(row.id));
  if (decision === 'forbidden') throw new ForbiddenError();
}
