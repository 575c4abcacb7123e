import { STEP_ISSUE_MESSAGES, type StepIssue, type StepIssueCode } from '@common/kyc-steps';
import { fieldIssues, type ApiError } from '@/lib/api-error';

const isIssueCode = (value: unknown): value is StepIssueCode =>
  typeof value === 'string' && Object.hasOwn(STEP_ISSUE_MESSAGES, value);

/**
 * A 400 answer to a step save as the form's issues: the server names fields of the request body
 * ('data.iban', 'body.data.people.0.lastName'); the form knows them relative to the step data.
 */
export const issuesFromError = (error: ApiError): StepIssue[] =>
  fieldIssues(error).map(({ field, message, code }) => ({
    field: field.replace(/^data(\.|$)/, '') || 'data',
    code: isIssueCode(code) ? code : 'invalid',
    message,
  }));
