import type { KycStepType } from '#common/kyc.js';
import type { KycStep } from '#common/kyc-responses.js';
import type { Db } from '#server/db/client.js';
import { NotFoundError } from '#server/errors.js';
import type { KycAudience } from '#server/policy.js';
import { toStep } from './present.js';
import { createRecordRepository, type StepView } from './records-repository.js';
import type { SubmissionView } from './submissions-repository.js';

export const stepNotFound = (stepType: KycStepType, kycId: number) =>
  `KYC step ${stepType} not found for KYC ${kycId}`;

/** The step as a reader sees it now, or null when it is gone: what a 409 for it carries. */
export async function currentStep(
  db: Db,
  view: SubmissionView,
  stepType: KycStepType,
  audience: KycAudience,
): Promise<KycStep | null> {
  const current = await createRecordRepository(db).findStep(view.submission.id, stepType);
  return current ? toStep(current, view.submission, audience) : null;
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
