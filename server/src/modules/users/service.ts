import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { policy } from '../../policy.js';
import { createUserRepository } from './repository.js';
import type { User } from './schemas.js';

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

export function createUserService(db: Db) {
  const repository = createUserRepository(db);
  return {
    /**
     * Makes sure the signed-in identity has a user record. Concurrent first calls race on the
     * unique identity column: exactly one inserts, the others find its row.
     */
    async ensureUser(actor: AuthUser): Promise<{ userExists: boolean; userId: number }> {
      const created = await repository.insertIfAbsent({
        identityId: actor.sub,
        username: actor.username,
        email: actor.email,
        firstName: actor.firstName,
        lastName: actor.lastName,
        roles: actor.tokenRoles,
      });
      if (created) return { userExists: false, userId: created.id };
      const existing = await repository.findByIdentityId(actor.sub);
      if (!existing) throw new Error(`user ${actor.sub} neither inserted nor found`);
      if (!sameRoles(existing.roles, actor.tokenRoles)) {
        await repository.updateRoles(existing.id, actor.tokenRoles);
      }
      return { userExists: true, userId: existing.id };
    },

    async getByIdentityId(actor: AuthUser, identityId: string): Promise<User> {
      if (!policy.canReadUser(actor, { identityId })) throw new ForbiddenError();
      const row = await repository.findByIdentityId(identityId);
      if (!row) throw new NotFoundError(`No user with identity ${identityId}.`);
      return toUser(row);
    },
  };
}
