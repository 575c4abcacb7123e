import { z } from 'zod';
import {
  EXPORT_DEFAULTS,
  EXPORT_JOB_STATUSES,
  EXPORT_STAGES,
} from '../../../../../common/kyc-export.js';
import { dateTimeSchema } from '../../../api-schemas.js';

const flag = (name: keyof typeof EXPORT_DEFAULTS) =>
  z
    .enum(['true', 'false'], 'must be true or false')
    .transform((value) => value === 'true')
    .default(EXPORT_DEFAULTS[name])
    .describe(`default ${EXPORT_DEFAULTS[name]}`);

export const exportQuerySchema = z.object({
  includeAuditLogs: flag('includeAuditLogs'),
  includeDocumentThumbnails: flag('includeDocumentThumbnails'),
  includeFullDocuments: flag('includeFullDocuments'),
  orderUuid: z.uuid('must be a UUID').optional().describe('the order the export is made for'),
  filename: z
    .string()
    .trim()
    .min(5, 'must name a .pdf file')
    .max(200, 'must be at most 200 characters')
    .regex(/^[^/\\\p{Cc}]+\.pdf$/iu, 'must be a file name ending in .pdf, without slashes')
    .optional()
    .describe(
      'SPEC 9 default: kyc-submission-{id}.pdf, kyc-export-{uuid}.pdf, order-{orderUuid}.pdf',
    ),
});

export type ExportQuery = z.infer<typeof exportQuerySchema>;

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

export const jobParamsSchema = z.object({ jobId: z.uuid('must be a UUID') });
