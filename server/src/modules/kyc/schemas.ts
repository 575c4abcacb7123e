import { z } from 'zod';
import {
  COMMENT_VISIBILITIES,
  COMPLETE_REQUESTS,
  KYC_STATUSES,
  KYC_STEP_STATUSES,
  KYC_STEP_TYPES,
  RISK_LEVELS,
  SUBMISSION_COMMENT,
} from '../../../../common/kyc.js';
import { DATA_STEP_TYPES } from '../../../../common/kyc-steps.js';
import { dateTimeSchema, positiveIdSchema, uuidSchema } from '../../api-schemas.js';
import { DOCUMENT_TYPES } from '../../db/schema/documents.js';

export const tags = ['kyc'];

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

export const kycStatusSchema = z.enum(KYC_STATUSES, oneOf(KYC_STATUSES));
export const stepTypeSchema = z.enum(KYC_STEP_TYPES, oneOf(KYC_STEP_TYPES));
export const stepStatusSchema = z.enum(KYC_STEP_STATUSES, oneOf(KYC_STEP_STATUSES));
const riskLevelSchema = z.enum(RISK_LEVELS);
export const visibilitySchema = z
  .enum(COMMENT_VISIBILITIES, oneOf(COMMENT_VISIBILITIES))
  .describe('internal: staff only; shared: the partner reads it too');

export const personSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'KycPerson', description: 'a user, named as at the time' });

export type Person = z.infer<typeof personSchema>;

export const kycSubmissionSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    status: kycStatusSchema,
    submission: z.object({ status: kycStatusSchema }).describe('SPEC 3: the payload with status'),
    tradePartnerId: z.number().int(),
    tradePartnerUuid: z.uuid(),
    tradePartnerName: z.string(),
    customerId: z.number().int().describe('= tradePartnerId'),
    customerUuid: z.uuid().describe('= tradePartnerUuid'),
    customerContactId: z.number().int().nullable(),
    obligedEntityId: z.number().int(),
    obligedEntityUuid: z.uuid(),
    obligedEntityName: z.string(),
    obligedEntityContactId: z.number().int().nullable().describe('the reviewer, a user id'),
    reviewer: personSchema.nullable(),
    approvalRequestedBy: personSchema
      .nullable()
      .describe(
        'who moved it to WAITING_FOR_APPROVAL (may not approve it: four eyes), kept on the ' +
          'APPROVED or REJECTED that answers it; null otherwise',
      ),
    steps: z
      .array(z.object({ stepType: stepTypeSchema, status: stepStatusSchema }))
      .describe('the six, in order'),
    riskLevel: riskLevelSchema
      .nullable()
      .describe(
        'from the stored insights (computed on submission and whenever what they read changes); ' +
          'null until then',
      ),

    version: z.number().int(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
    submittedAt: dateTimeSchema.nullable(),
    decidedAt: dateTimeSchema.nullable(),
    createdBy: personSchema.nullable(),
  })
  .meta({ id: 'KycSubmission' });

export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

export const kycPageSchema = z
  .object({
    content: z.array(kycSubmissionSchema),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'KycSubmissionPage' });

export type KycPage = z.infer<typeof kycPageSchema>;

export const fieldChangeSchema = z
  .object({
    field: z.string().describe("a dotted path into the data: 'iban', 'people.0.lastName'"),
    before: z.unknown().describe('null when the field did not exist'),
    after: z.unknown().describe('null when the field no longer exists'),
  })
  .meta({ id: 'KycFieldChange' });

export const stepRequestSchema = z
  .object({
    kind: z.enum(['CHANGES_REQUESTED', 'REJECTED']),
    comment: z.string().describe('what the reviewer asked: always shared with the partner'),
    by: personSchema.nullable(),
    at: dateTimeSchema,
    open: z.boolean().describe('the partner has not answered it yet'),
    answeredAt: dateTimeSchema.nullable().describe('when the partner changed the step since'),
    answeredBy: personSchema.nullable(),
    documents: z
      .array(
        z.object({
          id: z.number().int(),
          fileName: z.string(),
          change: z.enum(['added', 'archived', 'retyped']),
        }),
      )
      .describe("the step's documents the partner changed since the request"),
  })
  .meta({ id: 'KycStepRequest' });

export type StepRequest = z.infer<typeof stepRequestSchema>;

export const kycStepSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    kycId: z.number().int(),
    kycUuid: z.uuid(),
    stepType: stepTypeSchema,
    status: stepStatusSchema,
    data: z.record(z.string(), z.unknown()).describe('the step form data; {} until filled'),
    draft: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("the partner's unsaved form state (decision 013); null when none"),
    draftSavedAt: dateTimeSchema.nullable(),
    comment: z
      .string()
      .nullable()
      .describe('the latest reviewer comment on the step; null for a partner when it is internal'),
    commentVisibility: visibilitySchema.nullable().describe('null when there is no comment'),
    request: stepRequestSchema
      .nullable()
      .describe(
        'what a reviewer asked of the partner (changes requested, or rejected), until the step ' +
          'is decided again or the request withdrawn; an open one blocks approving the step',
      ),
    version: z.number().int(),
    updatedAt: dateTimeSchema,
    updatedBy: personSchema.nullable(),
    reviewedAt: dateTimeSchema
      .nullable()
      .describe("when a reviewer last changed the step's status; null until then"),
    changes: z
      .array(fieldChangeSchema)
      .describe('every field of data changed since the last reviewer decision; [] if none'),
    editable: z
      .boolean()
      .describe(
        'whether the form may be saved now: the file is DRAFT or CHANGES_REQUESTED and the step ' +
          'PENDING, IN_PROGRESS or CHANGES_REQUESTED, or REJECTED while the file is ' +
          'CHANGES_REQUESTED (who may is a separate question)',
      ),
    documentTypes: z.array(z.enum(DOCUMENT_TYPES)).describe('the document types of this step'),
  })
  .meta({ id: 'KycStep' });

export type KycStep = z.infer<typeof kycStepSchema>;

export const statusRecordSchema = z
  .object({
    id: z.number().int(),
    kycId: z.number().int(),
    status: z.union([kycStatusSchema, z.literal(SUBMISSION_COMMENT)]),
    fromStatus: kycStatusSchema.nullable(),
    comment: z.string().nullable().describe('null for a partner when the comment is internal'),
    visibility: visibilitySchema,
    isCompliant: z.boolean().nullable(),
    user: personSchema.nullable(),
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'KycStatusRecord' });

export type StatusRecord = z.infer<typeof statusRecordSchema>;

export const commentSchema = z
  .object({
    id: z.number().int(),
    kycId: z.number().int(),
    stepType: stepTypeSchema.nullable(),
    comment: z.string(),
    visibility: visibilitySchema.describe('a partner is never sent an internal comment'),
    user: personSchema.nullable(),
    createdAt: dateTimeSchema,
    context: z
      .object({ kind: z.enum(['status', 'step', 'comment']), status: z.string().nullable() })
      .describe(
        'what the comment came with: a status change, a step status change (status ' +
          'REQUEST_WITHDRAWN for a withdrawn request), or none',
      ),
  })
  .meta({ id: 'KycComment' });

export type KycComment = z.infer<typeof commentSchema>;

export const auditEventSchema = z
  .object({
    id: z.number().int(),
    kycId: z.number().int(),
    entity: z.enum(['submission', 'step', 'comment', 'document']),
    entityId: z.number().int().nullable(),
    stepType: stepTypeSchema.nullable(),
    action: z
      .string()
      .describe(
        'created, status_changed, reviewer_assigned, step_created, step_status_changed, ' +
          'step_data_saved, step_request_answered (details: how, by data or a document), ' +
          'step_request_withdrawn, comment_added, risk_acknowledged (details: riskLevel, ' +
          'findings, fingerprint), pdf_exported (details: sha256, size, pageCount, filename, ' +
          'jobId and the options)',
      ),
    from: z.string().nullable(),
    to: z.string().nullable(),
    reason: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    user: personSchema.nullable(),
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'KycAuditEvent' });

export type AuditEvent = z.infer<typeof auditEventSchema>;

// ---- requests ------------------------------------------------------------------------------

/** A comment: trimmed; empty counts as none. */
/** An optional comment: null, missing and blank all mean none. */
const commentText = z
  .string('must be a string')
  .trim()
  .max(4000, 'must be at most 4000 characters')
  .nullable()
  .transform((value) => value || undefined);

const versionField = z
  .number('must be a number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .optional()
  .describe('the version the change is based on; default: as read when the request starts');

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

export const STEP_STATUS_REQUESTS = [...KYC_STEP_STATUSES, ...COMPLETE_REQUESTS] as const;
export type StepStatusRequest = (typeof STEP_STATUS_REQUESTS)[number];

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

export const missingItemSchema = z
  .object({
    stepType: z.enum(DATA_STEP_TYPES),
    kind: z
      .enum(['field', 'document', 'changesRequested', 'rejected'])
      .describe(
        "changesRequested, rejected: a reviewer's request on the step the partner has not answered",
      ),

    field: z.string().optional().describe('kind field: a dotted path into the step data'),
    documentType: z.enum(DOCUMENT_TYPES).optional().describe('kind document: the type needed'),
    code: z.string().optional().describe('kind field: why (StepIssueCode, common/kyc-steps.ts)'),
    message: z.string().describe("English: 'coc: registeredName is required'"),
  })
  .meta({ id: 'KycMissingItem' });

export type MissingItem = z.infer<typeof missingItemSchema>;

export const readinessSchema = z
  .object({
    ready: z.boolean().describe('nothing is missing: the file may be submitted'),
    missing: z.array(missingItemSchema),
  })
  .meta({ id: 'KycReadiness' });

export type Readiness = z.infer<typeof readinessSchema>;

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

export const listQuerySchema = z.object({ page, size, sort: sortSchema });
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

export const pageQuerySchema = z.object({ page, size });

// ---- customers -----------------------------------------------------------------------------

export const customerSchema = z
  .object({
    customerId: z.number().int(),
    customerUuid: z.uuid(),
    name: z.string(),
    latestKycId: z.number().int(),
    latestKycUuid: z.uuid(),
    status: kycStatusSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'KycCustomer' });

export const customerPageSchema = z
  .object({
    content: z.array(customerSchema),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'KycCustomerPage' });

export type CustomerPage = z.infer<typeof customerPageSchema>;

export const customerSubmissionsSchema = z
  .object({
    customerId: z.number().int(),
    customerUuid: z.uuid(),
    name: z.string(),
    submissions: z.array(kycSubmissionSchema),
  })
  .meta({ id: 'KycCustomerSubmissions' });

export const statusAndReviewSchema = z
  .object({
    customerUuid: z.uuid(),
    obligedEntityUuid: z.uuid(),
    kycId: z.number().int(),
    kycUuid: z.uuid(),
    status: kycStatusSchema,
    reviewer: personSchema.nullable(),
    lastReviewedAt: dateTimeSchema
      .nullable()
      .describe('when a reviewer last moved the file (in review or a decision)'),
    submittedAt: dateTimeSchema.nullable(),
    decidedAt: dateTimeSchema.nullable(),
  })
  .meta({ id: 'KycCustomerStatusAndReview' });

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

/**
 * One path segment that takes an id or a uuid (SPEC 3): a hyphen or 36 characters make it a
 * uuid, a positive integer an id; anything else is 400.
 */
export const idOrUuidParamsSchema = z.object({
  id: z
    .string()
    .transform((value, ctx): { id: number } | { uuid: string } => {
      if (value.includes('-') || value.length === 36) {
        const parsed = uuidSchema.safeParse(value);
        if (parsed.success) return { uuid: parsed.data };
        ctx.issues.push({ code: 'custom', message: 'must be a UUID', input: value });
        return z.NEVER;
      }
      const parsed = positiveIdSchema.safeParse(value);
      if (parsed.success) return { id: parsed.data };
      ctx.issues.push({
        code: 'custom',
        message: 'must be a positive integer or a UUID',
        input: value,
      });
      return z.NEVER;
    })
    .describe('a numeric id, or a uuid (which adds the insights)'),
});
