import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { preparedOnce } from '#server/db/prepared.js';
import { tradePartnerContacts } from '#server/db/schema/partners.js';

export type ContactRow = typeof tradePartnerContacts.$inferSelect;
export type NewContact = typeof tradePartnerContacts.$inferInsert;

export function createContactRepository(db: Db) {
  return {
    /** The contacts of these companies, each company's in the order they were added. */
    async listFor(tradePartnerIds: number[]): Promise<ContactRow[]> {
      if (tradePartnerIds.length === 0) return [];
      const query = preparedOnce(db, 'contacts_of_partners', (d) =>
        d
          .select()
          .from(tradePartnerContacts)
          .where(sql`${tradePartnerContacts.tradePartnerId} = any(${sql.placeholder('ids')})`)
          .orderBy(asc(tradePartnerContacts.tradePartnerId), asc(tradePartnerContacts.id))
          .prepare('contacts_of_partners'),
      );
      return query.execute({ ids: tradePartnerIds });
    },

    async findByUuid(uuid: string): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(tradePartnerContacts)
        .where(eq(tradePartnerContacts.uuid, uuid))
        .limit(1);
      return row;
    },

    async findForUser(tradePartnerId: number, userId: number): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(tradePartnerContacts)
        .where(
          and(
            eq(tradePartnerContacts.tradePartnerId, tradePartnerId),
            eq(tradePartnerContacts.userId, userId),
          ),
        )
        .limit(1);
      return row;
    },

    async insert(values: NewContact): Promise<ContactRow> {
      const [row] = await db.insert(tradePartnerContacts).values(values).returning();
      return row!;
    },

    /** Changes the contact if it is still at `version`, bumping it; undefined otherwise. */
    async update(
      id: number,
      version: number,
      values: Partial<NewContact>,
    ): Promise<ContactRow | undefined> {
      const [row] = await db
        .update(tradePartnerContacts)
        .set({
          ...values,
          version: sql`${tradePartnerContacts.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(tradePartnerContacts.id, id), eq(tradePartnerContacts.version, version)))
        .returning();
      return row;
    },

    /** Deletes the contact if it is still at `version`; false otherwise. */
    async delete(id: number, version: number): Promise<boolean> {
      const rows = await db
        .delete(tradePartnerContacts)
        .where(and(eq(tradePartnerContacts.id, id), eq(tradePartnerContacts.version, version)))
        .returning({ id: tradePartnerContacts.id });
      return rows.length > 0;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
