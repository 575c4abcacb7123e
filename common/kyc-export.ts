/**
 * The KYC review file as PDF (issue 8, decision 014): the job's statuses and stages, the job as
 * the server answers it, the options' defaults, the default file names and the app's polling
 * limits (SPEC 4, 8 and 9).
 */
import { z } from 'zod';
import { dateTimeSchema } from './api.js';

/** SPEC 4's generic background job values. */
export const EXPORT_JOB_STATUSES = [
  'QUEUED',
  'IN_PROGRESS',
  'COMPLETED',
  'FAILED',
  'CANCELED',
] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];
/** A job in one of these is still being worked on: the app keeps polling it. */
export const UNDER_WAY_EXPORT_STATUSES: readonly ExportJobStatus[] = ['QUEUED', 'IN_PROGRESS'];
/** A job in one of these is over: its PDF (if any) is kept until it expires. */
export const FINISHED_EXPORT_STATUSES: readonly ExportJobStatus[] = EXPORT_JOB_STATUSES.filter(
  (status) => !UNDER_WAY_EXPORT_STATUSES.includes(status),
);

/** What a job is doing (its currentStep), in order; the app translates them. */
export const EXPORT_STAGES = [
  'queued',
  'collecting',
  'thumbnails',
  'layout',
  'documents',
  'finishing',
  'done',
] as const;
export type ExportStage = (typeof EXPORT_STAGES)[number];

export const exportJobSchema = z
  .object({
    jobId: z.uuid(),
    kycId: z.number().int(),
    status: z.enum(EXPORT_JOB_STATUSES),
    progress: z.number().int().min(0).max(100).describe('percent'),
    currentStep: z.enum(EXPORT_STAGES),
    filename: z.string(),
    errorMessage: z.string().nullable(),
    pageCount: z.number().int().nullable(),
    size: z.number().int().nullable().describe('bytes, once COMPLETED'),
    sha256: z.string().nullable().describe('of the PDF, once COMPLETED; also in the audit trail'),
    createdAt: dateTimeSchema,
    completedAt: dateTimeSchema.nullable(),
  })
  .meta({ id: 'KycExportJob' });

export type ExportJob = z.infer<typeof exportJobSchema>;

/** SPEC 9: the export dialog's defaults. */
export const EXPORT_DEFAULTS = {
  includeAuditLogs: true,
  includeDocumentThumbnails: true,
  includeFullDocuments: false,
} as const;

/** SPEC 9's default file names. */
export const exportFileName = (
  target: { id: number } | { uuid: string } | { orderUuid: string },
): string =>
  'orderUuid' in target
    ? `order-${target.orderUuid}.pdf`
    : 'id' in target
      ? `kyc-submission-${target.id}.pdf`
      : `kyc-export-${target.uuid}.pdf`;

/** SPEC 9: the app polls a job every 2500 ms, at most 360 times (15 minutes). */
export const EXPORT_POLL_INTERVAL_MS = 2500;
export const EXPORT_POLL_MAX_ATTEMPTS = 360;
export const EXPORT_POLL_TIMEOUT_MS = 900_000;
/** SPEC 8: a failed status call is retried 3 times, 1000 ms apart. */
export const EXPORT_STATUS_RETRIES = 3;
export const EXPORT_STATUS_RETRY_DELAY_MS = 1000;
