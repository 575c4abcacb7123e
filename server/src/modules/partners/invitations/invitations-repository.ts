import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { invitations } from '#server/db/schema/partners.js';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = typeof invitations.$inferInsert;

const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

export function createInvitationRepository(db: Db) {
  return {
    /** A company's invitations, the newest first. */
    async list(tradePartnerId: number): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(eq(invitations.tradePartnerId, tradePartnerId))
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
    },

    async find(tradePartnerId: number, uuid: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.tradePartnerId, tradePartnerId), eq(invitations.uuid, uuid)))
        .limit(1);
      return row;
    },

    /** The invitation of this e-mail address to this company that is neither accepted nor revoked. */
    async findOpen(tradePartnerId: number, email: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(
          and(eq(invitations.tradePartnerId, tradePartnerId), eq(invitations.email, email), open),
        )
        .limit(1);
      return row;
    },

    /**
     * Closes lapsed invitations of this address to this company, so a new one may be made (at
     * most one may be open). Closed at or after expiry, they still read as EXPIRED.
     */
    async closeExpired(tradePartnerId: number, email: string, now: Date): Promise<void> {
      await db
        .update(invitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(invitations.tradePartnerId, tradePartnerId),
            eq(invitations.email, email),
            open,
            lte(invitations.expiresAt, now),
          ),
        );
    },

    async insert(values: NewInvitation): Promise<InvitationRow> {
      const [row] = await db.insert(invitations).values(values).returning();
      return row!;
    },

    async revoke(id: number, now: Date): Promise<void> {
      await db
        .update(invitations)
        .set({ revokedAt: now })
        .where(and(eq(invitations.id, id), open));
    },

    /**
     * Open, unexpired invitations of an address (any case), locked until the transaction ends:
     * a concurrent acceptance waits, then finds them accepted.
     */
    async openForEmailForUpdate(email: string, now: Date): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(
          and(
            sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
            open,
            gt(invitations.expiresAt, now),
          ),
        )
        .orderBy(asc(invitations.createdAt), asc(invitations.id))
        .for('update');
    },

    async markAccepted(id: number, userId: number, now: Date): Promise<void> {
      await db
        .update(invitations)
        .set({ acceptedAt: now, acceptedBy: userId })
        .where(eq(invitations.id, id));
    },
  };
}

export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
