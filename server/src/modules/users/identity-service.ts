import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { idpAccounts } from '#server/db/schema/idp.js';
import { users, type UserRow } from '#server/db/schema/users.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { createUserRepository } from './users-repository.js';

/** The fields of a user record a person is named by. */
export type NamedPerson = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'username' | 'email'>;

/**
 * How the audit trails name a person: first and last name, else the username or e-mail address
 * (as at the time of the act).
 */
export function personName(person: NamedPerson): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || person.username || person.email || `User ${person.id}`;
}

/** The columns a person is named by, of the users table or an alias of it, for a select. */
export const personColumns = <I, F, L, U, E>(table: {
  id: I;
  firstName: F;
  lastName: L;
  username: U;
  email: E;
}) => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  username: table.username,
  email: table.email,
});

/** A user record by the identity that signs in, or by its id: what other modules ask of users. */
export function createUserLookup(db: Db) {
  const users = createUserRepository(db);
  return {
    byIdentity: (identityId: string) => users.findByIdentityId(identityId),
    byId: (id: number) => users.findById(id),
  };
}

/**
 * The signed-in identity's user record, created from the token if it has none yet. Concurrent
 * first calls race on the unique identity column: exactly one inserts, the others find its row.
 */
export async function ensureUserRow(
  db: Db,
  actor: AuthUser,
): Promise<{ row: UserRow; created: boolean }> {
  const repository = createUserRepository(db);
  const created = await repository.insertIfAbsent({
    identityId: actor.sub,
    username: actor.username,
    email: actor.email,
    firstName: actor.firstName,
    lastName: actor.lastName,
    roles: actor.tokenRoles,
  });
  if (created) return { row: created, created: true };
  const existing = await repository.findByIdentityId(actor.sub);
  if (!existing) throw new Error(`user ${actor.sub} neither inserted nor found`);
  return { row: existing, created: false };
}

/**
 * The user records of the development provider's accounts with these usernames, by username:
 * the demo's people, as the demo data names them.
 */
export async function demoAccountUsers(
  db: Db,
  usernames: readonly string[],
): Promise<Map<string, UserRow>> {
  const rows = await db
    .select({ username: idpAccounts.username, user: users })
    .from(idpAccounts)
    .innerJoin(users, eq(users.identityId, sql`${idpAccounts.id}::text`))
    .where(inArray(idpAccounts.username, [...usernames]));
  return new Map(rows.map((row) => [row.username, row.user]));
}
