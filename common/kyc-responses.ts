/**
 * The KYC answers of docs/api/kyc.md (decision 012): what the server sends and the app reads.
 * The server's routes answer with these schemas, which also make the OpenAPI document; the app
 * parses with them and infers its types from them.
 */
import { z } from 'zod';
import { dateTimeSchema, pageSchema, versionSchema } from './api.js';
import { DOCUMENT_TYPES } from './documents.js';
import {
  COMMENT_VISIBILITIES,
  DATA_STEP_TYPES,
  KYC_STATUSES,
  KYC_STEP_STATUSES,
  KYC_STEP_TYPES,
  RISK_LEVELS,
  STEP_REQUEST_KINDS,
  SUBMISSION_COMMENT,
} from './kyc.js';
import { insightsSchema } from './kyc-insights.js';
import { STEP_PROGRESS_STATES } from './kyc-progress.js';

const oneOf = (values: readonly string[]) => `must be one of ${values.join(', ')}`;

export const kycStatusSchema = z.enum(KYC_STATUSES, oneOf(KYC_STATUSES));
export const stepTypeSchema = z.enum(KYC_STEP_TYPES, oneOf(KYC_STEP_TYPES));
export const stepStatusSchema = z.enum(KYC_STEP_STATUSES, oneOf(KYC_STEP_STATUSES));
const riskLevelSchema = z.enum(RISK_LEVELS);
export const visibilitySchema = z
  .enum(COMMENT_VISIBILITIES, oneOf(COMMENT_VISIBILITIES))
  .describe('internal: staff only; shared: the partner reads it too');

export const personSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    viaSelfServiceLink: z
      .number()
      .int()
      .optional()
      .describe('the act was done through self-service link #N (issue 19)'),
  })
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
      .array(
        z.object({
          stepType: stepTypeSchema,
          status: stepStatusSchema,
          started: z.boolean().describe('the partner has saved data on the step'),
        }),
      )
      .describe('the six, in order'),
    progress: z
      .object({
        done: z.number().int().describe('steps needing nothing more from the partner'),
        total: z.number().int().describe("the file's number of steps"),
        steps: z.array(z.object({ stepType: stepTypeSchema, state: z.enum(STEP_PROGRESS_STATES) })),
      })
      .describe('how far the file has got, step by step (decision 029, common/kyc-progress.ts)'),
    riskLevel: riskLevelSchema
      .nullable()
      .optional()
      .describe(
        'from the stored insights (computed on submission and whenever what they read changes); ' +
          "null until then. Absent for a partner: the risk is the reviewers' view (decision 018)",
      ),

    version: versionSchema,
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
    submittedAt: dateTimeSchema.nullable(),
    decidedAt: dateTimeSchema.nullable(),
    createdBy: personSchema.nullable(),
  })
  .meta({ id: 'KycSubmission' });

export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

export const kycPageSchema = pageSchema(kycSubmissionSchema).meta({ id: 'KycSubmissionPage' });

export type KycPage = z.infer<typeof kycPageSchema>;

/** GET /api/kyc/uuid/{uuid} (and by id or uuid): the submission with its insights for staff. */
export const submissionWithInsightsSchema = kycSubmissionSchema
  .extend({ insights: insightsSchema.optional().describe('staff only') })
  .meta({ id: 'KycSubmissionWithInsights' });

export type KycSubmissionWithInsights = z.infer<typeof submissionWithInsightsSchema>;

export const fieldChangeSchema = z
  .object({
    field: z.string().describe("a dotted path into the data: 'iban', 'people.0.lastName'"),
    before: z.unknown().describe('null when the field did not exist'),
    after: z.unknown().describe('null when the field no longer exists'),
  })
  .meta({ id: 'KycFieldChange' });

export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const stepRequestSchema = z
  .object({
    kind: z.enum(STEP_REQUEST_KINDS),
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
    version: versionSchema,
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

/** The answer to a change of a step's status. */
export const kycStepChangeSchema = kycStepSchema
  .extend({
    unchanged: z
      .boolean()
      .describe(
        'true when nothing changed: the step is APPROVED or REJECTED and was asked to become ' +
          'something else, so it is answered as it is (SPEC section 4)',
      ),
  })
  .meta({ id: 'KycStepChange' });

export type KycStepChange = z.infer<typeof kycStepChangeSchema>;

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

/**
 * Every action the KYC audit trail records (decision 012): the server writes only these, and
 * the app has a label for each in every language (kyc.audit.actions).
 */
export const KYC_AUDIT_ACTIONS = [
  'created',
  'status_changed',
  'reviewer_assigned',
  'review_taken_over',
  'step_created',
  'step_status_changed',
  'step_data_saved',
  'step_request_answered',
  'step_request_withdrawn',
  'comment_added',
  'risk_acknowledged',
  'pdf_exported',
  'selfservice_link_created',
  'selfservice_link_revoked',
  'selfservice_link_claimed',
  'document_archived',
  'document_restored',
  'document_retyped',
  'document_uploaded',
] as const;
export type KycAuditAction = (typeof KYC_AUDIT_ACTIONS)[number];

export const auditEventSchema = z
  .object({
    id: z.number().int(),
    kycId: z.number().int(),
    entity: z.enum(['submission', 'step', 'comment', 'document']),
    entityId: z.number().int().nullable(),
    stepType: stepTypeSchema.nullable(),
    action: z
      .enum(KYC_AUDIT_ACTIONS)
      .describe(
        'review_taken_over (from: the reviewer it was taken from; to: who took it over), ' +
          'step_request_answered (details: how, by data or a document), risk_acknowledged ' +
          '(details: riskLevel, findings, fingerprint), pdf_exported (details: sha256, size, ' +
          'pageCount, filename, jobId and the options)',
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

/**
 * The details of a submit refused with 409 (decisions 013 and 038): the steps whose form holds
 * changes that are not saved (absent when none), and what is still missing in the saved data.
 */
export const submitRefusalSchema = z.object({
  unsavedSteps: z
    .array(z.enum(DATA_STEP_TYPES))
    .optional()
    .describe('the steps with a draft newer than their data: save or discard it first'),
  missing: z.array(missingItemSchema),
});

export type SubmitRefusal = z.infer<typeof submitRefusalSchema>;

// ---- customers -----------------------------------------------------------------------------

export const customerSchema = z
  .object({
    customerId: z.number().int(),
    customerUuid: z.uuid(),
    name: z.string(),
    latestKycId: z.number().int(),
    latestKycUuid: z.uuid(),
    status: kycStatusSchema,
    riskLevel: riskLevelSchema.nullable().describe("the latest file's, as the KYC list shows it"),
    updatedAt: dateTimeSchema,
    decidedAt: dateTimeSchema
      .nullable()
      .describe('when the latest file was approved or rejected; null while it is open'),
  })
  .meta({ id: 'KycCustomer' });

export type KycCustomer = z.infer<typeof customerSchema>;

export const customerPageSchema = pageSchema(customerSchema).meta({ id: 'KycCustomerPage' });

export type CustomerPage = z.infer<typeof customerPageSchema>;

export const customerSubmissionsSchema = z
  .object({
    customerId: z.number().int(),
    customerUuid: z.uuid(),
    name: z.string(),
    submissions: z.array(kycSubmissionSchema),
  })
  .meta({ id: 'KycCustomerSubmissions' });

export type KycCustomerSubmissions = z.infer<typeof customerSubmissionsSchema>;

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

export type KycStatusAndReview = z.infer<typeof statusAndReviewSchema>;
