import { requestOpen, type KycStatus, type KycStepType } from '#common/kyc.js';
import type { KycStep, Readiness } from '#common/kyc-responses.js';
import {
  isDataStepType,
  partnerEditableStepStatuses,
  statusAfterPartnerChange,
  stepEditable,
  type DataStepType,
} from '#common/kyc-steps.js';
import type { Db } from '#server/db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { StaleRecord, type Based, versionedChange } from '#server/versions.js';
import type { KycAudience } from '#server/policy.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import { actingUser, authorizeKyc, kycNotFound } from '../core/access-service.js';
import { acting, recordAudit } from '../core/audit-repository.js';
import { fieldChanges } from '../core/changes.js';
import { toStep } from '../core/present.js';
import type { KycReactions } from '../core/reactions-service.js';
import { readinessOf } from '../core/readiness.js';
import { answered } from '../core/requests.js';
import { createRecordRepository, type StepView } from '../core/records-repository.js';
import {
  createSubmissionRepository,
  type KycRef,
  type SubmissionView,
} from '../core/submissions-repository.js';
import type { StepDataInput } from '../kyc-schemas.js';
import { checkStepData, namedIdDocuments } from '../core/step-checks.js';
import { createStepDocumentRepository } from '../core/step-documents-repository.js';
import { linkStillWrites } from '../core/grants.js';
import { currentStep, findStepOrThrow } from '../core/steps.js';

/** A draft is a form's state, not a file store: 64 KiB of JSON is plenty. */
const MAX_DRAFT_BYTES = 64 * 1024;

/** 400 for the insights step, which is computed and has no form. */
function requireDataStep(stepType: KycStepType): DataStepType {
  if (isDataStepType(stepType)) return stepType;
  const message = `${stepType} has no form data`;
  throw new ValidationError(`stepType: ${message}`, [{ field: 'stepType', message }]);
}

/** 409 unless the partner may change the step now (decision 013), with the step as it is. */
function requireEditable(
  view: SubmissionView,
  found: StepView,
  fileStatus: KycStatus,
  audience: KycAudience,
): void {
  const stepStatus = found.step.status;
  if (stepEditable(fileStatus, stepStatus)) return;
  throw new ConflictError(
    `This step cannot be changed now: the file is ${fileStatus} and the step ${stepStatus}.`,
    { current: toStep(found, { ...view.submission, status: fileStatus }, audience) },
  );
}

/** The step data's issues as a 400 in the common shape: every field, with its reason. */
function invalidData(issues: { field: string; code: string; message: string }[]): ValidationError {
  const details = issues.map((issue) => ({
    field: issue.field === 'data' ? 'data' : `data.${issue.field}`,
    message: issue.message,
    code: issue.code,
  }));
  const first = details[0]!;
  return new ValidationError(`${first.field}: ${first.message}`, details);
}

/** Locks the file against leaving the partner meanwhile (share lock) and answers its status. */
async function lockedStatus(tx: Db, kycId: number): Promise<KycStatus> {
  const status = await createSubmissionRepository(tx).statusForShare(kycId);
  if (!status) throw new NotFoundError(kycNotFound({ id: kycId }));
  return status;
}

/**
 * The partner filling in the file (issue 7, decision 013): saving a step's data, keeping a
 * draft of a form on the server, and whether the file may be submitted.
 */
export function createCollectionService(db: Db, reactions: Pick<KycReactions, 'stepChanged'>) {
  /** Who may change the file, with their user record and the data step the path names. */
  async function prepare(actor: AuthUser, ref: KycRef, stepType: KycStepType, userId: number) {
    const { view, audience } = await authorizeKyc(db, actor, ref, 'change');
    const user = await actingUser(db, actor, userId);
    const dataStep = requireDataStep(stepType);
    const found = await findStepOrThrow(db, view, dataStep);
    return { view, audience, user, dataStep, found };
  }

  /** Sets (64 KiB at most) or clears the draft, in one transaction with the checks for it. */
  async function writeDraft(
    actor: AuthUser,
    ref: KycRef,
    stepType: KycStepType,
    userId: number,
    draft: Record<string, unknown> | null,
  ): Promise<KycStep> {
    const { view, audience, user, found } = await prepare(actor, ref, stepType, userId);
    if (draft && Buffer.byteLength(JSON.stringify(draft), 'utf8') > MAX_DRAFT_BYTES) {
      const message = 'is larger than 64 KiB';
      throw new ValidationError(`draft: ${message}`, [{ field: 'draft', message }]);
    }
    requireEditable(view, found, view.submission.status, audience);
    const row = await versionedChange(
      'step',
      () =>
        db.transaction(async (tx) => {
          // A link's holder writes only while the link still may, read again here (decision 041).
          await linkStillWrites(tx, actor);
          const status = await lockedStatus(tx, view.submission.id);
          const open = partnerEditableStepStatuses(status);
          const updated = open.length
            ? await createRecordRepository(tx).setDraft(found.step.id, open, {
                draft,
                draftSavedAt: draft ? new Date() : null,
                draftSavedBy: draft ? user.id : null,
              })
            : undefined;
          if (updated) return updated;
          // The file or the step moved on since it was read: say where they are now.
          const current = await findStepOrThrow(tx, view, found.step.stepType);
          requireEditable(view, current, status, audience);
          throw new StaleRecord();
        }),
      () => currentStep(db, view, found.step.stepType, audience),
      'written',
    );
    return toStep({ step: row, updater: found.updater }, view.submission, audience);
  }

  return {
    /**
     * Saves a step's form: validated and normalised by the step's rules, the draft cleared, the
     * step IN_PROGRESS (a rejected one stays REJECTED), a reviewer's open request on it answered,
     * the version bumped, and an audit event naming the changed fields.
     */
    async saveData(
      actor: AuthUser,
      ref: KycRef,
      stepType: KycStepType,
      userId: number,
      input: Based<StepDataInput>,
    ): Promise<KycStep> {
      const { view, audience, user, dataStep, found } = await prepare(actor, ref, stepType, userId);
      const { step } = found;
      const { version } = input;
      return versionedChange(
        'step',
        async () => {
          if (version !== step.version) throw new StaleRecord();
          requireEditable(view, found, view.submission.status, audience);
          const named = namedIdDocuments(dataStep, input.data).map(({ id }) => id);
          const idDocuments = await createStepDocumentRepository(db).activeIdDocuments(
            view.submission.tradePartnerId,
            named,
          );
          const country =
            dataStep === 'coc'
              ? await createPartnerLookup(db).countryOfRegistration(view.submission.tradePartnerId)
              : null;
          const checked = checkStepData(dataStep, input.data, idDocuments, new Date(), { country });
          if (!checked.ok) throw invalidData(checked.issues);
          const data: Record<string, unknown> = checked.data;
          const by = acting(user);
          const answersRequest = requestOpen(step.request);
          const row = await db.transaction(async (tx) => {
            await linkStillWrites(tx, actor);
            requireEditable(view, found, await lockedStatus(tx, view.submission.id), audience);
            const updated = await createRecordRepository(tx).updateStep(step.id, version, {
              data,
              draft: null,
              draftSavedAt: null,
              draftSavedBy: null,
              status: statusAfterPartnerChange(step.status),
              request: answered(step.request, by, new Date()),
              updatedBy: user.id,
            });
            if (!updated) throw new StaleRecord();
            await recordAudit(tx, {
              kycId: step.kycId,
              entity: 'step',
              entityId: step.id,
              stepType: step.stepType,
              action: 'step_data_saved',
              from: step.status,
              to: updated.status,
              // The fields, not their values: the trail need not hold a copy of IBANs and names.
              details: {
                changedFields: fieldChanges(step.data, data).map((change) => change.field),
                version: updated.version,
                previousVersion: version,
              },
              by,
            });
            if (answersRequest) {
              await recordAudit(tx, {
                kycId: step.kycId,
                entity: 'step',
                entityId: step.id,
                stepType: step.stepType,
                action: 'step_request_answered',
                details: { how: 'data', request: step.request?.kind },
                by,
              });
            }
            return updated;
          });
          await reactions.stepChanged(view.submission.id);
          return toStep({ step: row, updater: user }, view.submission, audience);
        },
        () => currentStep(db, view, step.stepType, audience),
        'written',
      );
    },

    /** Keeps the form's unsaved state; no validation, no version, no audit (decision 013). */
    saveDraft: (
      actor: AuthUser,
      ref: KycRef,
      stepType: KycStepType,
      userId: number,
      draft: Record<string, unknown>,
    ): Promise<KycStep> => writeDraft(actor, ref, stepType, userId, draft),

    async clearDraft(
      actor: AuthUser,
      ref: KycRef,
      stepType: KycStepType,
      userId: number,
    ): Promise<void> {
      await writeDraft(actor, ref, stepType, userId, null);
    },

    /** What is still missing before the file may be submitted; anyone who may read it. */
    async readiness(actor: AuthUser, ref: KycRef): Promise<Readiness> {
      const { view } = await authorizeKyc(db, actor, ref, 'read');
      return readinessOf(db, view.submission);
    },
  };
}
