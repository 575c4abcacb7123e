import { and, asc, desc, eq, exists, like, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PartnerSort } from '#common/partners.js';
import { countUpToCap, type CappedCount } from '#server/db/capped-count.js';
import type { Db } from '#server/db/client.js';
import {
  tradePartnerMembers,
  tradePartners,
  type AccessLevel,
} from '#server/db/schema/partners.js';
import { users } from '#server/db/schema/users.js';
import { normaliseNumber } from '#server/matching/normalise.js';
import type { MembershipRow } from './members/members-repository.js';

export type PartnerRow = typeof tradePartners.$inferSelect;
export type NewPartner = typeof tradePartners.$inferInsert;

/** A trade partner as a path names it: `/partners/{id}` or `/partners/uuid/{uuid}`. */
export type PartnerRef = { id: number } | { uuid: string };

export const refValue = (ref: PartnerRef): string | number => ('id' in ref ? ref.id : ref.uuid);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

const ORDER: Record<PartnerSort, SQL[]> = {
  'name,asc': [asc(tradePartners.name), asc(tradePartners.id)],
  'name,desc': [desc(tradePartners.name), desc(tradePartners.id)],
  'createdAt,asc': [asc(tradePartners.createdAt), asc(tradePartners.id)],
  'createdAt,desc': [desc(tradePartners.createdAt), desc(tradePartners.id)],
};

export interface PageQuery {
  search?: string | undefined;
  sort: PartnerSort;
  page: number;
  size: number;
  /** Only companies this identity belongs to with one of `levels`; undefined for all. */
  member?: { identityId: string; levels: readonly AccessLevel[] };
}

export function createPartnerRepository(db: Db) {
  return {
    async find(ref: PartnerRef): Promise<PartnerRow | undefined> {
      const where = 'id' in ref ? eq(tradePartners.id, ref.id) : eq(tradePartners.uuid, ref.uuid);
      const [row] = await db.select().from(tradePartners).where(where).limit(1);
      return row;
    },

    /** Another company with this CoC or VAT number. */
    async findDuplicate(
      field: 'cocNumber' | 'vatNumber',
      value: string,
      exceptId?: number,
    ): Promise<PartnerRow | undefined> {
      const column = tradePartners[field];
      const [row] = await db
        .select()
        .from(tradePartners)
        .where(
          and(
            eq(column, value),
            exceptId === undefined ? undefined : ne(tradePartners.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },

    async insert(values: NewPartner): Promise<PartnerRow> {
      const [row] = await db.insert(tradePartners).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<NewPartner>): Promise<PartnerRow> {
      const [row] = await db
        .update(tradePartners)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tradePartners.id, id))
        .returning();
      return row!;
    },

    /** A page, and how many match counted up to LIST_COUNT_CAP; both queries at once. */
    async page(query: PageQuery): Promise<{ rows: PartnerRow[]; counted: CappedCount }> {
      const conditions: (SQL | undefined)[] = [];
      if (query.search) {
        // lower(…) like …: the form the trigram indexes hold (migration 0008). The numbers are
        // stored normalised, upper case, as normaliseNumber gives them.
        const text = `%${escapeLike(query.search.toLowerCase())}%`;
        const number = normaliseNumber(query.search);
        const numberLike = `%${escapeLike(number)}%`;
        conditions.push(
          or(
            like(sql`lower(${tradePartners.name})`, text),
            like(sql`lower(${tradePartners.email})`, text),
            number ? like(tradePartners.cocNumber, numberLike) : undefined,
            number ? like(tradePartners.vatNumber, numberLike) : undefined,
          ),
        );
      }
      if (query.member) {
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(tradePartnerMembers)
              .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
              .where(
                and(
                  eq(tradePartnerMembers.tradePartnerId, tradePartners.id),
                  eq(users.identityId, query.member.identityId),
                  inArray(tradePartnerMembers.accessLevel, [...query.member.levels]),
                ),
              ),
          ),
        );
      }
      const where = and(...conditions);
      const [counted, rows] = await Promise.all([
        countUpToCap(
          db,
          db
            .select({ one: sql`1` })
            .from(tradePartners)
            .where(where)
            .$dynamic(),
        ),
        db
          .select()
          .from(tradePartners)
          .where(where)
          .orderBy(...ORDER[query.sort])
          .limit(query.size)
          .offset(query.page * query.size),
      ]);
      return { rows, counted };
    },

    /**
     * The companies a user belongs to with one of `levels`, with the membership, in the order
     * they joined them (the first is the one they registered or were invited to first).
     */
    async listOfUser(
      userId: number,
      levels: readonly AccessLevel[],
    ): Promise<{ partner: PartnerRow; membership: MembershipRow }[]> {
      return db
        .select({ partner: tradePartners, membership: tradePartnerMembers })
        .from(tradePartnerMembers)
        .innerJoin(tradePartners, eq(tradePartners.id, tradePartnerMembers.tradePartnerId))
        .where(
          and(
            eq(tradePartnerMembers.userId, userId),
            inArray(tradePartnerMembers.accessLevel, [...levels]),
          ),
        )
        .orderBy(asc(tradePartnerMembers.createdAt), asc(tradePartners.id));
    },
  };
}

export type PartnerRepository = ReturnType<typeof createPartnerRepository>;
