import { z } from 'zod';
import {
  CUSTOMER_SORT_FIELDS,
  KYC_STATUSES,
  STEP_STATUS_REQUESTS,
  SUBMISSION_COMMENT,
  type CustomerSortField,
} from '#common/kyc.js';
import { kycStatusSchema, stepTypeSchema, visibilitySchema } from '#common/kyc-responses.js';
import { idOrUuidSchema, positiveIdSchema, uuidSchema } from '#server/api-schemas.js';
import { versionField } from '#server/versions.js';

export const tags = ['kyc'];

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

// ---- requests ------------------------------------------------------------------------------

/** A comment: trimmed; empty counts as none. */
/** An optional comment: null, missing and blank all mean none. */
const commentText = z
  .string('must be a string')
  .trim()
  .max(4000, 'must be at most 4000 characters')
  .nullable()
  .transform((value) => value || undefined);

const positiveInteger = 'must be a positive integer';
const userIdField = z
  .union([z.number(), z.string()], positiveInteger)
  .transform(Number)
  .pipe(z.number(positiveInteger).int(positiveInteger).positive(positiveInteger))
  .describe('your own user id');

export const createSchema = z
  .object({
    tradePartnerId: z.number('must be a number').int().positive().optional(),
    tradePartnerUuid: uuidSchema.optional(),
    status: z.literal('DRAFT', 'must be DRAFT').optional(),
    customerContactId: z
      .number('must be a number')
      .int()
      .positive()
      .nullable()
      .optional()
      .describe("a contact of the trade partner: the partner's contact person for the file"),
  })
  .meta({ id: 'NewKycSubmission' });

export type KycCreate = z.infer<typeof createSchema>;

const visibilityField = visibilitySchema
  .optional()
  .describe(
    'staff only: who may read the comment. Default: shared for a request to the partner (which ' +
      'is always shared), internal otherwise. What a partner writes is always shared.',
  );

export const riskAcknowledgementSchema = z
  .object({
    reason: z
      .string('is required')
      .trim()
      .min(1, 'is required')
      .max(4000, 'must be at most 4000 characters'),
    fingerprint: z
      .string('is required')
      .regex(/^[0-9a-f]{64}$/, 'must be the fingerprint of the insights you reviewed')
      .describe("the insights' `fingerprint`, as shown to the approver"),
  })
  .meta({ id: 'KycRiskAcknowledgement' })
  .describe(
    'approving a file whose risk is HIGH or whose findings are open (MEDIUM or HIGH) needs this: ' +
      'why it is approved anyway, for the findings with this fingerprint',
  );

export type RiskAcknowledgement = z.infer<typeof riskAcknowledgementSchema>;

export const statusChangeSchema = z
  .object({
    status: z.enum(
      [...KYC_STATUSES, SUBMISSION_COMMENT],
      oneOf([...KYC_STATUSES, SUBMISSION_COMMENT]),
    ),
    userId: userIdField,
    comment: commentText.optional(),
    visibility: visibilityField,
    isCompliant: z.boolean('must be true or false').nullable().optional(),
    riskAcknowledgement: riskAcknowledgementSchema.nullable().optional(),
    takeOver: z
      .boolean('must be true or false')
      .optional()
      .describe(
        'starting the review of a file someone else is reviewing: true takes it over from them ' +
          '(recorded in the audit trail); without it the start is refused (409 naming them)',
      ),
    version: versionField,
  })
  .meta({ id: 'KycStatusChange' });

export type StatusChange = z.infer<typeof statusChangeSchema>;

export const commentInputSchema = z
  .object({
    comment: z
      .string('is required')
      .trim()
      .min(1, 'is required')
      .max(4000, 'must be at most 4000 characters'),
    stepType: stepTypeSchema.nullable().optional(),
    visibility: visibilitySchema
      .optional()
      .describe('staff only; default internal. What a partner writes is always shared.'),
  })
  .meta({ id: 'NewKycComment' });

export type CommentInput = z.infer<typeof commentInputSchema>;

export const stepCreateSchema = z
  .object({
    status: z
      .enum(['PENDING', 'IN_PROGRESS'], 'must be PENDING or IN_PROGRESS')
      .optional()
      .describe('PENDING by default'),
  })
  .nullable()
  .optional()
  .meta({ id: 'KycNewStep' });

export const stepStatusChangeSchema = z
  .object({
    status: z.enum(STEP_STATUS_REQUESTS, oneOf(STEP_STATUS_REQUESTS)),
    comment: commentText.optional(),
    visibility: visibilityField,
    version: versionField,
  })
  .meta({ id: 'KycStepStatusChange' });

export type StepStatusChange = z.infer<typeof stepStatusChangeSchema>;

export const requestWithdrawalSchema = z
  .object({
    comment: z
      .string('is required')
      .trim()
      .min(1, 'is required')
      .max(4000, 'must be at most 4000 characters')
      .describe('why the partner need not answer the request after all'),
    visibility: visibilitySchema.optional().describe('default shared: the partner was asked'),
    version: versionField,
  })
  .meta({ id: 'KycStepRequestWithdrawal' });

export type RequestWithdrawal = z.infer<typeof requestWithdrawalSchema>;

export const insightsStepStatusSchema = stepStatusChangeSchema
  .extend({ userId: userIdField })
  .meta({ id: 'KycInsightsStepStatusChange' });

export const userIdQuerySchema = z.object({ userId: userIdField });

const formObject = () => z.record(z.string(), z.unknown(), 'must be an object');

export const stepDataInputSchema = z
  .object({
    data: formObject().describe("the step's form (common/kyc-steps.ts); stored normalised"),
    version: versionField,
  })
  .meta({ id: 'KycStepDataInput' });

export type StepDataInput = z.infer<typeof stepDataInputSchema>;

export const stepDraftInputSchema = z
  .object({
    draft: formObject().describe('any JSON object of at most 64 KiB, kept as it is'),
  })
  .meta({ id: 'KycStepDraftInput' });

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
