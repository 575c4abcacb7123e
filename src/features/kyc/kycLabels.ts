import type { KycStepType } from '@common/kyc';
import { SUMMARY_STEP } from '@common/kyc';
import type { TranslationKey } from '@/lib/i18n';
import { hasTranslation, translate } from '@/lib/i18n';
import { roleWords } from '@/lib/roles';

/** SPEC section 4's labels of the KYC status values (submissions, steps, history entries). */
const STATUS_LABEL_KEYS = {
  DRAFT: 'kyc.statuses.DRAFT',
  SUBMITTED: 'kyc.statuses.SUBMITTED',
  IN_REVIEW: 'kyc.statuses.IN_REVIEW',
  CHANGES_REQUESTED: 'kyc.statuses.CHANGES_REQUESTED',
  WAITING_FOR_APPROVAL: 'kyc.statuses.WAITING_FOR_APPROVAL',
  APPROVED: 'kyc.statuses.APPROVED',
  REJECTED: 'kyc.statuses.REJECTED',
  CANCELLED: 'kyc.statuses.CANCELLED',
  PENDING: 'kyc.statuses.PENDING',
  // SPEC section 4: IN_PROGRESS is shown as Pending.
  IN_PROGRESS: 'kyc.statuses.PENDING',
  SUBMISSION_COMMENT: 'kyc.statuses.SUBMISSION_COMMENT',
  UNKNOWN: 'kyc.statuses.UNKNOWN',
  COMPLETE: 'kyc.statuses.COMPLETE',
  COMPLETED: 'kyc.statuses.COMPLETED',
  FAILED: 'kyc.statuses.FAILED',
  ACTIVE: 'kyc.statuses.ACTIVE',
  NONE: 'kyc.statuses.NONE',
  VALIDATED: 'kyc.statuses.VALIDATED',
} as const satisfies Record<string, TranslationKey>;

const isKnownStatus = (status: string): status is keyof typeof STATUS_LABEL_KEYS =>
  Object.hasOwn(STATUS_LABEL_KEYS, status);

/** A status value for people, in the interface language; an unknown one in plain words. */
export function statusLabel(status: string): string {
  return isKnownStatus(status) ? translate(STATUS_LABEL_KEYS[status]) : roleWords(status);
}

/** Whether a value (an audit entry's from or to) is a status the app can name. */
export const namesStatus = (value: string) => isKnownStatus(value);

export const STEP_TITLE_KEYS = {
  coc: 'kyc.steps.coc',
  contacts: 'kyc.steps.contacts',
  addresses: 'kyc.steps.addresses',
  'bank-and-vat': 'kyc.steps.bankAndVat',
  cdd: 'kyc.steps.cdd',
  insights: 'kyc.steps.insights',
  [SUMMARY_STEP]: 'kyc.steps.summary',
} as const satisfies Record<KycStepType | typeof SUMMARY_STEP, TranslationKey>;

export const RISK_LEVEL_KEYS = {
  LOW: 'kyc.riskLevels.LOW',
  MEDIUM: 'kyc.riskLevels.MEDIUM',
  HIGH: 'kyc.riskLevels.HIGH',
} as const satisfies Record<string, TranslationKey>;

/** Severity and risk badges, by how worrying they are. */
export const SEVERITY_VARIANTS = {
  HIGH: 'danger',
  MEDIUM: 'warning',
  LOW: 'info',
  INFO: 'secondary',
} as const;

/**
 * A text the server sends by code (a finding, an audit action): the app's translation of
 * `{prefix}.{code}` with `params`, else `fallback` (the server's English) when the app does not
 * know the code or the translation needs a value the server did not send.
 */
export function translatedByCode(
  prefix: string,
  code: string,
  params: Record<string, string | number>,
  fallback: string,
): string {
  const key = `${prefix}.${code}`;
  if (!hasTranslation(key)) return fallback;
  const text = translate(key, params);
  // A placeholder left means the server did not send a value the text needs.
  return /\{\{\s*\w+\s*\}\}/.test(text) ? fallback : text;
}
