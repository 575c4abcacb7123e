import type { MissingItem } from '@common/kyc-responses';
import type { DataStepType } from '@common/kyc-steps';
import type { SelfServiceStep } from '@common/selfservice';
import { SUMMARY } from '@/features/selfservice/selfServiceLabels';
import type { Section } from '@/features/selfservice/StepNav';

/** The steps a reviewer sent back whose request the person has not answered yet. */
export const sentBack = (steps: readonly SelfServiceStep[]) =>
  steps.filter((step) => step.request?.open === true);

/**
 * Where the page opens (issue 31): the first step sent back, else the first with something
 * missing, else the summary. Null while that cannot be told: nothing was sent back and the
 * readiness (`missing`) is not read yet.
 */
export function openingSection(
  steps: readonly SelfServiceStep[],
  missing: readonly MissingItem[] | null,
): Section | null {
  const asked = sentBack(steps)[0];
  if (asked) return asked.stepType as DataStepType;
  if (missing === null) return null;
  const open = steps.find((step) => missing.some((item) => item.stepType === step.stepType));
  return open ? (open.stepType as DataStepType) : SUMMARY;
}
