import { z } from 'zod';
import {
  COMMENT_VISIBILITIES,
  FINDING_SEVERITIES,
  KYC_STATUSES,
  KYC_STEP_STATUSES,
  KYC_STEP_TYPES,
  RISK_LEVELS,
  SUBMISSION_COMMENT,
  type KycStatus,
  type KycStepType,
} from '@common/kyc';

// The shapes of docs/api/kyc.md. The workflow itself (transitions, step rules, badges) is
// common/kyc.ts, shared with the server.

export type { KycStatus, KycStepStatus, KycStepType } from '@common/kyc';

const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const nullableId = z
  .number()
  .nullish()
  .transform((value) => value ?? null);

export const kycStatusSchema = z.enum(KYC_STATUSES);
export const stepTypeSchema = z.enum(KYC_STEP_TYPES);
export const stepStatusSchema = z.enum(KYC_STEP_STATUSES);

/** A user, named as at the time. */
const personSchema = z
  .object({ id: z.number(), name: z.string() })
  .nullish()
  .transform((value) => value ?? null);
export type Person = { id: number; name: string };

export const kycSubmissionSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  status: kycStatusSchema,
  submission: z.object({ status: kycStatusSchema }).optional(),
  tradePartnerId: z.number(),
  tradePartnerUuid: z.string(),
  tradePartnerName: z.string(),
  customerId: nullableId,
  customerUuid: nullableText,
  customerContactId: nullableId,
  obligedEntityId: nullableId,
  obligedEntityUuid: nullableText,
  obligedEntityName: nullableText,
  /** The reviewer's user id, once assigned. */
  obligedEntityContactId: nullableId,
  reviewer: personSchema,
  /** Who asked for approval, kept on the decision that answers it; may not approve it (four eyes). */
  approvalRequestedBy: personSchema,
  /** Always the six, in order. */
  steps: z.array(z.object({ stepType: stepTypeSchema, status: stepStatusSchema })).default([]),
  riskLevel: z
    .enum(RISK_LEVELS)
    .nullish()
    .transform((value) => value ?? null),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: nullableText,
  decidedAt: nullableText,
  createdBy: personSchema,
});
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

/** One field changed since the last reviewer decision. */
export const stepChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type StepChange = z.infer<typeof stepChangeSchema>;

/** Who may read a comment: staff only, or the partner too (a partner only ever gets shared ones). */
const visibilitySchema = z.enum(COMMENT_VISIBILITIES).catch('shared');

/** What a reviewer asked of the partner on a step (issue 14), until decided again or withdrawn. */
export const stepRequestSchema = z.object({
  kind: z.enum(['CHANGES_REQUESTED', 'REJECTED']),
  comment: z.string(),
  by: personSchema,
  at: z.string(),
  /** The partner has not answered it yet: the step cannot be approved. */
  open: z.boolean(),
  answeredAt: nullableText,
  answeredBy: personSchema,
  documents: z
    .array(
      z.object({
        id: z.number(),
        fileName: z.string(),
        change: z.enum(['added', 'archived', 'retyped']),
      }),
    )
    .default([]),
});
export type StepRequest = z.infer<typeof stepRequestSchema>;

export const kycStepSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  kycId: z.number(),
  kycUuid: nullableText,
  stepType: stepTypeSchema,
  status: stepStatusSchema,
  /** The step's form data; {} until filled. */
  data: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((value) => value ?? {}),
  /** The latest reviewer comment on the step (a partner never gets an internal one). */
  comment: nullableText,
  commentVisibility: visibilitySchema.nullish().transform((value) => value ?? null),
  request: stepRequestSchema.nullish().transform((value) => value ?? null),
  version: z.number(),
  updatedAt: z.string(),
  updatedBy: personSchema,
  documentTypes: z.array(z.string()).default([]),
  /** The partner's unsaved form state (decision 013), kept by the server across sign-outs. */
  draft: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((value) => value ?? null),
  draftSavedAt: nullableText,
  /** When a reviewer last decided the step. */
  reviewedAt: nullableText,
  /** The fields changed since the last reviewer decision, as dotted paths into `data`. */
  changes: z
    .array(stepChangeSchema)
    .nullish()
    .transform((value) => value ?? []),
  /** Whether the partner may save the step now (common/kyc-steps.ts stepEditable). */
  editable: z.boolean().default(false),
});
export type KycStep = z.infer<typeof kycStepSchema>;

/** Why a file cannot be submitted yet: one thing missing from one step. */
export const missingItemSchema = z.object({
  stepType: stepTypeSchema,
  kind: z.enum(['field', 'document', 'changesRequested', 'rejected']),
  field: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  documentType: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  code: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  message: z.string(),
});
export type MissingItem = z.infer<typeof missingItemSchema>;

/** GET .../readiness: whether the file may be submitted, and what is missing if not. */
export const readinessSchema = z.object({
  ready: z.boolean(),
  missing: z.array(missingItemSchema).default([]),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const statusRecordSchema = z.object({
  id: z.number(),
  kycId: z.number(),
  status: z.union([kycStatusSchema, z.literal(SUBMISSION_COMMENT)]),
  fromStatus: kycStatusSchema.nullish().transform((value) => value ?? null),
  comment: nullableText,
  visibility: visibilitySchema.default('shared'),
  isCompliant: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
  user: personSchema,
  createdAt: z.string(),
});
export type KycStatusRecord = z.infer<typeof statusRecordSchema>;

export const commentSchema = z.object({
  id: z.number(),
  kycId: z.number(),
  stepType: stepTypeSchema.nullish().transform((value) => value ?? null),
  comment: z.string(),
  visibility: visibilitySchema.default('shared'),
  user: personSchema,
  createdAt: z.string(),
  /** What the comment came with: a status change, a step status change, or nothing. */
  context: z
    .object({ kind: z.enum(['status', 'step', 'comment']), status: nullableText })
    .default({ kind: 'comment', status: null }),
});
export type KycComment = z.infer<typeof commentSchema>;

export const auditEventSchema = z.object({
  id: z.number(),
  kycId: z.number(),
  entity: z.string(),
  entityId: nullableId,
  stepType: stepTypeSchema.nullish().transform((value) => value ?? null),
  action: z.string(),
  from: nullableText,
  to: nullableText,
  reason: nullableText,
  user: personSchema,
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const findingSchema = z.object({
  code: z.string(),
  // A severity this app does not know yet counts as information.
  severity: z.enum(FINDING_SEVERITIES).catch('INFO'),
  stepType: stepTypeSchema
    .nullish()
    .catch(null)
    .transform((value) => value ?? null),
  message: z.string(),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .nullish()
    .transform((value) => value ?? {}),
});
export type Finding = z.infer<typeof findingSchema>;

export const insightsSchema = z.object({
  kycId: z.number(),
  computedAt: z.string(),
  riskLevel: z.enum(RISK_LEVELS),
  summary: z.object({ high: z.number(), medium: z.number(), low: z.number(), info: z.number() }),
  completeness: z
    .array(
      z.object({ stepType: stepTypeSchema, complete: z.boolean(), missing: z.array(z.string()) }),
    )
    .default([]),
  findings: z.array(findingSchema).default([]),
  /** Approving needs an acknowledgement of these findings (issue 14). */
  acknowledgementNeeded: z.boolean().default(false),
  /** What the acknowledgement names: it changes when the findings do. */
  fingerprint: z.string().default(''),
});
export type Insights = z.infer<typeof insightsSchema>;

/** GET /kyc/uuid/{uuid}: the submission with its insights. */
export const submissionWithInsightsSchema = kycSubmissionSchema.extend({
  insights: insightsSchema.nullish().transform((value) => value ?? null),
});
export type KycSubmissionWithInsights = z.infer<typeof submissionWithInsightsSchema>;

export const customerSchema = z.object({
  customerId: z.number(),
  customerUuid: z.string(),
  name: z.string(),
  latestKycId: z.number(),
  latestKycUuid: z.string(),
  status: kycStatusSchema,
  updatedAt: z.string(),
});
export type KycCustomer = z.infer<typeof customerSchema>;

export const customerSubmissionsSchema = z.object({
  customerId: z.number(),
  customerUuid: z.string(),
  name: z.string(),
  submissions: z.array(kycSubmissionSchema),
});
export type KycCustomerSubmissions = z.infer<typeof customerSubmissionsSchema>;

export const statusAndReviewSchema = z.object({
  customerUuid: z.string(),
  obligedEntityUuid: z.string(),
  kycId: z.number(),
  kycUuid: z.string(),
  status: kycStatusSchema,
  reviewer: personSchema,
  lastReviewedAt: nullableText,
  submittedAt: nullableText,
  decidedAt: nullableText,
});
export type KycStatusAndReview = z.infer<typeof statusAndReviewSchema>;

/** The status a step change asks for: a step status, or COMPLETED (the server decides). */
export type StepStatusRequest = KycStep['status'] | 'COMPLETED' | 'COMPLETE';

/** A submission identifier as SPEC section 3 reads one. */
export type KycRef = { kind: 'uuid'; uuid: string } | { kind: 'id'; id: number };

/**
 * SPEC section 3: a value with a hyphen or of length 36 is a uuid; a positive integer an id.
 * Anything else names no submission (null).
 */
export function parseKycRef(value: string | number | null | undefined): KycRef | null {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value > 0 ? { kind: 'id', id: value } : null;
  }
  const text = value?.trim() ?? '';
  if (text.includes('-') || text.length === 36) return { kind: 'uuid', uuid: text };
  if (!/^[1-9]\d*$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? { kind: 'id', id } : null;
}

export const isKycStatus = (value: unknown): value is KycStatus =>
  typeof value === 'string' && (KYC_STATUSES as readonly string[]).includes(value);

export const isStepType = (value: unknown): value is KycStepType =>
  typeof value === 'string' && (KYC_STEP_TYPES as readonly string[]).includes(value);
