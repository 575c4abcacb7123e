import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { preparedOnce } from '#server/db/prepared.js';
import { addresses } from '#server/db/schema/partners.js';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddress = typeof addresses.$inferInsert;

export function createAddressRepository(db: Db) {
  return {
    /** The addresses of these companies, each company's in order of position. */
    async listFor(tradePartnerIds: number[]): Promise<AddressRow[]> {
      if (tradePartnerIds.length === 0) return [];
      const query = preparedOnce(db, 'addresses_of_partners', (d) =>
        d
          .select()
          .from(addresses)
          .where(sql`${addresses.tradePartnerId} = any(${sql.placeholder('ids')})`)
          .orderBy(asc(addresses.tradePartnerId), asc(addresses.position), asc(addresses.id))
          .prepare('addresses_of_partners'),
      );
      return query.execute({ ids: tradePartnerIds });
    },

    async find(tradePartnerId: number, uuid: string): Promise<AddressRow | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.tradePartnerId, tradePartnerId), eq(addresses.uuid, uuid)))
        .limit(1);
      return row;
    },

    /** Appends the address after the company's last one. */
    async append(values: Omit<NewAddress, 'position'>): Promise<AddressRow> {
      const [last] = await db
        .select({ position: max(addresses.position) })
        .from(addresses)
        .where(eq(addresses.tradePartnerId, values.tradePartnerId));
      const position =
        last?.position === null || last?.position === undefined ? 0 : last.position + 1;
      const [row] = await db
        .insert(addresses)
        .values({ ...values, position })
        .returning();
      return row!;
    },

    /** Changes the address if it is still at `version`, bumping it; undefined otherwise. */
    async update(
      id: number,
      version: number,
      values: Partial<NewAddress>,
    ): Promise<AddressRow | undefined> {
      const [row] = await db
        .update(addresses)
        .set({ ...values, version: sql`${addresses.version} + 1`, updatedAt: new Date() })
        .where(and(eq(addresses.id, id), eq(addresses.version, version)))
        .returning();
      return row;
    },

    /** Deletes the address if it is still at `version`; false otherwise. */
    async delete(id: number, version: number): Promise<boolean> {
      const rows = await db
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.version, version)))
        .returning({ id: addresses.id });
      return rows.length > 0;
    },
  };
}

export type AddressRepository = ReturnType<typeof createAddressRepository>;
