import type { KycStatus } from '@common/kyc';
import type { DataStepType } from '@common/kyc-steps';

/** The summary's place among the steps. */
export const SUMMARY = 'summary';

/** The steps' titles, as the signed-in KYC page names them. */
export const STEP_TITLE_KEYS = {
  coc: 'kyc.steps.coc',
  contacts: 'kyc.steps.contacts',
  addresses: 'kyc.steps.addresses',
  'bank-and-vat': 'kyc.steps.bankAndVat',
  cdd: 'kyc.steps.cdd',
} as const satisfies Record<DataStepType, string>;

/** A file's status in words, as the signed-in KYC page says it. */
export const statusKey = (status: KycStatus) => `kyc.statuses.${status}` as const;
