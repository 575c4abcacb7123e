import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { KycStatus } from '#common/kyc.js';
import type { Language } from '#common/languages.js';
import type { LinkAction } from '#common/selfservice.js';
import type { LinkAccessLevel } from '#common/selfservice-claim.js';
import type { Db } from '#server/db/client.js';
import { kycStatusRecords, kycSubmissions } from '#server/db/schema/kyc.js';
import {
  kycSelfServiceLinks,
  kycSelfServiceUses,
  type SelfServiceLinkRow,
  type SelfServiceUseRow,
} from '#server/db/schema/selfservice.js';
import { users } from '#server/db/schema/users.js';
import { personColumns, type NamedPerson } from '#server/modules/users/identity-service.js';

/** The identity a link's user record carries: never a subject of the identity provider's. */
export const linkIdentity = (linkUuid: string) => `selfservice-link:${linkUuid}`;

/**
 * Where a link's file stands for the link (decision 041): its status, and whether it was handed
 * in (by anyone, through any link) since the link was made.
 */
export interface LinkFileFacts {
  fileStatus: KycStatus;
  handedInSince: boolean;
}

/** A link with its file's facts and what its presentation names: the file's uuid and people. */
export interface LinkView extends LinkFileFacts {
  link: SelfServiceLinkRow;
  kycUuid: string;
  tradePartnerId: number;
  creator: NamedPerson | null;
  revoker: NamedPerson | null;
}

/** Whether the link's file moved to SUBMITTED after the link was made. */
const handedInSince = sql<boolean>`exists (
  select 1 from ${kycStatusRecords}
  where ${kycStatusRecords.kycId} = ${kycSelfServiceLinks.kycId}
    and ${kycStatusRecords.status} = 'SUBMITTED'
    and ${kycStatusRecords.createdAt} > ${kycSelfServiceLinks.createdAt}
)`.mapWith(Boolean);

export interface NewLink {
  uuid: string;
  kycId: number;
  tokenHash: string;
  recipientEmail: string | null;
  recipientName: string | null;
  language: Language;
  allowAccount: boolean;
  accessLevel: LinkAccessLevel;
  expiresAt: Date;
  createdBy: number | null;
}

const creators = alias(users, 'link_creator');
const revokers = alias(users, 'link_revoker');

type Joined = { [K in keyof NamedPerson]: NamedPerson[K] | null } | null;

/** A left-joined person: null when the join found none. */
const known = (person: Joined): NamedPerson | null =>
  person?.id == null ? null : { ...person, id: person.id };

export function createLinkRepository(db: Db) {
  const selectViews = () =>
    db
      .select({
        link: kycSelfServiceLinks,
        kycUuid: kycSubmissions.uuid,
        tradePartnerId: kycSubmissions.tradePartnerId,
        fileStatus: kycSubmissions.status,
        handedInSince,
        creator: personColumns(creators),
        revoker: personColumns(revokers),
      })
      .from(kycSelfServiceLinks)
      .innerJoin(kycSubmissions, eq(kycSubmissions.id, kycSelfServiceLinks.kycId))
      .leftJoin(creators, eq(creators.id, kycSelfServiceLinks.createdBy))
      .leftJoin(revokers, eq(revokers.id, kycSelfServiceLinks.revokedBy));

  const toView = (row: Awaited<ReturnType<typeof selectViews>>[number]): LinkView => ({
    link: row.link,
    kycUuid: row.kycUuid,
    tradePartnerId: row.tradePartnerId,
    fileStatus: row.fileStatus,
    handedInSince: row.handedInSince,
    creator: known(row.creator),
    revoker: known(row.revoker),
  });

  return {
    /**
     * The link and its own user record, named after its recipient and numbered after the link
     * ('Self-service link #N'): one transaction, so neither exists without the other.
     */
    async insert(values: NewLink): Promise<SelfServiceLinkRow> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            identityId: linkIdentity(values.uuid),
            firstName: values.recipientName,
            email: values.recipientEmail,
          })
          .returning({ id: users.id });
        const [link] = await tx
          .insert(kycSelfServiceLinks)
          .values({ ...values, userId: user!.id })
          .returning();
        await tx
          .update(users)
          .set({ username: `Self-service link #${link!.id}` })
          .where(eq(users.id, user!.id));
        return link!;
      });
    },

    async findByTokenHash(tokenHash: string): Promise<LinkView | undefined> {
      const [row] = await selectViews().where(eq(kycSelfServiceLinks.tokenHash, tokenHash));
      return row ? toView(row) : undefined;
    },

    async findByIdentity(identityId: string): Promise<LinkView | undefined> {
      const [row] = await selectViews()
        .innerJoin(users, eq(users.id, kycSelfServiceLinks.userId))
        .where(eq(users.identityId, identityId));
      return row ? toView(row) : undefined;
    },

    /**
     * The link and its file's facts as they are now, both rows locked against change until the
     * caller's transaction ends: a revocation or a hand-in waits for a write that was allowed,
     * and a write waits for one under way (decision 041). A caller that goes on to change the
     * link itself (a claim) takes the rows `for update`: two such callers holding a shared lock
     * would each wait for the other's, and PostgreSQL would end one as a deadlock.
     */
    async lockForWrite(
      id: number,
      mode: 'share' | 'update' = 'share',
    ): Promise<({ link: SelfServiceLinkRow; tradePartnerId: number } & LinkFileFacts) | undefined> {
      const [row] = await db
        .select({
          link: kycSelfServiceLinks,
          tradePartnerId: kycSubmissions.tradePartnerId,
          fileStatus: kycSubmissions.status,
          handedInSince,
        })
        .from(kycSelfServiceLinks)
        .innerJoin(kycSubmissions, eq(kycSubmissions.id, kycSelfServiceLinks.kycId))
        .where(eq(kycSelfServiceLinks.id, id))
        .for(mode);
      return row;
    },

    /** One link of one file; undefined when the file has no such link. */
    async findOfFile(kycId: number, linkId: number): Promise<LinkView | undefined> {
      const [row] = await selectViews().where(
        and(eq(kycSelfServiceLinks.kycId, kycId), eq(kycSelfServiceLinks.id, linkId)),
      );
      return row ? toView(row) : undefined;
    },

    /** A file's links, newest first. */
    async listOfFile(kycId: number): Promise<LinkView[]> {
      const rows = await selectViews()
        .where(eq(kycSelfServiceLinks.kycId, kycId))
        .orderBy(desc(kycSelfServiceLinks.createdAt), desc(kycSelfServiceLinks.id));
      return rows.map(toView);
    },

    /** Ends a link unless it has ended already; true when this call ended it. */
    async revoke(id: number, by: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(kycSelfServiceLinks)
        .set({ revokedAt: at, revokedBy: by })
        .where(
          and(
            eq(kycSelfServiceLinks.id, id),
            isNull(kycSelfServiceLinks.revokedAt),
            isNull(kycSelfServiceLinks.claimedAt),
          ),
        )
        .returning({ id: kycSelfServiceLinks.id });
      return rows.length > 0;
    },

    async markSubmitted(id: number, at: Date): Promise<void> {
      await db
        .update(kycSelfServiceLinks)
        .set({ submittedAt: at })
        .where(and(eq(kycSelfServiceLinks.id, id), isNull(kycSelfServiceLinks.submittedAt)));
    },

    /** Ends a link by an account made from it; false when it had ended already. */
    async claim(id: number, by: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(kycSelfServiceLinks)
        .set({ claimedAt: at, claimedBy: by })
        .where(
          and(
            eq(kycSelfServiceLinks.id, id),
            isNull(kycSelfServiceLinks.revokedAt),
            isNull(kycSelfServiceLinks.claimedAt),
          ),
        )
        .returning({ id: kycSelfServiceLinks.id });
      return rows.length > 0;
    },

    /** One use in the access log, counted on the link. */
    async recordUse(
      linkId: number,
      use: { address: string; userAgent: string | null; action: LinkAction },
    ): Promise<void> {
      const at = new Date();
      await db.insert(kycSelfServiceUses).values({ linkId, at, ...use });
      await db
        .update(kycSelfServiceLinks)
        .set({ uses: sql`${kycSelfServiceLinks.uses} + 1`, lastUsedAt: at })
        .where(eq(kycSelfServiceLinks.id, linkId));
    },

    /** A link's latest uses, newest first. */
    async uses(linkId: number, limit: number): Promise<SelfServiceUseRow[]> {
      return db
        .select()
        .from(kycSelfServiceUses)
        .where(eq(kycSelfServiceUses.linkId, linkId))
        .orderBy(desc(kycSelfServiceUses.at), desc(kycSelfServiceUses.id))
        .limit(limit);
    },
  };
}

export type LinkRepository = ReturnType<typeof createLinkRepository>;
