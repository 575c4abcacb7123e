import type { Member } from '#common/partners.js';
import type { Db } from '#server/db/client.js';
import type { AccessLevel, PartnerRole } from '#server/db/schema/partners.js';
import { ConflictError, ForbiddenError, NotFoundError } from '#server/errors.js';
import { staleVersion } from '#server/versions.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import { authorizePartner } from '../access-service.js';
import { refValue, type PartnerRef } from '../partners-repository.js';
import { createMemberRepository, type MemberWithUser } from './members-repository.js';

export function toMember(row: MemberWithUser): Member {
  return {
    userId: row.userId,
    userUuid: row.userUuid,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    accessLevel: row.accessLevel,
    version: row.version,
  };
}

/** The OWNER access level and the OWNER role go together (docs/decisions/007). */
export const roleFor = (accessLevel: AccessLevel): PartnerRole =>
  accessLevel === 'OWNER' ? 'OWNER' : 'CONTACT';

/** 409 naming the member who is the company's last owner. */
const lastOwner = (userUuid: string) =>
  new ConflictError(
    'A trade partner must keep at least one owner: make someone else OWNER first.',
    { reason: 'lastOwner', userUuid },
  );

/** 409 for a change based on an old version, with the member as it is now. */
async function stale(db: Db, tradePartnerId: number, userUuid: string): Promise<ConflictError> {
  const current = await createMemberRepository(db).findByUserUuid(tradePartnerId, userUuid);
  return staleVersion('member', current ? toMember(current) : null);
}

export function createMemberService(db: Db) {
  /**
   * The member a path names, in a partner where the actor may manage members; taking away or
   * granting OWNER also needs the right to grant it.
   */
  async function managedMember(
    actor: AuthUser,
    ref: PartnerRef,
    userUuid: string,
    touchesOwner: (m: MemberWithUser) => boolean,
  ) {
    const { partner, membership } = await authorizePartner(db, actor, ref, 'manage');
    const member = await createMemberRepository(db).findByUserUuid(partner.id, userUuid);
    if (!member) {
      throw new NotFoundError(
        `Member with UUID ${userUuid} not found for trade partner with ID/UUID ${refValue(ref)}.`,
      );
    }
    if (touchesOwner(member) && policy.decidePartner(actor, membership, 'grantOwner') !== 'allow') {
      throw new ForbiddenError('Only an owner may grant or take away the OWNER access level.');
    }
    return { partner, member };
  }

  return {
    async list(actor: AuthUser, ref: PartnerRef): Promise<Member[]> {
      const { partner } = await authorizePartner(db, actor, ref, 'read');
      return (await createMemberRepository(db).list(partner.id)).map(toMember);
    },

    async update(
      actor: AuthUser,
      ref: PartnerRef,
      userUuid: string,
      accessLevel: AccessLevel,
      version: number,
    ): Promise<Member> {
      const { partner, member } = await managedMember(
        actor,
        ref,
        userUuid,
        (m) => (m.accessLevel === 'OWNER') !== (accessLevel === 'OWNER'),
      );
      if (member.version !== version) throw await stale(db, partner.id, userUuid);
      if (member.accessLevel === accessLevel) return toMember(member);
      const role = roleFor(accessLevel);
      const updated = await db.transaction(async (tx) => {
        const members = createMemberRepository(tx);
        if (
          member.accessLevel === 'OWNER' &&
          (await members.countOwnersForUpdate(partner.id)) <= 1
        ) {
          throw lastOwner(member.userUuid);
        }
        return members.update({ ...member, version }, { role, accessLevel });
      });
      if (updated === undefined) throw await stale(db, partner.id, userUuid);
      return toMember({ ...member, role, accessLevel, version: updated });
    },

    async delete(
      actor: AuthUser,
      ref: PartnerRef,
      userUuid: string,
      version: number,
    ): Promise<void> {
      const { partner, member } = await managedMember(
        actor,
        ref,
        userUuid,
        (m) => m.accessLevel === 'OWNER',
      );
      if (member.version !== version) throw await stale(db, partner.id, userUuid);
      const deleted = await db.transaction(async (tx) => {
        const members = createMemberRepository(tx);
        if (
          member.accessLevel === 'OWNER' &&
          (await members.countOwnersForUpdate(partner.id)) <= 1
        ) {
          throw lastOwner(member.userUuid);
        }
        return members.delete({ ...member, version });
      });
      if (!deleted) throw await stale(db, partner.id, userUuid);
    },
  };
}
