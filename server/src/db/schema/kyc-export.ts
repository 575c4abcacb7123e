import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EXPORT_JOB_STATUSES, EXPORT_STAGES } from '#common/kyc-export.js';
import { kycSubmissions } from './kyc.js';
import { users } from './users.js';

/**
 * A PDF export of a KYC file (decision 014): the job queue itself. A process claims a QUEUED
 * job, or one whose lease ran out, by taking its lease; it renews the lease as it reports
 * progress. The finished PDF lives in the document store under `storageKey`.
 */
export const kycExportJobs = pgTable(
  'kyc_export_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kycId: bigint('kyc_id', { mode: 'number' })
      .notNull()
      .references(() => kycSubmissions.id, { onDelete: 'cascade' }),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * {includeAuditLogs, includeDocumentThumbnails, includeFullDocuments}, and for an order's
     * export orderAmounts: whether its cover shows the order's total (decided for the requester).
     */
    options: jsonb('options').$type<Record<string, boolean>>().notNull(),
    orderUuid: uuid('order_uuid'),
    /** The exporter's language: the PDF's texts are in it. */
    language: text('language').notNull(),
    filename: text('filename').notNull(),
    status: text('status', { enum: EXPORT_JOB_STATUSES }).notNull().default('QUEUED'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage', { enum: EXPORT_STAGES }).notNull().default('queued'),
    errorMessage: text('error_message'),
    /** How many times a process has taken the job; it fails after the third. */
    attempts: integer('attempts').notNull().default(0),
    /** The holder of the lease: a random token per attempt, so a stale worker cannot write. */
    leaseToken: uuid('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    pageCount: integer('page_count'),
    sha256: text('sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('kyc_export_jobs_claim_idx').on(t.status, t.createdAt),
    index('kyc_export_jobs_kyc_idx').on(t.kycId),
  ],
);

export type KycExportJobRow = typeof kycExportJobs.$inferSelect;
