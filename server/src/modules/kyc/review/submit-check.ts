import type { KycStatus, KycStepStatus } from '#common/kyc.js';
import type { SubmitRefusal } from '#common/kyc-responses.js';
import { unsavedSteps, type DataStepType } from '#common/kyc-steps.js';
import type { Db } from '#server/db/client.js';
import { ConflictError } from '#server/errors.js';
import { readinessOf, requireReady } from '../core/readiness.js';

const unsavedMessage = (steps: readonly DataStepType[]) =>
  `The KYC file has changes that are not saved in ${steps.join(', ')}: ` +
  'save or discard them before submitting.';

/**
 * The check of a submit, in the transaction that moves the file (after the update, so that no
 * save or draft can come between): 409 while a step holds changes that are not saved, naming
 * the steps, with what is missing besides (decision 038); else 409 unless nothing is missing
 * (decision 013). `fromStatus` is the file's status before the move.
 */
export async function requireSubmittable(
  tx: Db,
  submission: { id: number; tradePartnerId: number },
  fromStatus: KycStatus,
  steps: readonly { stepType: string; status: KycStepStatus; draft: unknown }[],
): Promise<void> {
  const unsaved = unsavedSteps(fromStatus, steps);
  if (unsaved.length === 0) return requireReady(tx, submission);
  const { missing } = await readinessOf(tx, submission);
  const details: SubmitRefusal = { unsavedSteps: unsaved, missing };
  throw new ConflictError(unsavedMessage(unsaved), details);
}
