import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COMMENT_VISIBILITIES,
  KYC_STATUSES,
  KYC_STEP_STATUSES,
  KYC_STEP_TYPES,
  RISK_LEVELS,
  type StepRequestKind,
} from '#common/kyc.js';
import type { KycAuditAction } from '#common/kyc-responses.js';
import { tradePartnerContacts, tradePartners } from './partners.js';
import { users } from './users.js';

/** The provider as the obliged entity of every KYC file (docs/api/kyc.md). */
export const obligedEntities = pgTable('obliged_entities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A company's KYC file: the trade partner is the customer. Workflow: decision 012. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    tradePartnerId: bigint('trade_partner_id', { mode: 'number' })
      .notNull()
      .references(() => tradePartners.id, { onDelete: 'restrict' }),
    customerContactId: bigint('customer_contact_id', { mode: 'number' }).references(
      () => tradePartnerContacts.id,
      { onDelete: 'set null' },
    ),
    obligedEntityId: bigint('obliged_entity_id', { mode: 'number' })
      .notNull()
      .references(() => obligedEntities.id, { onDelete: 'restrict' }),
    /** The staff member reviewing the file (obligedEntityContactId). */
    reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Who moved the file to WAITING_FOR_APPROVAL last (the four-eyes rule). */
    approvalRequestedBy: bigint('approval_requested_by', { mode: 'number' }).references(
      () => users.id,
      { onDelete: 'set null' },
    ),
    status: text('status', { enum: KYC_STATUSES }).notNull().default('DRAFT'),
    /** The stored insights' risk level (kyc_insights), kept here for the lists. */
    riskLevel: text('risk_level', { enum: RISK_LEVELS }),
    /** Bumped by every change; a change based on an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One per sort and filter the lists offer (issue 16): each page is read from an index in
    // its order, never by sorting every file; id breaks ties.
    index('kyc_submissions_partner_idx').on(t.tradePartnerId, t.createdAt, t.id),
    index('kyc_submissions_status_idx').on(t.status, t.updatedAt, t.id),
    index('kyc_submissions_updated_idx').on(t.updatedAt, t.id),
    index('kyc_submissions_created_idx').on(t.createdAt, t.id),
    index('kyc_submissions_reviewer_idx').on(t.reviewerId, t.updatedAt, t.id),
    // One open file per company at a time; decided or cancelled ones stay beside it.
    uniqueIndex('kyc_submissions_open_key')
      .on(t.tradePartnerId)
      .where(
        sql`${t.status} in ('DRAFT', 'SUBMITTED', 'IN_REVIEW', 'CHANGES_REQUESTED', 'WAITING_FOR_APPROVAL')`,
      ),
  ],
);

/**
 * Each company's latest file (the newest created), for the customers list (issue 16). Kept by
 * the triggers of migration 0008 in the same transaction as the insert or delete of a file, so
 * no code path can forget it and the list never recomputes it (decision 020).
 */
export const kycLatestSubmissions = pgTable('kyc_latest_submissions', {
  tradePartnerId: bigint('trade_partner_id', { mode: 'number' })
    .primaryKey()
    .references(() => tradePartners.id, { onDelete: 'cascade' }),
  kycId: bigint('kyc_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => kycSubmissions.id, { onDelete: 'cascade' }),
});

/**
 * How many files each status holds (key: the status) and how many companies have a file (key:
 * `companies`), kept by the triggers of migration 0010 in the same transaction as the change,
 * so the staff lists' totals are exact without counting (decision 020).
 */
export const kycTotals = pgTable('kyc_totals', {
  key: text('key').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

export const kycSteps = pgTable(
  'kyc_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    kycId: bigint('kyc_id', { mode: 'number' })
      .notNull()
      .references(() => kycSubmissions.id, { onDelete: 'cascade' }),
    stepType: text('step_type', { enum: KYC_STEP_TYPES }).notNull(),
    status: text('status', { enum: KYC_STEP_STATUSES }).notNull().default('PENDING'),
    /** The step's form data (issue 7). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The latest reviewer comment on the step, and who may read it. */
    comment: text('comment'),
    commentVisibility: text('comment_visibility', { enum: COMMENT_VISIBILITIES })
      .notNull()
      .default('shared'),
    /**
     * The reviewer's request to the partner on this step (changes requested, or rejected), until
     * a reviewer decides the step again or withdraws it (issue 14); null when there is none.
     */
    request: jsonb('request').$type<StoredStepRequest>(),
    /**
     * The partner's unsaved form state, kept so it survives sign-out and another device
     * (decision 013); any JSON object, never validated, never audited.
     */
    draft: jsonb('draft').$type<Record<string, unknown>>(),
    draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
    draftSavedBy: bigint('draft_saved_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** `data` as it was at the last reviewer decision: what the partner changed since. */
    reviewedData: jsonb('reviewed_data').$type<Record<string, unknown>>(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_steps_kyc_step_key').on(t.kycId, t.stepType)],
);

/** A document the partner added, archived or retyped in answer to a step's request. */
export interface StoredRequestDocument {
  id: number;
  fileName: string;
  change: 'added' | 'archived' | 'retyped';
}

/** kyc_steps.request: who asked what of the partner, and whether they have answered. */
export interface StoredStepRequest {
  kind: StepRequestKind;
  comment: string;
  byId: number | null;
  byName: string | null;
  at: string;
  answeredAt: string | null;
  answeredById: number | null;
  answeredByName: string | null;
  /** The step's documents the partner changed since the request. */
  documents: StoredRequestDocument[];
}

/** The status history: every move of a file, and the first submission comment. */
export const kycStatusRecords = pgTable(
  'kyc_status_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kycId: bigint('kyc_id', { mode: 'number' })
      .notNull()
      .references(() => kycSubmissions.id, { onDelete: 'cascade' }),
    /** A KycStatus, or SUBMISSION_COMMENT. */
    status: text('status').notNull(),
    fromStatus: text('from_status'),
    comment: text('comment'),
    /** Who may read the comment: staff only (internal) or the partner too (shared). */
    visibility: text('visibility', { enum: COMMENT_VISIBILITIES }).notNull().default('shared'),
    isCompliant: boolean('is_compliant'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The person's name when they acted. */
    userName: text('user_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_status_records_kyc_idx').on(t.kycId, t.id)],
);

export const kycComments = pgTable(
  'kyc_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kycId: bigint('kyc_id', { mode: 'number' })
      .notNull()
      .references(() => kycSubmissions.id, { onDelete: 'cascade' }),
    stepType: text('step_type', { enum: KYC_STEP_TYPES }),
    comment: text('comment').notNull(),
    /** Who may read it: staff only (internal) or the partner too (shared). */
    visibility: text('visibility', { enum: COMMENT_VISIBILITIES }).notNull().default('shared'),
    /** What the comment came with: a status change, a step status change, or on its own. */
    contextKind: text('context_kind', { enum: ['status', 'step', 'comment'] }).notNull(),
    contextStatus: text('context_status'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    userName: text('user_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_comments_kyc_idx').on(t.kycId, t.id)],
);

/**
 * The append-only audit trail (decision 012): a trigger in the migration refuses UPDATE and
 * DELETE. No foreign key to the submission, so that nothing can cascade it away.
 */
export const kycAuditEvents = pgTable(
  'kyc_audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kycId: bigint('kyc_id', { mode: 'number' }).notNull(),
    entity: text('entity', { enum: ['submission', 'step', 'comment', 'document'] }).notNull(),
    entityId: bigint('entity_id', { mode: 'number' }),
    stepType: text('step_type'),
    action: text('action').$type<KycAuditAction>().notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    reason: text('reason'),
    /** Further facts of the change (changed fields, versions). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    userId: bigint('user_id', { mode: 'number' }),
    userName: text('user_name'),
    /** The act was done through self-service link #N (issue 19): its id. */
    viaSelfServiceLink: bigint('via_selfservice_link', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_audit_events_kyc_idx').on(t.kycId, t.id)],
);

/**
 * The insights of a file as last computed (issue 14): on submission, whenever what they read
 * changes, and before an approval; the risk level is also on the submission, for the lists.
 */
export const kycInsights = pgTable('kyc_insights', {
  kycId: bigint('kyc_id', { mode: 'number' })
    .primaryKey()
    .references(() => kycSubmissions.id, { onDelete: 'cascade' }),
  riskLevel: text('risk_level', { enum: RISK_LEVELS }).notNull(),
  /** The Insights object of docs/api/kyc.md, without kycId. */
  insights: jsonb('insights').$type<Record<string, unknown>>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});
