import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { users, type UserRow } from '#server/db/schema/users.js';

export interface NewIdentity {
  identityId: string;
  username: string | undefined;
  email: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
  roles: string[];
}

export function createUserRepository(db: Db) {
  return {
    async findByIdentityId(identityId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.identityId, identityId)).limit(1);
      return row;
    },

    /** Inserts the user unless one with this identity exists; returns the row it inserted, if any. */
    async insertIfAbsent(identity: NewIdentity): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values({
          identityId: identity.identityId,
          username: identity.username ?? null,
          email: identity.email ?? null,
          firstName: identity.firstName ?? null,
          lastName: identity.lastName ?? null,
          roles: identity.roles,
        })
        .onConflictDoNothing({ target: users.identityId })
        .returning();
      return row;
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByUuid(uuid: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.uuid, uuid)).limit(1);
      return row;
    },

    async updateProfile(id: number, values: Partial<UserRow>): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },

    async updateRoles(id: number, roles: string[]): Promise<void> {
      await db.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, id));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
