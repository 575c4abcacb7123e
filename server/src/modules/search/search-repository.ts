import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import {
  tradePartnerMembers,
  tradePartners,
  type AccessLevel,
} from '#server/db/schema/partners.js';
import { users } from '#server/db/schema/users.js';

export interface PartnerRow {
  id: number;
  uuid: string;
  name: string;
  cocNumber: string | null;
  vatNumber: string | null;
  country: string | null;
}

const columns = {
  id: tradePartners.id,
  uuid: tradePartners.uuid,
  name: tradePartners.name,
  cocNumber: tradePartners.cocNumber,
  vatNumber: tradePartners.vatNumber,
  country: tradePartners.country,
};

/** How many partners with a similar name are looked at, at most. */
const NAME_CANDIDATES = 50;

export function createSearchRepository(db: Db) {
  return {
    /** The partners holding either number (numbers are unique: at most one each). */
    async findByNumbers(numbers: {
      cocNumber?: string | undefined;
      vatNumber?: string | undefined;
    }) {
      const conditions: SQL[] = [];
      if (numbers.cocNumber) conditions.push(eq(tradePartners.cocNumber, numbers.cocNumber));
      if (numbers.vatNumber) conditions.push(eq(tradePartners.vatNumber, numbers.vatNumber));
      if (conditions.length === 0) return [];
      return db
        .select(columns)
        .from(tradePartners)
        .where(or(...conditions));
    },

    /**
     * Partners whose name resembles the search, by pg_trgm on lower(name) so the GIN index
     * answers: similar as a whole (`%`, similarity ≥ 0.3) or containing the searched words
     * (`<%`, word similarity ≥ 0.6). The final judgement is made on the name cores afterwards.
     */
    async findByName(core: string, lowered: string): Promise<PartnerRow[]> {
      const name = sql`lower(${tradePartners.name})`;
      return db
        .select(columns)
        .from(tradePartners)
        .where(sql`${name} % ${core} or ${core} <% ${name} or ${name} % ${lowered}`)
        .orderBy(
          sql`greatest(similarity(${name}, ${core}), word_similarity(${core}, ${name})) desc`,
          tradePartners.id,
        )
        .limit(NAME_CANDIDATES);
    },

    /** pg_trgm similarity of each name core to the searched one, in the same order. */
    async similarities(cores: readonly string[], core: string): Promise<number[]> {
      if (cores.length === 0) return [];
      const values = sql.join(
        cores.map((c, i) => sql`(${i}::int, ${c}::text)`),
        sql`, `,
      );
      const result = (await db.execute(
        sql`select v.i as i, similarity(v.core, ${core}::text)::float8 as s from (values ${values}) as v(i, core)`,
      )) as unknown as { rows: { i: number; s: number }[] };
      const byIndex = new Map(result.rows.map((row) => [Number(row.i), Number(row.s)]));
      return cores.map((_c, i) => byIndex.get(i) ?? 0);
    },

    /** Which of these partners the user (by identity) belongs to with one of these levels. */
    async memberPartnerIds(
      identityId: string,
      partnerIds: readonly number[],
      levels: readonly AccessLevel[],
    ): Promise<Set<number>> {
      if (partnerIds.length === 0) return new Set();
      const rows = await db
        .select({ id: tradePartnerMembers.tradePartnerId })
        .from(tradePartnerMembers)
        .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
        .where(
          and(
            eq(users.identityId, identityId),
            inArray(tradePartnerMembers.tradePartnerId, [...partnerIds]),
            inArray(tradePartnerMembers.accessLevel, [...levels]),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
