import { DOCUMENT_KINDS, documentKind } from '#common/kyc.js';
import type { Db } from '#server/db/client.js';
import { ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy, type Decision, type PartnerMembership } from '#server/policy.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import type { DocumentView } from './documents-repository.js';
import type { EvidenceFile, EvidenceKeeper, Viewer } from './types.js';

export const documentNotFound = (id: number | string) => `Document with ID ${id} not found.`;

/**
 * The "only what you may read" condition of lists: the kinds of documents `actor` may not read
 * (decision 035), and for anyone but staff the companies they belong to (or the link's file).
 */
export const viewerOf = (actor: AuthUser): Viewer => {
  const hidden = DOCUMENT_KINDS.filter((kind) => !policy.readsDocumentKind(actor, kind));
  if (actor.selfService) return { hidden, scope: { selfServiceKycId: actor.selfService.kycId } };
  return { hidden, scope: policy.seesAllPartners(actor) ? 'all' : { identityId: actor.sub } };
};

/** The decision of decision 011 and 035 for one document, with the caller's membership. */
function decide(
  actor: AuthUser,
  view: DocumentView,
  membership: PartnerMembership | undefined,
  action: 'read' | 'change',
): Decision {
  const row = view.document;
  if (row.tradePartnerId !== null) {
    return policy.decideCompanyDocument(actor, membership, row, action);
  }
  if (actor.selfService) return 'not-found';
  if (view.ownerIdentityId) {
    return policy.decideProfilePicture(actor, { identityId: view.ownerIdentityId }, action);
  }
  return policy.seesAllPartners(actor) ? 'allow' : 'not-found';
}

const membershipIn = (db: Db, actor: AuthUser, tradePartnerId: number | null) =>
  tradePartnerId === null || actor.selfService
    ? undefined
    : createPartnerLookup(db).membership(tradePartnerId, actor.sub);

/**
 * Whether `actor` may `action` the document: a company's follows policy.decideCompanyDocument
 * (its order, shipment or trade partner, and its kind), a profile picture the person it belongs
 * to. Someone who may not read it is told it does not exist (404), exactly as for a document
 * that does not.
 */
export async function authorizeDocument(
  db: Db,
  actor: AuthUser,
  view: DocumentView,
  action: 'read' | 'change',
): Promise<void> {
  const membership = await membershipIn(db, actor, view.document.tradePartnerId);
  const decision = decide(actor, view, membership, action);
  if (decision === 'not-found') throw new NotFoundError(documentNotFound(view.document.id));
  if (decision === 'forbidden') throw new ForbiddenError();
}

/**
 * The documents of `views` that `actor` may archive, restore or retype now (decision 035): what
 * authorizeDocument allows, but evidence of a file a partner may no longer change. Staff may,
 * with a reason. One membership and one file lookup per company.
 */
export async function changeableDocuments(
  db: Db,
  evidence: EvidenceKeeper,
  actor: AuthUser,
  views: readonly DocumentView[],
): Promise<Set<number>> {
  const memberships = new Map<number | null, Promise<PartnerMembership | undefined>>();
  const files = new Map<string, Promise<EvidenceFile | undefined>>();
  const changeable = new Set<number>();
  for (const view of views) {
    const row = view.document;
    if (!memberships.has(row.tradePartnerId)) {
      memberships.set(
        row.tradePartnerId,
        Promise.resolve(membershipIn(db, actor, row.tradePartnerId)),
      );
    }
    const membership = await memberships.get(row.tradePartnerId);
    if (decide(actor, view, membership, 'change') !== 'allow') continue;
    if (row.tradePartnerId !== null && documentKind(row) === 'kyc-evidence') {
      const key = `${row.tradePartnerId}:${row.kycId}`;
      if (!files.has(key)) {
        files.set(
          key,
          evidence.fileOf(db, { tradePartnerId: row.tradePartnerId, kycId: row.kycId }),
        );
      }
      const file = await files.get(key);
      if (file && policy.decideEvidenceChange(actor, file.status, undefined) === 'locked') continue;
    }
    changeable.add(row.id);
  }
  return changeable;
}
