import { z } from 'zod';
import { EXPORT_DEFAULTS } from '#common/kyc-export.js';

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

export const jobParamsSchema = z.object({ jobId: z.uuid('must be a UUID') });
