import { SUBMISSION_COMMENT, takesOverFrom, type CommentVisibility } from '#common/kyc.js';
import type { Insights } from '#common/kyc-insights.js';
import type { KycSubmission, StatusRecord } from '#common/kyc-responses.js';
import type { Db } from '#server/db/client.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { StaleRecord, type Based, versionedChange } from '#server/versions.js';
import { policy, type KycAudience } from '#server/policy.js';
import { uniqueViolation } from '#server/db/errors.js';
import { actingUser, authorizeKyc, kycNotFound, type KycAccess } from '../core/access-service.js';
import { acting, personName, recordAudit, type Acting } from '../core/audit-repository.js';
import { computeInsights } from '../core/insights/compute.js';
import { toStatusRecord } from '../core/present.js';
import { presentSubmission } from '../core/progress.js';
import { requireSubmittable } from './submit-check.js';
import { linkStillWrites } from '../core/grants.js';
import { createRecordRepository } from '../core/records-repository.js';
import { createSubmissionRepository, type KycRef } from '../core/submissions-repository.js';
import type { StatusChange } from '../kyc-schemas.js';
import { OPEN_SUBMISSION_INDEX, openSubmissionConflict } from '../core/open-submission.js';
import {
  checkMove,
  checkRiskAcknowledgement,
  checkSteps,
  commentRequired,
  commentVisibility,
  moveEffects,
  reviewedBySomeoneElse,
} from '../core/workflow.js';

/** What an approver acknowledged, for the audit trail and the PDF: the findings themselves. */
function acknowledgedRisk(insights: Insights, fingerprint: string) {
  return {
    riskLevel: insights.riskLevel,
    fingerprint,
    computedAt: insights.computedAt,
    findings: insights.findings
      .filter((finding) => finding.severity === 'HIGH' || finding.severity === 'MEDIUM')
      .map(({ code, severity, stepType, message }) => ({ code, severity, stepType, message })),
  };
}

/** The submission as a reader sees it now, or null when it is gone: what a 409 for it carries. */
async function currentSubmission(
  db: Db,
  id: number,
  audience: KycAudience,
): Promise<KycSubmission | null> {
  const view = await createSubmissionRepository(db).find({ id });
  return view ? presentSubmission(db, view, audience) : null;
}

/** Moving a file through decision 012's table; its records are read in records-service.ts. */
export function createStatusService(db: Db) {
  /** SUBMISSION_COMMENT: a comment and a history entry, the file stays where it is. */
  async function submissionComment(
    actor: AuthUser,
    access: KycAccess,
    by: Acting,
    comment: string | undefined,
    requested: CommentVisibility | undefined,
  ): Promise<StatusRecord> {
    const row = access.view.submission;
    policy.authorizeKyc(actor, access.membership, 'change', kycNotFound({ id: row.id }));
    if (!comment) throw commentRequired('A comment is required for a submission comment.');
    const visibility = commentVisibility(
      policy.mayWriteInternal(actor),
      { kind: 'status', to: SUBMISSION_COMMENT },
      requested,
    );
    return db.transaction(async (tx) => {
      const txRecords = createRecordRepository(tx);
      const record = await txRecords.insertStatusRecord({
        kycId: row.id,
        status: SUBMISSION_COMMENT,
        comment,
        visibility,
        ...by,
      });
      const added = await txRecords.insertComment({
        kycId: row.id,
        comment,
        visibility,
        contextKind: 'status',
        contextStatus: SUBMISSION_COMMENT,
        ...by,
      });
      await recordAudit(tx, {
        kycId: row.id,
        entity: 'comment',
        entityId: added.id,
        action: 'comment_added',
        reason: comment,
        details: { context: SUBMISSION_COMMENT, status: row.status, visibility },
        by,
      });
      return toStatusRecord(record, access.audience);
    });
  }

  return {
    async changeStatus(
      actor: AuthUser,
      ref: KycRef,
      change: Based<StatusChange>,
    ): Promise<StatusRecord> {
      const access = await authorizeKyc(db, actor, ref, 'read');
      const user = await actingUser(db, actor, change.userId);
      const by = acting(user);
      const row = access.view.submission;
      const { version } = change;
      // A comment too is written on the file as it was read.
      return versionedChange(
        'submission',
        async () => {
          if (version !== row.version) throw new StaleRecord();
          if (change.status === SUBMISSION_COMMENT) {
            return submissionComment(actor, access, by, change.comment, change.visibility);
          }
          const move = checkMove({
            from: row.status,
            to: change.status,
            actors: access.actors,
            comment: change.comment,
            isCompliant: change.isCompliant,
            userId: user.id,
            approvalRequestedBy: row.approvalRequestedBy,
          });
          // Starting the review of someone else's file takes it from them: only when asked to.
          const takenFrom = takesOverFrom(move, access.view.reviewer, user.id);
          if (takenFrom && !change.takeOver) {
            throw reviewedBySomeoneElse({ id: takenFrom.id, name: personName(takenFrom) });
          }
          const visibility = commentVisibility(
            policy.mayWriteInternal(actor),
            { kind: 'status', to: move.to },
            change.visibility,
          );
          const effects = moveEffects(move.from, move.to, user.id, new Date());
          try {
            return await db.transaction(async (tx) => {
              // A hand-in through a link: the link still may, read again here (decision 041).
              await linkStillWrites(tx, actor);
              const updated = await createSubmissionRepository(tx).update(row.id, version, {
                status: move.to,
                ...effects,
              });
              if (!updated) throw new StaleRecord();
              const txRecords = createRecordRepository(tx);
              // Read after the update: step changes hold the file share-locked, so these are final.
              if (move.steps || move.sendsBack) {
                checkSteps(
                  move,
                  (await txRecords.stepsOf([row.id])).map(({ step }) => step),
                );
              }
              // Likewise the data and drafts: saving either share-locks the file, so this is what is
              // handed in, and no step holds changes that would be lost (decision 038).
              if (move.to === 'SUBMITTED') {
                const steps = (await txRecords.stepsOf([row.id])).map(({ step }) => step);
                await requireSubmittable(tx, row, move.from, steps);
              }
              // The risk is known before anyone decides (issue 14): computed on what is handed in,
              // and again on what is approved, under this transaction's lock on the file.
              const insights =
                move.to === 'SUBMITTED' || move.to === 'APPROVED'
                  ? await computeInsights(tx, row.id)
                  : undefined;
              const acknowledged =
                move.to === 'APPROVED' && insights
                  ? checkRiskAcknowledgement(insights, change.riskAcknowledgement)
                  : undefined;
              const record = await txRecords.insertStatusRecord({
                kycId: row.id,
                status: move.to,
                fromStatus: move.from,
                comment: change.comment ?? null,
                visibility,
                isCompliant: change.isCompliant ?? null,
                ...by,
              });
              if (change.comment) {
                await txRecords.insertComment({
                  kycId: row.id,
                  comment: change.comment,
                  visibility,
                  contextKind: 'status',
                  contextStatus: move.to,
                  ...by,
                });
              }
              if (acknowledged && insights) {
                await recordAudit(tx, {
                  kycId: row.id,
                  entity: 'submission',
                  entityId: row.id,
                  action: 'risk_acknowledged',
                  to: insights.riskLevel,
                  reason: acknowledged.reason,
                  details: acknowledgedRisk(insights, acknowledged.fingerprint),
                  by,
                });
              }
              await recordAudit(tx, {
                kycId: row.id,
                entity: 'submission',
                entityId: row.id,
                action: 'status_changed',
                from: move.from,
                to: move.to,
                reason: change.comment ?? null,
                details: {
                  version: updated.version,
                  previousVersion: version,
                  ...(typeof change.isCompliant === 'boolean'
                    ? { isCompliant: change.isCompliant }
                    : {}),
                  ...(change.comment ? { visibility } : {}),
                  ...(insights ? { riskLevel: insights.riskLevel } : {}),
                },
                by,
              });
              if (effects.reviewerId !== undefined && effects.reviewerId !== row.reviewerId) {
                await recordAudit(tx, {
                  kycId: row.id,
                  entity: 'submission',
                  entityId: row.id,
                  action: takenFrom ? 'review_taken_over' : 'reviewer_assigned',
                  from: access.view.reviewer ? personName(access.view.reviewer) : null,
                  to: by.userName,
                  details: { reviewerId: user.id, previousReviewerId: row.reviewerId },
                  by,
                });
              }
              return toStatusRecord(record, access.audience);
            });
          } catch (error) {
            if (uniqueViolation(error) !== OPEN_SUBMISSION_INDEX) throw error;
            const open = await createSubmissionRepository(db).findOpen(row.tradePartnerId);
            if (!open) throw error;
            throw openSubmissionConflict(access.view.partnerName, open);
          }
        },
        () => currentSubmission(db, row.id, access.audience),
        'written',
      );
    },
  };
}
