import { useTranslation } from 'react-i18next';
import type { StepIssue } from '@common/kyc-steps';

/** The first issue of the field at `path` (or, with `within`, of anything inside it). */
export function issueAt(
  issues: readonly StepIssue[],
  path: string,
  within = false,
): StepIssue | undefined {
  return issues.find(
    (issue) => issue.field === path || (within && issue.field.startsWith(`${path}.`)),
  );
}

/** The issues below `prefix` ('people.0'), with paths relative to it ('lastName'). */
export function issuesWithin(issues: readonly StepIssue[], prefix: string): StepIssue[] {
  return issues
    .filter((issue) => issue.field.startsWith(`${prefix}.`))
    .map((issue) => ({ ...issue, field: issue.field.slice(prefix.length + 1) }));
}

/** Why a field is refused, in the interface language. */
export function useIssueText() {
  const { t } = useTranslation();
  return (issue: StepIssue) => t(`kycForms.issues.${issue.code}`);
}
