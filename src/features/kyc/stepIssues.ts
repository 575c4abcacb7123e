import { STEP_ISSUE_MESSAGES, type StepIssue, type StepIssueCode } from '@common/kyc-steps';
import type { ApiError } from '@/lib/api-error';

const isIssueCode = (value: unknown): value is StepIssueCode =>
  typeof value === 'string' && Object.hasOwn(STEP_ISSUE_MESSAGES, value);

interface Detail {
  field?: unknown;
  message?: unknown;
  code?: unknown;
}

/**
 * A 400 answer to a step save as the form's issues: the server names fields of the request body
 * ('data.iban', 'body.data.people.0.lastName'); the form knows them relative to the step data.
 */
export function issuesFromError(error: ApiError): StepIssue[] {
  const details = Array.isArray(error.details) ? (error.details as Detail[]) : [];
  return details.flatMap((detail) => {
    if (typeof detail?.field !== 'string') return [];
    const field = detail.field.replace(/^(body\.)?data(\.|$)/, '') || 'data';
    const code = isIssueCode(detail.code) ? detail.code : 'invalid';
    const message = typeof detail.message === 'string' ? detail.message : STEP_ISSUE_MESSAGES[code];
    return [{ field, code, message }];
  });
}
