import type { KycStepType } from '#common/kyc.js';
import type { Db } from '#server/db/client.js';
import { NotFoundError, type ConflictError } from '#server/errors.js';
import type { KycAudience } from '#server/policy.js';
import { staleVersion } from '#server/versions.js';
import { toStep } from './present.js';
import { createRecordRepository, type StepView } from './records-repository.js';
import type { SubmissionView } from './submissions-repository.js';

export const stepNotFound = (stepType: KycStepType, kycId: number) =>
  `KYC step ${stepType} not found for KYC ${kycId}`;

/** 409 for a change based on an old version, with the step as it is now. */
export async function stepConflict(
  tx: Db,
  view: SubmissionView,
  stepType: KycStepType,
  audience: KycAudience,
): Promise<ConflictError> {
  const current = await createRecordRepository(tx).findStep(view.submission.id, stepType);
  return staleVersion('step', current ? toStep(current, view.submission, audience) : null);
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
