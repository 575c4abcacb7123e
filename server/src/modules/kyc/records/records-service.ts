import type { AuditEvent, KycComment, StatusRecord } from '#common/kyc-responses.js';
import type { Db } from '#server/db/client.js';
import { NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import { ensureUserRow } from '#server/modules/users/identity-service.js';
import { authorizeKyc } from '../core/access-service.js';
import type { CommentInput } from '../kyc-schemas.js';
import { toAuditEvent, toComment, toStatusRecord } from '../core/present.js';
import { commentVisibility } from '../core/workflow.js';
import type { KycRef } from '../core/submissions-repository.js';
import { acting, recordAudit } from '../core/audit-repository.js';
import { createRecordRepository } from '../core/records-repository.js';

/** A file's status history, its comments and its audit trail. */
export function createRecordsService(db: Db) {
  const records = createRecordRepository(db);

  return {
    async history(actor: AuthUser, ref: KycRef): Promise<StatusRecord[]> {
      const { view, audience } = await authorizeKyc(db, actor, ref, 'read');
      const rows = await records.statusRecords(view.submission.id);
      return rows.map((row) => toStatusRecord(row, audience));
    },

    async historyRecord(actor: AuthUser, ref: KycRef, statusId: number): Promise<StatusRecord> {
      const { view, audience } = await authorizeKyc(db, actor, ref, 'read');
      const record = await records.findStatusRecord(view.submission.id, statusId);
      if (!record) {
        throw new NotFoundError(`KYC status ${statusId} not found for KYC ${view.submission.id}.`);
      }
      return toStatusRecord(record, audience);
    },

    /** The comments the actor may read: a partner never gets an internal one (issue 14). */
    async comments(actor: AuthUser, ref: KycRef): Promise<KycComment[]> {
      const { view, audience } = await authorizeKyc(db, actor, ref, 'read');
      const rows = await records.comments(view.submission.id, audience);
      return rows.map((row) => toComment(row, audience));
    },

    async addComment(actor: AuthUser, ref: KycRef, input: CommentInput): Promise<KycComment> {
      const { view, audience } = await authorizeKyc(db, actor, ref, 'change');
      const kycId = view.submission.id;
      const visibility = commentVisibility(
        policy.mayWriteInternal(actor),
        { kind: 'comment' },
        input.visibility,
      );
      return db.transaction(async (tx) => {
        const by = acting((await ensureUserRow(tx, actor)).row);
        const added = await createRecordRepository(tx).insertComment({
          kycId,
          stepType: input.stepType ?? null,
          comment: input.comment,
          visibility,
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
          details: { visibility },
          by,
        });
        return toComment(added, audience);
      });
    },

    async audit(actor: AuthUser, ref: KycRef): Promise<AuditEvent[]> {
      const { view } = await authorizeKyc(db, actor, ref, 'audit');
      return (await records.auditEvents(view.submission.id)).map(toAuditEvent);
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
