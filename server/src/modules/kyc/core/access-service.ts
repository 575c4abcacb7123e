import type { KycActor } from '#common/kyc.js';
import type { Db } from '#server/db/client.js';
import type { UserRow } from '#server/db/schema/users.js';
import { ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser, SelfServiceGrant } from '#server/plugins/auth.js';
import { policy, type KycAction, type KycAudience } from '#server/policy.js';
import { authorizePartner, type PartnerAccess } from '#server/modules/partners/access-service.js';
import { createUserLookup } from '#server/modules/users/identity-service.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import type { MembershipRow, PartnerRef } from '#server/modules/partners/directory-service.js';
import {
  createSubmissionRepository,
  kycRefValue,
  type KycRef,
  type KycViewer,
  type SubmissionView,
} from './submissions-repository.js';

export const kycNotFound = (ref: KycRef) =>
  `KYC submission with ID/UUID ${kycRefValue(ref)} not found.`;

export interface KycAccess {
  view: SubmissionView;
  /** The actor's own membership in the submission's company, if any. */
  membership: MembershipRow | undefined;
  /** Who the actor is in the transition table. */
  actors: KycActor[];
  /** Whom the file's records are presented to. */
  audience: KycAudience;
}

/** 403 for anyone without a KYC role (SPEC 6), before anything is looked up. */
export function requireKycAccess(actor: AuthUser): void {
  if (!policy.canUseKyc(actor)) throw new ForbiddenError();
}

/** The "only what you may see" condition of lists: none for staff. */
export const kycViewerOf = (actor: AuthUser): KycViewer | undefined =>
  policy.seesAllKyc(actor) ? undefined : { identityId: actor.sub, levels: policy.readableLevels() };

/**
 * Loads the submission a path names and asks the policy whether the actor may do `action` on
 * it. One that does not exist and one the actor may not see give the same 404.
 */
export async function authorizeKyc(
  db: Db,
  actor: AuthUser,
  ref: KycRef,
  action: KycAction,
): Promise<KycAccess> {
  if (actor.selfService) return authorizeSelfService(db, actor, actor.selfService, ref, action);
  requireKycAccess(actor);
  const view = await createSubmissionRepository(db).find(ref);
  if (!view) throw new NotFoundError(kycNotFound(ref));
  const membership = await createPartnerLookup(db).membership(
    view.submission.tradePartnerId,
    actor.sub,
  );
  policy.authorizeKyc(actor, membership, action, kycNotFound(ref));
  return {
    view,
    membership,
    actors: policy.kycActors(actor, membership),
    audience: policy.kycAudience(actor),
  };
}

/** authorizeKyc for a self-service link's holder: the link's one file, as the partner. */
async function authorizeSelfService(
  db: Db,
  actor: AuthUser,
  grant: SelfServiceGrant,
  ref: KycRef,
  action: KycAction,
): Promise<KycAccess> {
  const view = await createSubmissionRepository(db).find(ref);
  const decision = view ? policy.decideSelfServiceKyc(grant, view.submission, action) : undefined;
  if (!view || decision === 'not-found') throw new NotFoundError(kycNotFound(ref));
  if (decision === 'forbidden') throw new ForbiddenError();
  return { view, membership: undefined, actors: ['partner'], audience: policy.kycAudience(actor) };
}

/** A company whose submissions the actor asks for: KYC access, and allowed to read it. */
export async function authorizeKycPartner(
  db: Db,
  actor: AuthUser,
  ref: PartnerRef,
): Promise<PartnerAccess> {
  requireKycAccess(actor);
  return authorizePartner(db, actor, ref, 'read');
}

/**
 * The caller's own user record, which the `userId` of a change must name (403 otherwise). A
 * link's holder acts under the link's user record, and the trail says through which link.
 */
export async function actingUser(
  db: Db,
  actor: AuthUser,
  userId: number,
): Promise<UserRow & { viaSelfServiceLink?: number }> {
  const user = policy.requireOwnUserId(await createUserLookup(db).byIdentity(actor.sub), userId);
  return actor.selfService ? { ...user, viaSelfServiceLink: actor.selfService.linkId } : user;
}
