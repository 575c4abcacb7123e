import { KYC_STATUSES, KYC_STEP_TYPES, type KycStatus, type KycStepType } from '@common/kyc';

// What the app reads of a KYC submission besides the answers themselves: those are
// common/kyc-responses.ts, the workflow common/kyc.ts, both shared with the server.

export type { KycStatus, KycStepStatus, KycStepType } from '@common/kyc';

/** A submission identifier as SPEC section 3 reads one. */
export type KycRef = { kind: 'uuid'; uuid: string } | { kind: 'id'; id: number };

/**
 * SPEC section 3: a value with a hyphen or of length 36 is a uuid; a positive integer an id.
 * Anything else names no submission (null).
 */
export function parseKycRef(value: string | number | null | undefined): KycRef | null {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value > 0 ? { kind: 'id', id: value } : null;
  }
  const text = value?.trim() ?? '';
  if (text.includes('-') || text.length === 36) return { kind: 'uuid', uuid: text };
  if (!/^[1-9]\d*$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? { kind: 'id', id } : null;
}

export const isKycStatus = (value: unknown): value is KycStatus =>
  typeof value === 'string' && (KYC_STATUSES as readonly string[]).includes(value);

export const isStepType = (value: unknown): value is KycStepType =>
  typeof value === 'string' && (KYC_STEP_TYPES as readonly string[]).includes(value);
