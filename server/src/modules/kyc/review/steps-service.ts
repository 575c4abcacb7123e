import {
  requestOpen,
  STEP_REQUEST_STATUSES,
  WITHDRAWABLE_STATUSES,
  type KycStepStatus,
  type KycStepType,
  type StepRequestKind,
} from '#common/kyc.js';
import type { KycStep, KycStepChange } from '#common/kyc-responses.js';
import type { Db } from '#server/db/client.js';
import { ConflictError, ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { StaleRecord, type Based, versionedChange } from '#server/versions.js';
import { policy, type KycAudience } from '#server/policy.js';
import { actingUser, authorizeKyc, kycNotFound } from '../core/access-service.js';
import { acting, recordAudit } from '../core/audit-repository.js';
import { toStep } from '../core/present.js';
import { createRecordRepository, type StepView } from '../core/records-repository.js';
import { currentStep, findStepOrThrow, stepNotFound } from '../core/steps.js';
import {
  createSubmissionRepository,
  type KycRef,
  type SubmissionView,
} from '../core/submissions-repository.js';
import { newRequest } from '../core/requests.js';
import type { RequestWithdrawal, StepStatusChange } from '../kyc-schemas.js';
import {
  blockedByDecision,
  checkInReview,
  checkStepChange,
  commentVisibility,
  resolveStepStatus,
} from '../core/workflow.js';

/** Which step a path names: by type, or the insights step by its uuid. */
export type StepLocator = { stepType: KycStepType } | { insightsStepUuid: string };

/** The steps of a file: reading them, creating a missing one, and the reviewers' decisions. */
export function createStepService(db: Db) {
  const records = createRecordRepository(db);

  async function locate(view: SubmissionView, locator: StepLocator): Promise<StepView> {
    if ('stepType' in locator) return findStepOrThrow(db, view, locator.stepType);
    const kycId = view.submission.id;
    const found = await records.findStepByUuid(kycId, locator.insightsStepUuid);
    if (!found || found.step.stepType !== 'insights') {
      throw new NotFoundError(stepNotFound('insights', kycId));
    }
    return found;
  }

  /** Applies a workflow rule; a refused change answers with the step as it is (SPEC 4). */
  function withCurrent(
    view: SubmissionView,
    found: StepView,
    audience: KycAudience,
    rule: () => void,
  ): void {
    try {
      rule();
    } catch (error) {
      if (error instanceof ConflictError) {
        throw new ConflictError(error.message, {
          ...(error.details as Record<string, unknown> | undefined),
          current: toStep(found, view.submission, audience),
        });
      }
      throw error;
    }
  }

  /** The rules of checkStepChange, with the step as it is in a refusal. */
  function check(
    view: SubmissionView,
    found: StepView,
    submissionStatus: SubmissionView['submission']['status'],
    target: KycStepStatus,
    comment: string | undefined,
    audience: KycAudience,
  ): void {
    withCurrent(view, found, audience, () =>
      checkStepChange(submissionStatus, found.step, target, comment),
    );
  }

  /** Share-locks the file for the rest of the transaction and answers its status now. */
  async function lockedStatus(tx: Db, view: SubmissionView) {
    const status = await createSubmissionRepository(tx).statusForShare(view.submission.id);
    if (!status) throw new NotFoundError(kycNotFound({ id: view.submission.id }));
    return status;
  }

  return {
    async list(actor: AuthUser, ref: KycRef): Promise<KycStep[]> {
      const { view, audience } = await authorizeKyc(db, actor, ref, 'read');
      const steps = await records.stepsOf([view.submission.id]);
      return steps.map((step) => toStep(step, view.submission, audience));
    },

    async get(actor: AuthUser, ref: KycRef, stepType: KycStepType): Promise<KycStep> {
      const { view, audience } = await authorizeKyc(db, actor, ref, 'read');
      return toStep(await locate(view, { stepType }), view.submission, audience);
    },

    /** Creates a missing step (SPEC 4: PENDING unless told), or answers the existing one. */
    async create(
      actor: AuthUser,
      ref: KycRef,
      stepType: KycStepType,
      userId: number,
      status: 'PENDING' | 'IN_PROGRESS' = 'PENDING',
    ): Promise<{ created: boolean; step: KycStep }> {
      const { view, audience } = await authorizeKyc(db, actor, ref, 'change');
      const user = await actingUser(db, actor, userId);
      const kycId = view.submission.id;
      const existing = await records.findStep(kycId, stepType);
      if (existing) return { created: false, step: toStep(existing, view.submission, audience) };
      const inserted = await db.transaction(async (tx) => {
        const by = acting(user);
        const row = await createRecordRepository(tx).insertStepIfAbsent({
          kycId,
          stepType,
          status,
          updatedBy: user.id,
        });
        if (!row) return undefined;
        await recordAudit(tx, {
          kycId,
          entity: 'step',
          entityId: row.id,
          stepType,
          action: 'step_created',
          to: status,
          details: { version: row.version },
          by,
        });
        return { step: row, updater: user };
      });
      // Someone else created it meanwhile: theirs is the step.
      const step = inserted ?? (await records.findStep(kycId, stepType))!;
      return {
        created: inserted !== undefined,
        step: toStep(step, view.submission, audience),
      };
    },

    /**
     * A reviewer's change of a step's status (decision 012), based on `change.version`; the
     * loser of two concurrent changes gets 409 with the current step (decision 023).
     * Requesting changes or rejecting opens a request to the partner (issue 14), which the
     * next decision closes; while it is open, nothing but a new request may pass over it.
     * A decided step asked to become anything but APPROVED or REJECTED stays as it is and is
     * answered with `unchanged: true` (SPEC 4), whatever version the change was based on.
     */
    async changeStatus(
      actor: AuthUser,
      ref: KycRef,
      locator: StepLocator,
      userId: number,
      change: Based<StepStatusChange>,
    ): Promise<KycStepChange> {
      const { view, actors, audience } = await authorizeKyc(db, actor, ref, 'read');
      const user = await actingUser(db, actor, userId);
      const found = await locate(view, locator);
      const { step } = found;
      const target = resolveStepStatus(change.status, actors);
      if (blockedByDecision(step.status, target)) {
        withCurrent(view, found, audience, () => checkInReview(view.submission.status));
        return { ...toStep(found, view.submission, audience), unchanged: true };
      }
      const { version } = change;
      return versionedChange(
        'step',
        async () => {
          if (version !== step.version) throw new StaleRecord();
          check(view, found, view.submission.status, target, change.comment, audience);
          const visibility = commentVisibility(
            policy.mayWriteInternal(actor),
            { kind: 'step', to: target },
            change.visibility,
          );
          const by = acting(user);
          const now = new Date();
          const updated = await db.transaction(async (tx) => {
            // Share-lock the file: it cannot leave review while its steps are being decided.
            check(view, found, await lockedStatus(tx, view), target, change.comment, audience);
            const txRecords = createRecordRepository(tx);
            const asks = STEP_REQUEST_STATUSES.includes(target) && change.comment;
            // A reviewer's decision: what the partner changes from now on shows as `changes`.
            const row = await txRecords.updateStep(step.id, version, {
              status: target,
              updatedBy: user.id,
              reviewedData: step.data,
              reviewedAt: now,
              request: asks
                ? newRequest(target as StepRequestKind, change.comment!, by, now)
                : null,
              ...(change.comment ? { comment: change.comment, commentVisibility: visibility } : {}),
            });
            if (!row) throw new StaleRecord();
            if (change.comment) {
              await txRecords.insertComment({
                kycId: step.kycId,
                stepType: step.stepType,
                comment: change.comment,
                visibility,
                contextKind: 'step',
                contextStatus: target,
                ...by,
              });
            }
            await recordAudit(tx, {
              kycId: step.kycId,
              entity: 'step',
              entityId: step.id,
              stepType: step.stepType,
              action: 'step_status_changed',
              from: step.status,
              to: target,
              reason: change.comment ?? null,
              details: {
                version: row.version,
                previousVersion: version,
                ...(change.status !== target ? { requested: change.status } : {}),
                ...(change.comment ? { visibility } : {}),
              },
              by,
            });
            return row;
          });
          return {
            ...toStep({ step: updated, updater: user }, view.submission, audience),
            unchanged: false,
          };
        },
        () => currentStep(db, view, step.stepType, audience),
        'written',
      );
    },

    /**
     * Withdraws a reviewer's open request on a step, with a comment (issue 14): the partner need
     * not answer it, and the step may be decided again. A step sent back becomes IN_PROGRESS; a
     * rejected one stays REJECTED (SPEC 4). Staff only, while the file is with the reviewers or
     * back with the partner.
     */
    async withdrawRequest(
      actor: AuthUser,
      ref: KycRef,
      stepType: KycStepType,
      userId: number,
      input: Based<RequestWithdrawal>,
    ): Promise<KycStep> {
      const { view, audience } = await authorizeKyc(db, actor, ref, 'read');
      if (!policy.mayWithdrawKycRequest(actor)) {
        throw new ForbiddenError('Only staff may withdraw a request on a KYC step.');
      }
      const user = await actingUser(db, actor, userId);
      const found = await findStepOrThrow(db, view, stepType);
      const { step } = found;
      const { version } = input;
      return versionedChange(
        'step',
        async () => {
          if (version !== step.version) throw new StaleRecord();
          const refuse = (message: string) =>
            new ConflictError(message, { current: toStep(found, view.submission, audience) });
          const checkNow = (fileStatus: SubmissionView['submission']['status']) => {
            if (!WITHDRAWABLE_STATUSES.includes(fileStatus)) {
              throw refuse(`A request cannot be withdrawn while the file is ${fileStatus}.`);
            }
            if (!requestOpen(step.request)) throw refuse('There is no open request on this step.');
          };
          checkNow(view.submission.status);
          const visibility = commentVisibility(true, { kind: 'withdrawal' }, input.visibility);
          const by = acting(user);
          const request = step.request!;
          const status: KycStepStatus =
            step.status === 'CHANGES_REQUESTED' ? 'IN_PROGRESS' : step.status;
          const updated = await db.transaction(async (tx) => {
            checkNow(await lockedStatus(tx, view));
            const txRecords = createRecordRepository(tx);
            const row = await txRecords.updateStep(step.id, version, {
              status,
              request: null,
              comment: input.comment,
              commentVisibility: visibility,
              updatedBy: user.id,
            });
            if (!row) throw new StaleRecord();
            await txRecords.insertComment({
              kycId: step.kycId,
              stepType,
              comment: input.comment,
              visibility,
              contextKind: 'step',
              contextStatus: 'REQUEST_WITHDRAWN',
              ...by,
            });
            await recordAudit(tx, {
              kycId: step.kycId,
              entity: 'step',
              entityId: step.id,
              stepType,
              action: 'step_request_withdrawn',
              from: step.status,
              to: status,
              reason: input.comment,
              details: {
                version: row.version,
                previousVersion: version,
                visibility,
                request: { kind: request.kind, comment: request.comment, at: request.at },
              },
              by,
            });
            return row;
          });
          return toStep({ step: updated, updater: user }, view.submission, audience);
        },
        () => currentStep(db, view, stepType, audience),
        'written',
      );
    },
  };
}
