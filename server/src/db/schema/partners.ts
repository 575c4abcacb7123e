import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACCESS_LEVELS, ADDRESS_TYPES, PARTNER_ROLES } from '#common/partner-access.js';
import { users } from './users.js';

export { ACCESS_LEVELS, ADDRESS_TYPES, PARTNER_ROLES } from '#common/partner-access.js';
export type { AccessLevel, PartnerRole } from '#common/partner-access.js';

export const tradePartners = pgTable(
  'trade_partners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    legalForm: text('legal_form'),
    /** Chamber of Commerce number, normalised: upper case, no spaces or dots. */
    cocNumber: text('coc_number'),
    /** VAT number, normalised: upper case with country prefix, no spaces or dots. */
    vatNumber: text('vat_number'),
    /** ISO 3166-1 alpha-2 country of registration. */
    country: text('country'),
    /**
     * The last acceptance of the terms (decision 027): the version accepted, when and by whom.
     * The terms count as accepted only while this version is the one in force.
     */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsAcceptedBy: bigint('terms_accepted_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Bumped by every change; a change based on an older version is refused (decision 023). */
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One company per registration number: duplicates are refused (409), not merged.
    uniqueIndex('trade_partners_coc_number_key').on(t.cocNumber),
    uniqueIndex('trade_partners_vat_number_key').on(t.vatNumber),
    // The list's search (decision 021): names contain the term, from the trigram index; numbers
    // and e-mail addresses (stored normalised, lower case) start with it, from a btree that
    // answers `like 'term%'` whatever the database's collation (text_pattern_ops).
    index('trade_partners_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('trade_partners_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    index('trade_partners_coc_prefix_idx').on(t.cocNumber.op('text_pattern_ops')),
    index('trade_partners_vat_prefix_idx').on(t.vatNumber.op('text_pattern_ops')),
    index('trade_partners_name_idx').on(t.name, t.id),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    tradePartnerId: bigint('trade_partner_id', { mode: 'number' })
      .notNull()
      .references(() => tradePartners.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ADDRESS_TYPES }).notNull().default('REGISTERED'),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    postCode: text('post_code').notNull(),
    /** Order within the partner; the first address (lowest) is the company address. */
    position: integer('position').notNull().default(0),
    /** Bumped by every change; a change based on an older version is refused (decision 023). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_trade_partner_idx').on(t.tradePartnerId, t.position)],
);

export const tradePartnerContacts = pgTable(
  'trade_partner_contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    tradePartnerId: bigint('trade_partner_id', { mode: 'number' })
      .notNull()
      .references(() => tradePartners.id, { onDelete: 'cascade' }),
    /** Set when the contact is also a user of the portal. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    jobTitle: text('job_title'),
    /** Bumped by every change; a change based on an older version is refused (decision 023). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trade_partner_contacts_partner_idx').on(t.tradePartnerId)],
);

/** Which users belong to which company, in which role and with which access level. */
export const tradePartnerMembers = pgTable(
  'trade_partner_members',
  {
    tradePartnerId: bigint('trade_partner_id', { mode: 'number' })
      .notNull()
      .references(() => tradePartners.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: PARTNER_ROLES }).notNull(),
    accessLevel: text('access_level', { enum: ACCESS_LEVELS }).notNull(),
    /** Bumped by every change; a change based on an older version is refused (decision 023). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tradePartnerId, t.userId] }),
    index('trade_partner_members_user_idx').on(t.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    tradePartnerId: bigint('trade_partner_id', { mode: 'number' })
      .notNull()
      .references(() => tradePartners.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    accessLevel: text('access_level', { enum: ACCESS_LEVELS }).notNull().default('VIEWER'),
    invitedBy: bigint('invited_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: bigint('accepted_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('invitations_email_idx').on(t.email),
    // At most one open invitation per person and company.
    uniqueIndex('invitations_open_key')
      .on(t.tradePartnerId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
