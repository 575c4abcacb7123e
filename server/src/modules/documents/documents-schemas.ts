import { z } from 'zod';
import { documentStatusSchema, documentTypeSchema, ENTITY_NAMES } from '#common/documents.js';
import { positiveIdSchema, uuidSchema } from '#server/api-schemas.js';
import { DOCUMENT_TYPES } from '#server/db/schema/documents.js';
import { DOCUMENT_SORTS, THUMBNAIL_FITS, THUMBNAIL_FORMATS } from './types.js';

export const tags = ['documents'];

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

// ---- parameters ---------------------------------------------------------------------------------

const booleanParam = z
  .enum(['true', 'false'], 'must be true or false')
  .transform((value) => value === 'true');

/** Repeatable: `?documentType=A&documentType=B`; a single value is a list of one. */
const documentTypesParam = z
  .union([documentTypeSchema, z.array(documentTypeSchema)], { error: oneOf(DOCUMENT_TYPES) })
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .optional()
  .describe('repeatable');

const pageParam = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .default(0);

const sizeParam = (fallback: number) =>
  z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(fallback);

const sortParam = z
  .enum(DOCUMENT_SORTS, oneOf(DOCUMENT_SORTS))
  .default('createdAt,desc')
  .describe('field,asc|desc; newest first by default');

const entityNameSchema = z.enum(ENTITY_NAMES, oneOf(ENTITY_NAMES));

export const documentIdParamsSchema = z.object({ documentId: positiveIdSchema });
export const customerParamsSchema = z.object({ customerTradePartnerId: positiveIdSchema });
export const shipmentParamsSchema = z.object({ shipmentId: positiveIdSchema });
export const transportParamsSchema = z.object({ transportId: positiveIdSchema });
export const byEntityParamsSchema = z.object({
  entityType: entityNameSchema,
  entityId: positiveIdSchema,
});
export const byEntityUuidParamsSchema = z.object({
  entityType: entityNameSchema,
  entityUuid: uuidSchema,
});
export const entityParamsSchema = z.object({
  entityName: entityNameSchema,
  entityId: positiveIdSchema,
});
export const entityUuidParamsSchema = z.object({
  entityName: entityNameSchema,
  entityUuid: uuidSchema,
});

export const listQuerySchema = z.object({
  includeArchived: booleanParam.default(false),
  page: pageParam,
  size: sizeParam(20),
  sort: sortParam,
});

export const customerQuerySchema = z.object({
  documentType: documentTypesParam,
  includeArchived: booleanParam.default(false),
});

export const byEntityQuerySchema = z.object({ documentType: documentTypesParam });

export const entityQuerySchema = z.object({
  status: documentStatusSchema.default('ACTIVE'),
  includeArchived: booleanParam
    .default(false)
    .describe('true: both statuses, whatever status says'),
  page: pageParam,
  size: sizeParam(20),
  sort: sortParam,
  documentType: documentTypesParam,
});

export const shipmentQuerySchema = z.object({ includeArchived: booleanParam.default(false) });

export const filterQuerySchema = z.object({
  status: documentStatusSchema.default('ACTIVE'),
  includeArchived: booleanParam
    .default(false)
    .describe('true: both statuses, whatever status says'),
  tradePartnerUuid: uuidSchema.optional(),
  tradePartnerId: positiveIdSchema.optional(),
  tradePartnerContactUuid: uuidSchema.optional(),
  contactId: positiveIdSchema.optional(),
  userUuid: uuidSchema.optional(),
  userId: positiveIdSchema.optional(),
  addressUuid: z.string().optional().describe('one that is not a UUID gives an empty page'),
  addressId: positiveIdSchema.optional(),
  shipmentUuid: uuidSchema.optional(),
  shipmentId: positiveIdSchema.optional(),
  orderUuid: uuidSchema.optional(),
  orderId: positiveIdSchema.optional(),
  transportUuid: uuidSchema.optional(),
  transportId: positiveIdSchema.optional(),
  documentType: documentTypesParam,
  page: pageParam,
  size: sizeParam(100),
  sort: sortParam,
});

export type FilterQuery = z.infer<typeof filterQuerySchema>;

const accessTokenParam = z
  .string()
  .max(4096)
  .optional()
  .describe('a document access token, instead of the bearer header');

export const contentQuerySchema = z.object({
  disposition: z
    .enum(['inline', 'attachment'], oneOf(['inline', 'attachment']))
    .default('attachment'),
  token: accessTokenParam,
});

export const streamQuerySchema = z.object({
  disposition: z.enum(['inline', 'attachment'], oneOf(['inline', 'attachment'])).default('inline'),
  token: accessTokenParam,
});

const dimension = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .min(16, 'must be at least 16')
  .max(1024, 'must be at most 1024')
  .default(256);

export const thumbnailQuerySchema = z.object({
  format: z.enum(THUMBNAIL_FORMATS, oneOf(THUMBNAIL_FORMATS)).default('webp'),
  width: dimension,
  height: dimension,
  fit: z.enum(THUMBNAIL_FITS, oneOf(THUMBNAIL_FITS)).default('inside'),
  userId: z.string().optional().describe('ignored: access follows the document'),
  tradePartnerId: z.string().optional().describe('ignored: access follows the document'),
  token: accessTokenParam,
});

export type ThumbnailQuery = z.infer<typeof thumbnailQuerySchema>;

/**
 * Why staff change the evidence of a KYC file in review or decided (decision 035): the file's
 * audit trail keeps it.
 */
const evidenceReasonSchema = z
  .string()
  .trim()
  .min(3, 'must be 3 to 500 characters')
  .max(500, 'must be 3 to 500 characters')
  .optional()
  .describe('why: needed from staff for the evidence of a KYC file in review or decided');

export const statusQuerySchema = z.object({
  status: documentStatusSchema,
  reason: evidenceReasonSchema,
});
export const typeQuerySchema = z.object({
  documentType: documentTypeSchema,
  reason: evidenceReasonSchema,
});

/** The links a plain upload may name; at most one of them. */
export const uploadQuerySchema = z.object({
  userId: positiveIdSchema.describe('the uploader: your own id unless you are staff'),
  documentType: documentTypeSchema,
  tradePartnerId: positiveIdSchema.optional(),
  tradePartnerUuid: uuidSchema.optional(),
  contactId: positiveIdSchema.optional(),
  tradePartnerContactUuid: uuidSchema.optional(),
  addressId: positiveIdSchema.optional(),
  addressUuid: uuidSchema.optional(),
  orderId: positiveIdSchema.optional(),
  orderUuid: uuidSchema.optional(),
  shipmentId: positiveIdSchema.optional(),
  shipmentUuid: uuidSchema.optional(),
  transportId: positiveIdSchema.optional().describe("a leg's: with its shipment"),
  transportUuid: uuidSchema.optional(),
});

export type UploadQuery = z.infer<typeof uploadQuerySchema>;

export const linkedUploadQuerySchema = z.object({
  userId: positiveIdSchema.describe('the uploader: your own id unless you are staff'),
  documentType: documentTypeSchema,
});
