import type { Member } from '#common/partners.js';
import type { Db } from '#server/db/client.js';
import type { AccessLevel, PartnerRole } from '#server/db/schema/partners.js';
import { ConflictError, ForbiddenError, NotFoundError } from '#server/errors.js';
import { StaleRecord, versionedChange } from '#server/versions.js';
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

const memberNotFound = (ref: PartnerRef, userUuid: string) =>
  new NotFoundError(
    `Member with UUID ${userUuid} not found for trade partner with ID/UUID ${refValue(ref)}.`,
  );

/**
 * Runs a change of a membership and answers it as it is afterwards (null: removed); one based
 * on an old version is 409 with the member as it is now.
 */
const versioned = (
  db: Db,
  tradePartnerId: number,
  userUuid: string,
  change: () => Promise<unknown>,
) =>
  versionedChange('member', change, async () => {
    const current = await createMemberRepository(db).findByUserUuid(tradePartnerId, userUuid);
    return current ? toMember(current) : null;
  });

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
    if (!member) throw memberNotFound(ref, userUuid);
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
      const changed = await versioned(db, partner.id, userUuid, async () => {
        if (member.version !== version) throw new StaleRecord();
        if (member.accessLevel === accessLevel) return;
        const updated = await db.transaction(async (tx) => {
          const members = createMemberRepository(tx);
          if (
            member.accessLevel === 'OWNER' &&
            (await members.countOwnersForUpdate(partner.id)) <= 1
          ) {
            throw lastOwner(member.userUuid);
          }
          return members.update(
            { ...member, version },
            { role: roleFor(accessLevel), accessLevel },
          );
        });
        if (updated === undefined) throw new StaleRecord();
      });
      if (!changed) throw memberNotFound(ref, userUuid);
      return changed;
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
      await versioned(db, partner.id, userUuid, async () => {
        if (member.version !== version) throw new StaleRecord();
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
        if (!deleted) throw new StaleRecord();
      });
    },
  };
}
