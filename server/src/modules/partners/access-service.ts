import type { Db } from '#server/db/client.js';
import { NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy, type PartnerAction } from '#server/policy.js';
import { createMemberRepository, type MembershipRow } from './members/members-repository.js';
import {
  createPartnerRepository,
  refValue,
  type PartnerRef,
  type PartnerRow,
} from './partners-repository.js';

export interface PartnerAccess {
  partner: PartnerRow;
  /** The actor's own membership, if they belong to the company. */
  membership: MembershipRow | undefined;
}

export const partnerNotFound = (ref: PartnerRef | string | number) =>
  `Trade partner with ID/UUID ${typeof ref === 'object' ? refValue(ref) : ref} not found.`;

/**
 * Loads the trade partner a path names and asks the policy whether the actor may do `action`
 * on it. A partner that does not exist and one the actor may not see give the same 404.
 */
export async function authorizePartner(
  db: Db,
  actor: AuthUser,
  ref: PartnerRef,
  action: PartnerAction,
): Promise<PartnerAccess> {
  const partner = await createPartnerRepository(db).find(ref);
  if (!partner) throw new NotFoundError(partnerNotFound(ref));
  const membership = await createMemberRepository(db).findByIdentity(partner.id, actor.sub);
  policy.authorizePartner(actor, membership, action, partnerNotFound(ref));
  return { partner, membership };
}
