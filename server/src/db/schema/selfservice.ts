import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { LANGUAGES } from '#common/languages.js';
import { LINK_ACTIONS } from '#common/selfservice.js';
import { LINK_ACCESS_LEVELS } from '#common/selfservice-claim.js';
import { kycSubmissions } from './kyc.js';
import { users } from './users.js';

/**
 * A self-service link to one KYC file (issue 19, decision 032). Only the token's SHA-256 is
 * kept. `userId` is the link's own user record, the identity its acts are recorded under (the
 * steps' updatedBy, the documents' uploadedBy, the trail), named after its recipient.
 */
export const kycSelfServiceLinks = pgTable(
  'kyc_selfservice_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    kycId: bigint('kyc_id', { mode: 'number' })
      .notNull()
      .references(() => kycSubmissions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    recipientEmail: text('recipient_email'),
    recipientName: text('recipient_name'),
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    allowAccount: boolean('allow_account').notNull().default(true),
    /** The level a claim joins the company at (decision 041); claims joined at EDITOR before. */
    accessLevel: text('access_level', { enum: LINK_ACCESS_LEVELS }).notNull().default('EDITOR'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: bigint('revoked_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedBy: bigint('claimed_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [index('kyc_selfservice_links_kyc_idx').on(t.kycId, t.createdAt)],
);

export type SelfServiceLinkRow = typeof kycSelfServiceLinks.$inferSelect;

/** Every use of a link: when, from where, with what, doing what (append-only). */
export const kycSelfServiceUses = pgTable(
  'kyc_selfservice_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => kycSelfServiceLinks.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    address: text('address').notNull(),
    userAgent: text('user_agent'),
    action: text('action', { enum: LINK_ACTIONS }).notNull(),
  },
  (t) => [index('kyc_selfservice_uses_link_idx').on(t.linkId, t.at.desc(), t.id)],
);

export type SelfServiceUseRow = typeof kycSelfServiceUses.$inferSelect;
