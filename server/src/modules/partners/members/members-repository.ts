import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { preparedOnce } from '#server/db/prepared.js';
import {
  tradePartnerMembers,
  type AccessLevel,
  type PartnerRole,
} from '#server/db/schema/partners.js';
import { users } from '#server/db/schema/users.js';

export type MembershipRow = typeof tradePartnerMembers.$inferSelect;

export interface MemberWithUser extends MembershipRow {
  userUuid: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** A membership as the repository answers it. */
const membershipColumns = {
  tradePartnerId: tradePartnerMembers.tradePartnerId,
  userId: tradePartnerMembers.userId,
  role: tradePartnerMembers.role,
  accessLevel: tradePartnerMembers.accessLevel,
  version: tradePartnerMembers.version,
  createdAt: tradePartnerMembers.createdAt,
};

/** A membership with its person's name and e-mail address. */
const withUser = {
  ...membershipColumns,
  userUuid: users.uuid,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/**
 * The ids of the companies an identity belongs to with one of `levels`, as a subquery: the
 * "only what you may see" condition of other modules' lists.
 */
export const companiesOfIdentity = (db: Db, identityId: string, levels: readonly AccessLevel[]) =>
  db
    .select({ id: tradePartnerMembers.tradePartnerId })
    .from(tradePartnerMembers)
    .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
    .where(
      and(eq(users.identityId, identityId), inArray(tradePartnerMembers.accessLevel, [...levels])),
    );

/** The membership, if it is still at `version`. */
const atVersion = (member: { tradePartnerId: number; userId: number; version: number }) =>
  and(
    eq(tradePartnerMembers.tradePartnerId, member.tradePartnerId),
    eq(tradePartnerMembers.userId, member.userId),
    eq(tradePartnerMembers.version, member.version),
  );

export function createMemberRepository(db: Db) {
  return {
    /** The membership of the person signed in as `identityId`, if any. */
    async findByIdentity(
      tradePartnerId: number,
      identityId: string,
    ): Promise<MembershipRow | undefined> {
      const [row] = await db
        .select(membershipColumns)
        .from(tradePartnerMembers)
        .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
        .where(
          and(
            eq(tradePartnerMembers.tradePartnerId, tradePartnerId),
            eq(users.identityId, identityId),
          ),
        )
        .limit(1);
      return row;
    },

    /** The memberships of the person signed in as `identityId` in the given companies. */
    async listByIdentity(identityId: string, tradePartnerIds: number[]): Promise<MembershipRow[]> {
      if (tradePartnerIds.length === 0) return [];
      const query = preparedOnce(db, 'memberships_of_identity', (d) =>
        d
          .select(membershipColumns)
          .from(tradePartnerMembers)
          .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
          .where(
            and(
              eq(users.identityId, sql.placeholder('identityId')),
              sql`${tradePartnerMembers.tradePartnerId} = any(${sql.placeholder('ids')})`,
            ),
          )
          .prepare('memberships_of_identity'),
      );
      return query.execute({ identityId, ids: tradePartnerIds });
    },

    /** A company's members, the longest-standing first. */
    async list(tradePartnerId: number): Promise<MemberWithUser[]> {
      return db
        .select(withUser)
        .from(tradePartnerMembers)
        .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
        .where(eq(tradePartnerMembers.tradePartnerId, tradePartnerId))
        .orderBy(asc(tradePartnerMembers.createdAt), asc(tradePartnerMembers.userId));
    },

    /** The membership of the user record `userId`, if any. */
    async findByUserId(tradePartnerId: number, userId: number): Promise<MembershipRow | undefined> {
      const [row] = await db
        .select(membershipColumns)
        .from(tradePartnerMembers)
        .where(
          and(
            eq(tradePartnerMembers.tradePartnerId, tradePartnerId),
            eq(tradePartnerMembers.userId, userId),
          ),
        )
        .limit(1);
      return row;
    },

    async findByUserUuid(
      tradePartnerId: number,
      userUuid: string,
    ): Promise<MemberWithUser | undefined> {
      const [row] = await db
        .select(withUser)
        .from(tradePartnerMembers)
        .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
        .where(
          and(eq(tradePartnerMembers.tradePartnerId, tradePartnerId), eq(users.uuid, userUuid)),
        )
        .limit(1);
      return row;
    },

    /** True when a user with this e-mail address (any case) belongs to the company. */
    async hasMemberWithEmail(tradePartnerId: number, email: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: tradePartnerMembers.userId })
        .from(tradePartnerMembers)
        .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
        .where(
          and(
            eq(tradePartnerMembers.tradePartnerId, tradePartnerId),
            sql`lower(${users.email}) = ${email.toLowerCase()}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Adds the membership unless the user already has one; true when it was added. */
    async insertIfAbsent(values: {
      tradePartnerId: number;
      userId: number;
      role: PartnerRole;
      accessLevel: AccessLevel;
    }): Promise<boolean> {
      const rows = await db
        .insert(tradePartnerMembers)
        .values(values)
        .onConflictDoNothing()
        .returning({ userId: tradePartnerMembers.userId });
      return rows.length > 0;
    },

    /** Changes the membership if it is still at `version`; its new version, or undefined. */
    async update(
      member: { tradePartnerId: number; userId: number; version: number },
      values: { role: PartnerRole; accessLevel: AccessLevel },
    ): Promise<number | undefined> {
      const [row] = await db
        .update(tradePartnerMembers)
        .set({ ...values, version: sql`${tradePartnerMembers.version} + 1` })
        .where(atVersion(member))
        .returning({ version: tradePartnerMembers.version });
      return row?.version;
    },

    /** Deletes the membership if it is still at `version`; false otherwise. */
    async delete(member: {
      tradePartnerId: number;
      userId: number;
      version: number;
    }): Promise<boolean> {
      const rows = await db
        .delete(tradePartnerMembers)
        .where(atVersion(member))
        .returning({ userId: tradePartnerMembers.userId });
      return rows.length > 0;
    },

    /**
     * The number of OWNER members, counted with their rows locked so two requests cannot each
     * demote one of the last two owners (PostgreSQL; PGlite runs one transaction at a time).
     */
    async countOwnersForUpdate(tradePartnerId: number): Promise<number> {
      const owners = await db
        .select({ userId: tradePartnerMembers.userId })
        .from(tradePartnerMembers)
        .where(
          and(
            eq(tradePartnerMembers.tradePartnerId, tradePartnerId),
            eq(tradePartnerMembers.accessLevel, 'OWNER'),
          ),
        )
        .for('update');
      return owners.length;
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
