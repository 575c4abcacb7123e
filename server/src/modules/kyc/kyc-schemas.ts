import { z } from 'zod';
import {
  userIdField,
  type commentInputSchema,
  type createSchema,
  type requestWithdrawalSchema,
  type riskAcknowledgementSchema,
  type statusChangeSchema,
  type stepDataInputSchema,
  type stepStatusChangeSchema,
} from '#common/kyc-bodies.js';
import { CUSTOMER_SORT_FIELDS, type CustomerSortField } from '#common/kyc.js';
import { kycStatusSchema, stepTypeSchema } from '#common/kyc-responses.js';
import { idOrUuidSchema, positiveIdSchema, uuidSchema } from '#server/api-schemas.js';

export const tags = ['kyc'];

export type KycCreate = z.infer<typeof createSchema>;
export type RiskAcknowledgement = z.infer<typeof riskAcknowledgementSchema>;
export type StatusChange = z.infer<typeof statusChangeSchema>;
export type CommentInput = z.infer<typeof commentInputSchema>;
export type StepStatusChange = z.infer<typeof stepStatusChangeSchema>;
export type RequestWithdrawal = z.infer<typeof requestWithdrawalSchema>;
export type StepDataInput = z.infer<typeof stepDataInputSchema>;

export const userIdQuerySchema = z.object({ userId: userIdField });

/** Cache-busting parameters the app adds; ignored. */
export const cacheBustingSchema = z.object({
  _: z.string().optional(),
  t: z.string().optional(),
});

const page = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .default(0);
const size = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100, 'must be at most 100')
  .default(20);

export const KYC_SORT_FIELDS = [
  'updatedAt',
  'createdAt',
  'status',
  'tradePartnerName',
  'id',
] as const;
export type KycSortField = (typeof KYC_SORT_FIELDS)[number];
export interface KycSort {
  field: KycSortField;
  direction: 'asc' | 'desc';
}

const sortSchema = z
  .string()
  .regex(
    new RegExp(`^(${KYC_SORT_FIELDS.join('|')})(,(asc|desc))?$`, 'i'),
    `must be one of ${KYC_SORT_FIELDS.join(', ')}, optionally followed by ,asc or ,desc`,
  )
  .default('updatedAt,desc')
  .transform((value): KycSort => {
    const [field, direction] = value.split(',');
    const known = KYC_SORT_FIELDS.find((f) => f.toLowerCase() === field!.toLowerCase())!;
    return { field: known, direction: direction?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
  })
  .describe(
    'field[,asc|desc]: updatedAt (default updatedAt,desc), createdAt, status, tradePartnerName, id',
  );

const cursor = z
  .string()
  .max(400)
  .optional()
  .describe(
    "the previous page's nextCursor: the rows after it in the same order, however deep (keyset paging; `page` is then only echoed)",
  );

export const listQuerySchema = z.object({ page, size, sort: sortSchema, cursor });
export type ListQuery = z.infer<typeof listQuerySchema>;

const optionalId = positiveIdSchema.optional();

export const filterQuerySchema = listQuerySchema.extend({
  obligedEntityId: optionalId,
  obligedEntityContactId: optionalId.describe('the reviewer, a user id'),
  customerId: optionalId.describe('the trade partner id'),
  customerContactId: optionalId,
  kycStatus: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
      z.array(kycStatusSchema),
    )
    .optional()
    .describe('repeatable (or comma separated): any of these'),
  search: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .optional()
    .describe('trade partner name contains this'),
});
export type FilterQuery = z.infer<typeof filterQuerySchema>;

export const pageQuerySchema = z.object({ page, size, cursor });

// ---- customers -----------------------------------------------------------------------------

export interface CustomerSort {
  field: CustomerSortField;
  direction: 'asc' | 'desc';
}

const customerSortSchema = z
  .string()
  .regex(
    new RegExp(`^(${CUSTOMER_SORT_FIELDS.join('|')})(,(asc|desc))?$`, 'i'),
    `must be one of ${CUSTOMER_SORT_FIELDS.join(', ')}, optionally followed by ,asc or ,desc`,
  )
  .default('name,asc')
  .transform((value): CustomerSort => {
    const [field, direction] = value.split(',');
    const known = CUSTOMER_SORT_FIELDS.find((f) => f.toLowerCase() === field!.toLowerCase())!;
    return { field: known, direction: direction?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
  })
  .describe(
    "field[,asc|desc]: name (default name,asc), or the latest file's status, updatedAt, decidedAt (open files last in ascending order)",
  );

export const customerListQuerySchema = pageQuerySchema.extend({ sort: customerSortSchema });
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerParamsSchema = z.object({ customerUuid: uuidSchema });
export const statusAndReviewQuerySchema = z.object({ obligedEntityUuid: uuidSchema });

// ---- path parameters -----------------------------------------------------------------------

export const idParamsSchema = z.object({ id: positiveIdSchema });
export const uuidParamsSchema = z.object({ uuid: uuidSchema });
export const statusIdParamsSchema = z.object({ id: positiveIdSchema, statusId: positiveIdSchema });
export const stepIdParamsSchema = idParamsSchema.extend({ stepType: stepTypeSchema });
export const stepUuidParamsSchema = uuidParamsSchema.extend({ stepType: stepTypeSchema });
export const insightsIdParamsSchema = idParamsSchema.extend({ stepUuid: uuidSchema });
export const insightsUuidParamsSchema = uuidParamsSchema.extend({ stepUuid: uuidSchema });

/** `/kyc/{id}`: a numeric id, or a uuid (which adds the insights). */
export const idOrUuidParamsSchema = z.object({
  id: idOrUuidSchema.describe('a numeric id, or a uuid (which adds the insights)'),
});
