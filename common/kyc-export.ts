/**
 * The KYC review file as PDF (issue 8, decision 014): the job's statuses and stages, the
 * options' defaults, the default file names and the app's polling limits (SPEC 4, 8 and 9).
 */

/** SPEC 4's generic background job values. */
export const EXPORT_JOB_STATUSES = [
  'QUEUED',
  'IN_PROGRESS',
  'COMPLETED',
  'FAILED',
  'CANCELED',
] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

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
