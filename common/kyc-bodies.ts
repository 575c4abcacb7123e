/**
 * What the KYC routes take (docs/api/kyc.md): a new file, status changes, comments, step status
 * changes and step data. The server validates each body with these schemas; the app types what
 * it sends with the types at the end (`z.input`), so both read one contract.
 */
import { z } from 'zod';
import { KYC_STATUSES, STEP_STATUS_REQUESTS, SUBMISSION_COMMENT } from './kyc.js';
import { stepTypeSchema, visibilitySchema } from './kyc-responses.js';
import { uuidSchema, versionField, type Versioned } from './request-fields.js';

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

/** An optional comment: null, missing and blank all mean none. */
const commentText = z
  .string('must be a string')
  .trim()
  .max(4000, 'must be at most 4000 characters')
  .nullable()
  .transform((value) => value || undefined);

const positiveInteger = 'must be a positive integer';
export const userIdField = z
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

export const insightsStepStatusSchema = stepStatusChangeSchema
  .extend({ userId: userIdField })
  .meta({ id: 'KycInsightsStepStatusChange' });

const formObject = () => z.record(z.string(), z.unknown(), 'must be an object');

export const stepDataInputSchema = z
  .object({
    data: formObject().describe("the step's form (common/kyc-steps.ts); stored normalised"),
    version: versionField,
  })
  .meta({ id: 'KycStepDataInput' });

export const stepDraftInputSchema = z
  .object({
    draft: formObject().describe('any JSON object of at most 64 KiB, kept as it is'),
  })
  .meta({ id: 'KycStepDraftInput' });

/** A new KYC file as the app sends it: one of the two partner references. */
export type NewKycSubmission = z.input<typeof createSchema>;

/** A status change (decision 012) as the app sends it, on the file's version. */
export type KycStatusChange = Versioned<z.input<typeof statusChangeSchema>>;

/** A comment as the app sends it. */
export type NewKycComment = z.input<typeof commentInputSchema>;

/** A step's status change as the app sends it, on the step's version. */
export type KycStepStatusChange = Versioned<z.input<typeof stepStatusChangeSchema>>;

/** Withdrawing a reviewer's open request on a step (issue 14), on the step's version. */
export type KycRequestWithdrawal = Versioned<z.input<typeof requestWithdrawalSchema>>;

/** A step's data as the app saves it, on the step's version. */
export type KycStepDataChange = Versioned<z.input<typeof stepDataInputSchema>>;
