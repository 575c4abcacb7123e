import type { KycStepStatus, KycStepType } from '../../../../common/kyc.js';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { actingUser, authorizeKyc } from './access.js';
import { acting, recordAudit } from './audit.js';
import { toStep } from './present.js';
import { createRecordRepository, type StepView } from './records.js';
import { createSubmissionRepository, type KycRef, type SubmissionView } from './repository.js';
import type { KycStep, StepStatusChange } from './schemas.js';
import { checkStepChange, resolveStepStatus } from './workflow.js';

export const stepNotFound = (stepType: KycStepType, kycId: number) =>
  `KYC step ${stepType} not found for KYC ${kycId}`;

/** Which step a path names: by type, or the insights step by its uuid. */
export type StepLocator = { stepType: KycStepType } | { insightsStepUuid: string };

/** 409 for a change based on an old version, with the step as it is now. */
export async function stepConflict(
  tx: Db,
  view: SubmissionView,
  stepType: KycStepType,
): Promise<ConflictError> {
  const current = await createRecordRepository(tx).findStep(view.submission.id, stepType);
  return new ConflictError('The step was changed by someone else; reload and try again.', {
    current: current ? toStep(current, view.submission) : null,
  });
}

/** The step of a type, or 404. */
export async function findStepOrThrow(
  db: Db,
  view: SubmissionView,
  stepType: KycStepType,
): Promise<StepView> {
  const kycId = view.submission.id;
  const found = await createRecordRepository(db).findStep(kycId, stepType);
  if (!found) throw new NotFoundError(stepNotFound(stepType, kycId));
  return found;
}

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

  /** The rules of checkStepChange; a refused change answers with the step as it is (SPEC 4). */
  function check(
    view: SubmissionView,
    found: StepView,
    submissionStatus: SubmissionView['submission']['status'],
    target: KycStepStatus,
    comment: string | undefined,
  ): void {
    try {
      checkStepChange(submissionStatus, found.step.status, target, comment);
    } catch (error) {
      if (error instanceof ConflictError) {
        throw new ConflictError(error.message, { current: toStep(found, view.submission) });
      }
      throw error;
    }
  }

  return {
    async list(actor: AuthUser, ref: KycRef): Promise<KycStep[]> {
      const { view } = await authorizeKyc(db, actor, ref, 'read');
      const steps = await records.stepsOf([view.submission.id]);
      return steps.map((step) => toStep(step, view.submission));
    },

    async get(actor: AuthUser, ref: KycRef, stepType: KycStepType): Promise<KycStep> {
      const { view } = await authorizeKyc(db, actor, ref, 'read');
      return toStep(await locate(view, { stepType }), view.submission);
    },

    /** Creates a missing step (SPEC 4: PENDING unless told), or answers the existing one. */
    async create(
      actor: AuthUser,
      ref: KycRef,
      stepType: KycStepType,
      userId: number,
      status: 'PENDING' | 'IN_PROGRESS' = 'PENDING',
    ): Promise<{ created: boolean; step: KycStep }> {
      const { view } = await authorizeKyc(db, actor, ref, 'change');
      const user = await actingUser(db, actor, userId);
      const kycId = view.submission.id;
      const existing = await records.findStep(kycId, stepType);
      if (existing) return { created: false, step: toStep(existing, view.submission) };
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
      return { created: inserted !== undefined, step: toStep(step, view.submission) };
    },

    /**
     * A reviewer's change of a step's status (decision 012), based on `change.version` or the
     * version read now; the loser of two concurrent changes gets 409 with the current step.
     */
    async changeStatus(
      actor: AuthUser,
      ref: KycRef,
      locator: StepLocator,
      userId: number,
      change: StepStatusChange,
    ): Promise<KycStep> {
      const { view, actors } = await authorizeKyc(db, actor, ref, 'read');
      const user = await actingUser(db, actor, userId);
      const found = await locate(view, locator);
      const { step } = found;
      const target = resolveStepStatus(change.status, actors);
      const version = change.version ?? step.version;
      if (version !== step.version) throw await stepConflict(db, view, step.stepType);
      check(view, found, view.submission.status, target, change.comment);
      const by = acting(user);
      const updated = await db.transaction(async (tx) => {
        // Share-lock the file: it cannot leave review while its steps are being decided.
        const status = await createSubmissionRepository(tx).statusForShare(view.submission.id);
        if (!status)
          throw new NotFoundError(`KYC submission with ID/UUID ${view.submission.id} not found.`);
        check(view, found, status, target, change.comment);
        const txRecords = createRecordRepository(tx);
        // A reviewer's decision: what the partner changes from now on shows as `changes`.
        const row = await txRecords.updateStep(step.id, version, {
          status: target,
          updatedBy: user.id,
          reviewedData: step.data,
          reviewedAt: new Date(),
          ...(change.comment ? { comment: change.comment } : {}),
        });
        if (!row) throw await stepConflict(tx, view, step.stepType);
        if (change.comment) {
          await txRecords.insertComment({
            kycId: step.kycId,
            stepType: step.stepType,
            comment: change.comment,
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
          },
          by,
        });
        return row;
      });
      return toStep({ step: updated, updater: user }, view.submission);
    },
  };
}
