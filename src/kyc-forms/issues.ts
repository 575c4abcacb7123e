import { useTranslation } from 'react-i18next';
import { BUSINESS_DATE_RANGE, DATE_RANGE } from '@common/api';
import type { StepIssue } from '@common/kyc-steps';
import { formatDateRange } from '@/lib/format';

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

/** The days a date refusal names, by its code. */
const RANGES: Partial<Record<string, ReturnType<typeof formatDateRange>>> = {
  dateRange: formatDateRange(DATE_RANGE),
  businessDateRange: formatDateRange(BUSINESS_DATE_RANGE),
};

/** Why a field is refused, in the interface language. */
export function useIssueText() {
  const { t } = useTranslation();
  return (issue: StepIssue) => t(`kycForms.issues.${issue.code}`, RANGES[issue.code]);
}
