import { requestOpen, STEP_DOCUMENT_TYPES, type KycStatus } from '#common/kyc.js';
import { fileProgress } from '#common/kyc-progress.js';
import type {
  AuditEvent,
  KycComment,
  KycStep,
  KycSubmission,
  MissingItem,
  Person,
  StatusRecord,
  StepRequest,
} from '#common/kyc-responses.js';
import { isDataStepType, stepEditable } from '#common/kyc-steps.js';
import { toIso, toIsoOrNull } from '#server/api-schemas.js';
import type { StoredStepRequest } from '#server/db/schema/kyc.js';
import type { KycAudience } from '#server/policy.js';
import { personName } from './audit-repository.js';
import type { NamedPerson } from '#server/modules/users/identity-service.js';
import { fieldChanges } from './changes.js';
import {
  type AuditRow,
  type CommentRow,
  type StatusRecordRow,
  type StepView,
} from './records-repository.js';
import type { SubmissionView } from './submissions-repository.js';

const person = (fields: NamedPerson | null): Person | null =>
  fields ? { id: fields.id, name: personName(fields) } : null;

/** A person as the history kept them: the id, and the name at the time. */
const recorded = (userId: number | null, userName: string | null): Person | null =>
  userId === null && userName === null
    ? null
    : { id: userId ?? 0, name: userName ?? `User ${userId}` };

/**
 * A submission as `audience` may read it. The risk level is the reviewers' own assessment (like
 * the insights it comes from): a partner's answer has none. `missing` is what its readiness check
 * finds while the file is with the partner (submissions/progress.ts), for its progress.
 */
export function toSubmission(
  view: SubmissionView,
  audience: KycAudience,
  missing: readonly MissingItem[],
): KycSubmission {
  const row = view.submission;
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    submission: { status: row.status },
    tradePartnerId: row.tradePartnerId,
    tradePartnerUuid: view.partnerUuid,
    tradePartnerName: view.partnerName,
    customerId: row.tradePartnerId,
    customerUuid: view.partnerUuid,
    customerContactId: row.customerContactId,
    obligedEntityId: row.obligedEntityId,
    obligedEntityUuid: view.obligedEntityUuid,
    obligedEntityName: view.obligedEntityName,
    obligedEntityContactId: row.reviewerId,
    reviewer: person(view.reviewer),
    approvalRequestedBy: person(view.approvalRequester),
    steps: view.steps,
    progress: fileProgress(row.status, view.steps, missing),
    // Not even 'not assessed' for a partner: nothing of the risk (decision 018).
    ...(audience === 'staff' ? { riskLevel: row.riskLevel } : {}),
    version: row.version,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    submittedAt: toIsoOrNull(row.submittedAt),
    decidedAt: toIsoOrNull(row.decidedAt),
    createdBy: person(view.creator),
  };
}

/** The submission a step belongs to, as far as its presentation needs it. */
export interface StepOwner {
  uuid: string;
  status: KycStatus;
}

/** A text only staff may read is none at all for anyone else. */
const visibleTo = (audience: KycAudience, visibility: string, text: string | null) =>
  audience === 'staff' || visibility === 'shared' ? text : null;

/** A reviewer's request on a step: always shared, it is what the partner must act on. */
function toRequest(stored: StoredStepRequest | null): StepRequest | null {
  if (!stored) return null;
  return {
    kind: stored.kind,
    comment: stored.comment,
    by: recorded(stored.byId, stored.byName),
    at: toIso(new Date(stored.at)),
    open: requestOpen(stored),
    answeredAt: stored.answeredAt ? toIso(new Date(stored.answeredAt)) : null,
    answeredBy: stored.answeredAt ? recorded(stored.answeredById, stored.answeredByName) : null,
    documents: stored.documents,
  };
}

/** A step as `audience` may read it: a partner is never sent an internal comment. */
export function toStep(view: StepView, submission: StepOwner, audience: KycAudience): KycStep {
  const row = view.step;
  const comment = visibleTo(audience, row.commentVisibility, row.comment);
  return {
    id: row.id,
    uuid: row.uuid,
    kycId: row.kycId,
    kycUuid: submission.uuid,
    stepType: row.stepType,
    status: row.status,
    data: row.data,
    draft: row.draft,
    draftSavedAt: toIsoOrNull(row.draftSavedAt),
    comment,
    commentVisibility: comment === null ? null : row.commentVisibility,
    request: toRequest(row.request),
    version: row.version,
    updatedAt: toIso(row.updatedAt),
    updatedBy: person(view.updater),
    reviewedAt: toIsoOrNull(row.reviewedAt),
    changes: row.reviewedData ? fieldChanges(row.reviewedData, row.data) : [],
    // The insights step has no form: never editable.
    editable: isDataStepType(row.stepType) && stepEditable(submission.status, row.status),
    documentTypes: [...STEP_DOCUMENT_TYPES[row.stepType]],
  };
}

/** A status record as `audience` may read it: the move, without an internal comment's text. */
export function toStatusRecord(row: StatusRecordRow, audience: KycAudience): StatusRecord {
  return {
    id: row.id,
    kycId: row.kycId,
    status: row.status as StatusRecord['status'],
    fromStatus: row.fromStatus as KycStatus | null,
    comment: visibleTo(audience, row.visibility, row.comment),
    visibility: row.visibility,
    isCompliant: row.isCompliant,
    user: recorded(row.userId, row.userName),
    createdAt: toIso(row.createdAt),
  };
}

/**
 * A comment for someone who may read it. The repository leaves internal comments out of a
 * partner's lists; this refuses to present one should a caller forget.
 */
export function toComment(row: CommentRow, audience: KycAudience): KycComment {
  if (visibleTo(audience, row.visibility, row.comment) === null) {
    throw new Error(`Internal comment ${row.id} must not be presented to the partner.`);
  }
  return {
    id: row.id,
    kycId: row.kycId,
    stepType: row.stepType,
    comment: row.comment,
    visibility: row.visibility,

    user: recorded(row.userId, row.userName),
    createdAt: toIso(row.createdAt),
    context: { kind: row.contextKind, status: row.contextStatus },
  };
}

export function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    kycId: row.kycId,
    entity: row.entity,
    entityId: row.entityId,
    stepType: row.stepType as AuditEvent['stepType'],
    action: row.action,
    from: row.fromValue,
    to: row.toValue,
    reason: row.reason,
    details: row.details,
    user: viaLink(recorded(row.userId, row.userName), row.viaSelfServiceLink),
    createdAt: toIso(row.createdAt),
  };
}

/** The person, marked as having acted through self-service link #N when they did. */
const viaLink = (who: Person | null, link: number | null): Person | null =>
  who && link !== null ? { ...who, viaSelfServiceLink: link } : who;
