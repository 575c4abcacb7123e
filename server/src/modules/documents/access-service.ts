import { DOCUMENT_KINDS, documentKind, EVIDENCE_LOCKED_STATUSES } from '#common/kyc.js';
import type { Db } from '#server/db/client.js';
import { ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy, type Decision, type PartnerMembership } from '#server/policy.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import type { DocumentView } from './documents-repository.js';
import {
  evidenceKey,
  type EvidenceFile,
  type EvidenceKeeper,
  type EvidenceOwner,
  type Viewer,
} from './types.js';

export const documentNotFound = (id: number | string) => `Document with ID ${id} not found.`;

/**
 * The "only what you may read" condition of lists: the kinds of documents `actor` may read in
 * no company (decision 035), the companies where they read financial ones (those where they may
 * view amounts, decision 042), and for anyone but staff the companies they belong to (or the
 * link's file).
 */
export const viewerOf = (actor: AuthUser): Viewer => {
  const levels = policy.amountLevels(actor);
  const financial = levels === 'all' ? levels : { identityId: actor.sub, levels };
  // Whether a kind other than financial is read does not depend on the company.
  const hidden = DOCUMENT_KINDS.filter((kind) =>
    kind === 'financial'
      ? levels !== 'all' && levels.length === 0
      : !policy.readsDocumentKind(actor, undefined, kind),
  );
  const scope = actor.selfService
    ? { selfServiceKycId: actor.selfService.kycId }
    : policy.seesAllPartners(actor)
      ? ('all' as const)
      : { identityId: actor.sub };
  return { hidden, financial, scope };
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

export const membershipIn = (db: Db, actor: AuthUser, tradePartnerId: number | null) =>
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
 * with a reason. A constant number of queries whatever the page: one for the caller's
 * memberships in the page's companies (none for staff or a link), and at most two for the files
 * of the page's evidence (none when no file could stop the caller).
 */
export async function changeableDocuments(
  db: Db,
  evidence: EvidenceKeeper,
  actor: AuthUser,
  views: readonly DocumentView[],
): Promise<Set<number>> {
  const memberships = await membershipsIn(db, actor, views);
  const allowed = views.filter((view) => {
    const company = view.document.tradePartnerId;
    const membership = company === null ? undefined : memberships.get(company);
    return decide(actor, view, membership, 'change') === 'allow';
  });
  const evidenceOf = (view: DocumentView): EvidenceOwner | undefined => {
    const { tradePartnerId, kycId } = view.document;
    return tradePartnerId !== null && documentKind(view.document) === 'kyc-evidence'
      ? { tradePartnerId, kycId }
      : undefined;
  };
  const locks = lockable(actor);
  const owners = locks ? allowed.map(evidenceOf).filter((o) => o !== undefined) : [];
  const files =
    owners.length > 0 ? await evidence.filesOf(db, owners) : new Map<string, EvidenceFile>();
  const changeable = new Set<number>();
  for (const view of allowed) {
    const owner = locks ? evidenceOf(view) : undefined;
    const file = owner && files.get(evidenceKey(owner));
    if (file && policy.decideEvidenceChange(actor, file.status, undefined) === 'locked') continue;
    changeable.add(view.document.id);
  }
  return changeable;
}

/**
 * The caller's memberships in the companies of `views`, in one query; none asked for staff
 * (whose rights in a company's documents do not rest on a membership) or a link's holder.
 */
async function membershipsIn(
  db: Db,
  actor: AuthUser,
  views: readonly DocumentView[],
): Promise<Map<number, PartnerMembership>> {
  if (actor.selfService || policy.seesAllPartners(actor)) return new Map();
  const ids = [
    ...new Set(views.map((view) => view.document.tradePartnerId).filter((id) => id !== null)),
  ];
  if (ids.length === 0) return new Map();
  const rows = await createPartnerLookup(db).memberships(actor.sub, ids);
  return new Map(rows.map((row) => [row.tradePartnerId, row]));
}

/** Whether a file's status can stop `actor` changing its evidence (not staff's: with a reason). */
const lockable = (actor: AuthUser) =>
  EVIDENCE_LOCKED_STATUSES.some(
    (status) => policy.decideEvidenceChange(actor, status, undefined) === 'locked',
  );
