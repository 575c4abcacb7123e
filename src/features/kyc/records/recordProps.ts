import type { KycActor } from '@common/kyc';
import type { KycSubmission } from '@common/kyc-responses';

/** What each of the file's record tabs (comments, history, audit trail, insights) is given. */
export interface KycRecordProps {
  submission: KycSubmission;
  actors: readonly KycActor[];
  /** Staff read internal comments and choose who reads theirs. */
  staff: boolean;
}
