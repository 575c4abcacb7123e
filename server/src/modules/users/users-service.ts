import type { TradePartner } from '#common/partners.js';
import type { User } from '#common/users.js';
import type { Db } from '#server/db/client.js';
import type { UserRow } from '#server/db/schema/users.js';
import { ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import { acceptInvitations } from '#server/modules/partners/invitations/invitations-service.js';
import { partnersOfUser } from '#server/modules/partners/partners-service.js';
import { createUserRepository } from './users-repository.js';
import { ensureUserRow } from './identity-service.js';
import type { ProfilePatch } from './users-schemas.js';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    uuid: row.uuid,
    identityId: row.identityId,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    mobile: row.mobile,
    birthday: row.birthday,
    country: row.country,
    nationality: row.nationality,
    sex: row.sex,
    profilePicture: row.profilePicture,
    roles: row.roles,
  };
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

export type UserRef = { id: number } | { uuid: string };

export function createUserService(db: Db) {
  const repository = createUserRepository(db);

  /**
   * The user a path names, if `allowed` lets the actor at it. Others get 403 whether or not
   * the user exists, so nobody can probe for accounts (decision 003); staff get 404.
   */
  async function authorizedUser(
    actor: AuthUser,
    ref: UserRef,
    allowed: (user: { identityId: string }) => boolean,
  ): Promise<UserRow> {
    const row =
      'id' in ref ? await repository.findById(ref.id) : await repository.findByUuid(ref.uuid);
    if (row && allowed(row)) return row;
    if (!row && policy.seesAllUsers(actor)) {
      throw new NotFoundError(`No user with ID/UUID ${'id' in ref ? ref.id : ref.uuid}.`);
    }
    throw new ForbiddenError();
  }

  return {
    /**
     * Makes sure the signed-in identity has a user record, and accepts the open invitations
     * for its e-mail address, all in one transaction. Calling it again changes nothing.
     */
    async ensureUser(actor: AuthUser): Promise<{ userExists: boolean; userId: number }> {
      return db.transaction(async (tx) => {
        const { row, created } = await ensureUserRow(tx, actor);
        if (!created && !sameRoles(row.roles, actor.tokenRoles)) {
          await createUserRepository(tx).updateRoles(row.id, actor.tokenRoles);
        }
        if (actor.email) await acceptInvitations(tx, row, actor.email);
        return { userExists: !created, userId: row.id };
      });
    },

    async getByIdentityId(actor: AuthUser, identityId: string): Promise<User> {
      if (!policy.canReadUser(actor, { identityId })) throw new ForbiddenError();
      const row = await repository.findByIdentityId(identityId);
      if (!row) throw new NotFoundError(`No user with identity ${identityId}.`);
      return toUser(row);
    },

    /** PUT (the whole profile) and PATCH (any of its fields). */
    async updateProfile(actor: AuthUser, id: number, profile: ProfilePatch): Promise<User> {
      const row = await authorizedUser(actor, { id }, (user) => policy.canEditUser(actor, user));
      const changes = Object.fromEntries(
        Object.entries(profile).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(changes).length === 0) return toUser(row);
      return toUser(await repository.updateProfile(row.id, changes));
    },

    /** The companies a user belongs to, with that user's role and access level in each. */
    async tradePartners(actor: AuthUser, ref: UserRef): Promise<TradePartner[]> {
      const row = await authorizedUser(actor, ref, (user) => policy.canReadUser(actor, user));
      return partnersOfUser(db, row.id);
    },
  };
}
