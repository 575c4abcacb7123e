import { ConflictError } from '#server/errors.js';
import type { SubmissionRow } from './submissions-repository.js';

/** The unique index that keeps one open file per company (db/schema/kyc.ts). */
export const OPEN_SUBMISSION_INDEX = 'kyc_submissions_open_key';

export function openSubmissionConflict(partnerName: string, open: SubmissionRow): ConflictError {
  return new ConflictError(
    `Trade partner ${partnerName} already has an open KYC submission (id ${open.id}).`,
    { kycId: open.id, kycUuid: open.uuid, status: open.status },
  );
}
