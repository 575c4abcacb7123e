import { SUBMISSION_COMMENT } from '../../../../common/kyc.js';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { policy } from '../../policy.js';
import { uniqueViolation } from '../partners/db-errors.js';
import { ensureUserRow } from '../users/repository.js';
import { actingUser, authorizeKyc, kycNotFound, type KycAccess } from './access.js';
import { acting, personName, recordAudit, type Acting } from './audit.js';
import { presentSubmission, toAuditEvent, toComment, toStatusRecord } from './present.js';
import { requireReady } from './readiness.js';
import { createRecordRepository } from './records.js';
import { createSubmissionRepository, type KycRef } from './repository.js';
import type {
  AuditEvent,
  CommentInput,
  KycComment,
  StatusChange,
  StatusRecord,
} from './schemas.js';
import { OPEN_SUBMISSION_INDEX, openSubmissionConflict } from './service.js';
import { checkMove, checkSteps, commentRequired, moveEffects } from './workflow.js';

/** 409 for a change based on an old version, with the submission as it is now. */
async function submissionConflict(db: Db, id: number): Promise<ConflictError> {
  const view = await createSubmissionRepository(db).find({ id });
  return new ConflictError('The submission was changed by someone else; reload and try again.', {
    current: view ? await presentSubmission(db, view) : null,
  });
}

/** Moving a file through decision 012's table, and its history, comments and audit trail. */
export function createStatusService(db: Db) {
  const records = createRecordRepository(db);

  /** SUBMISSION_COMMENT: a comment and a history entry, the file stays where it is. */
  async function submissionComment(
    actor: AuthUser,
    access: KycAccess,
    by: Acting,
    comment: string | undefined,
  ): Promise<StatusRecord> {
    const row = access.view.submission;
    policy.authorizeKyc(actor, access.membership, 'change', kycNotFound({ id: row.id }));
    if (!comment) throw commentRequired('A comment is required for a submission comment.');
    return db.transaction(async (tx) => {
      const txRecords = createRecordRepository(tx);
      const record = await txRecords.insertStatusRecord({
        kycId: row.id,
        status: SUBMISSION_COMMENT,
        comment,
        ...by,
      });
      const added = await txRecords.insertComment({
        kycId: row.id,
        comment,
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
        details: { context: SUBMISSION_COMMENT, status: row.status },
        by,
      });
      return toStatusRecord(record);
    });
  }

  return {
    async changeStatus(actor: AuthUser, ref: KycRef, change: StatusChange): Promise<StatusRecord> {
      const access = await authorizeKyc(db, actor, ref, 'read');
      const user = await actingUser(db, actor, change.userId);
      const by = acting(user);
      if (change.status === SUBMISSION_COMMENT) {
        return submissionComment(actor, access, by, change.comment);
      }
      const row = access.view.submission;
      const version = change.version ?? row.version;
      if (version !== row.version) throw await submissionConflict(db, row.id);
      const move = checkMove({
        from: row.status,
        to: change.status,
        actors: access.actors,
        comment: change.comment,
        isCompliant: change.isCompliant,
        userId: user.id,
        approvalRequestedBy: row.approvalRequestedBy,
      });
      const effects = moveEffects(move.from, move.to, user.id, new Date());
      try {
        return await db.transaction(async (tx) => {
          const updated = await createSubmissionRepository(tx).update(row.id, version, {
            status: move.to,
            ...effects,
          });
          if (!updated) throw await submissionConflict(tx, row.id);
          const txRecords = createRecordRepository(tx);
          // Read after the update: step changes hold the file share-locked, so these are final.
          if (move.steps) {
            checkSteps(
              move,
              (await txRecords.stepsOf([row.id])).map(({ step }) => step),
            );
          }
          // Likewise the data: saving a step share-locks the file, so this is what is handed in.
          if (move.to === 'SUBMITTED') await requireReady(tx, row);
          const record = await txRecords.insertStatusRecord({
            kycId: row.id,
            status: move.to,
            fromStatus: move.from,
            comment: change.comment ?? null,
            isCompliant: change.isCompliant ?? null,
            ...by,
          });
          if (change.comment) {
            await txRecords.insertComment({
              kycId: row.id,
              comment: change.comment,
              contextKind: 'status',
              contextStatus: move.to,
              ...by,
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
            },
            by,
          });
          if (effects.reviewerId !== undefined && effects.reviewerId !== row.reviewerId) {
            await recordAudit(tx, {
              kycId: row.id,
              entity: 'submission',
              entityId: row.id,
              action: 'reviewer_assigned',
              from: access.view.reviewer ? personName(access.view.reviewer) : null,
              to: by.userName,
              details: { reviewerId: user.id, previousReviewerId: row.reviewerId },
              by,
            });
          }
          return toStatusRecord(record);
        });
      } catch (error) {
        if (uniqueViolation(error) !== OPEN_SUBMISSION_INDEX) throw error;
        const open = await createSubmissionRepository(db).findOpen(row.tradePartnerId);
        if (!open) throw error;
        throw openSubmissionConflict(access.view.partnerName, open);
      }
    },

    async history(actor: AuthUser, ref: KycRef): Promise<StatusRecord[]> {
      const { view } = await authorizeKyc(db, actor, ref, 'read');
      return (await records.statusRecords(view.submission.id)).map(toStatusRecord);
    },

    async historyRecord(actor: AuthUser, ref: KycRef, statusId: number): Promise<StatusRecord> {
      const { view } = await authorizeKyc(db, actor, ref, 'read');
      const record = await records.findStatusRecord(view.submission.id, statusId);
      if (!record) {
        throw new NotFoundError(`KYC status ${statusId} not found for KYC ${view.submission.id}.`);
      }
      return toStatusRecord(record);
    },

    async comments(actor: AuthUser, ref: KycRef): Promise<KycComment[]> {
      const { view } = await authorizeKyc(db, actor, ref, 'read');
      return (await records.comments(view.submission.id)).map(toComment);
    },

    async addComment(actor: AuthUser, ref: KycRef, input: CommentInput): Promise<KycComment> {
      const { view } = await authorizeKyc(db, actor, ref, 'change');
      const kycId = view.submission.id;
      return db.transaction(async (tx) => {
        const by = acting((await ensureUserRow(tx, actor)).row);
        const added = await createRecordRepository(tx).insertComment({
          kycId,
          stepType: input.stepType ?? null,
          comment: input.comment,
          contextKind: 'comment',
          ...by,
        });
        await recordAudit(tx, {
          kycId,
          entity: 'comment',
          entityId: added.id,
          stepType: input.stepType ?? null,
          action: 'comment_added',
          reason: input.comment,
          by,
        });
        return toComment(added);
      });
    },

    async audit(actor: AuthUser, ref: KycRef): Promise<AuditEvent[]> {
      const { view } = await authorizeKyc(db, actor, ref, 'audit');
      return (await records.auditEvents(view.submission.id)).map(toAuditEvent);
    },
  };
}
