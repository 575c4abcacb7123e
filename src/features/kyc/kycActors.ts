import {
  DECIDED_STEP_STATUSES,
  REVIEWABLE_STATUSES,
  transitionsFor,
  WITHDRAWABLE_STATUSES,
  type KycActor,
  type KycStatus,
  type KycStepStatus,
  type KycTransition,
} from '@common/kyc';
import { kycActors } from '@common/kyc-actors';
import type { KycSubmission } from '@common/kyc-responses';
import type { AccessLevel } from '@common/partner-access';
import { useAppSelector } from '@/store/hooks';
import { effectiveAccessLevel } from '@/companies/partnerAccess';
import { selectRoles, selectUser } from '@/session/userSlice';
import { selectCurrentTradePartner, selectTradePartners } from '@/session/tradePartnerSlice';
import { hasAnyRole, STAFF_ROLES } from '@/lib/roles';
import type { RootState } from '@/app/store';

export const isReviewer = (actors: readonly KycActor[]) =>
  actors.includes('employee') || actors.includes('manager');

/** What a reviewer can do to one step. */
export type StepAction = 'complete' | 'approve' | 'reject' | 'requestChanges' | 'withdrawRequest';

/** The actions that change a step's status (withdrawing a request is a call of its own). */
export type StatusAction = Exclude<StepAction, 'withdrawRequest'>;

/** The actions that would pass over a reviewer's open request: unavailable while it is open. */

export const passesOverRequest = (action: StepAction) =>
  action === 'complete' || action === 'approve';

/**
 * The step actions to offer (decision 012): only reviewers, only while the file is with them.
 * Managers decide (approve, reject); employees complete, which asks a manager for approval. A
 * decided step only moves between approved and rejected. An open request (issue 14) may be
 * withdrawn, also while the file is back with the partner.
 */
export function stepActions(
  submissionStatus: KycStatus,
  stepStatus: KycStepStatus,
  actors: readonly KycActor[],
  requestIsOpen = false,
): StepAction[] {
  if (!isReviewer(actors)) return [];
  const withdraw: StepAction[] =
    requestIsOpen && WITHDRAWABLE_STATUSES.includes(submissionStatus) ? ['withdrawRequest'] : [];
  if (!REVIEWABLE_STATUSES.includes(submissionStatus)) return withdraw;
  const manager = actors.includes('manager');
  const decided = DECIDED_STEP_STATUSES.includes(stepStatus);
  const offered: StepAction[] = [];
  // For a manager completing is approving: they get Approve.
  if (!manager && !decided && stepStatus !== 'WAITING_FOR_APPROVAL') offered.push('complete');
  if (manager && stepStatus !== 'APPROVED') offered.push('approve');
  if (manager && stepStatus !== 'REJECTED') offered.push('reject');
  if (!decided && stepStatus !== 'CHANGES_REQUESTED') offered.push('requestChanges');
  return [...offered, ...withdraw];
}

/** What each action sends, what the step shows meanwhile, and whether it needs a comment. */
export function stepChange(action: StatusAction, actors: readonly KycActor[]) {
  switch (action) {
    case 'complete':
      // The server decides: a manager's completion approves, an employee's asks for approval.
      return {
        request: 'COMPLETED',
        expected: actors.includes('manager') ? 'APPROVED' : 'WAITING_FOR_APPROVAL',
        commentRequired: false,
      } as const;
    case 'approve':
      return { request: 'APPROVED', expected: 'APPROVED', commentRequired: false } as const;
    case 'reject':
      return { request: 'REJECTED', expected: 'REJECTED', commentRequired: true } as const;
    case 'requestChanges':
      return {
        request: 'CHANGES_REQUESTED',
        expected: 'CHANGES_REQUESTED',
        commentRequired: true,
      } as const;
  }
}

/** The moves of the submission to offer this person now; four-eyes moves not to its asker. */
export function offeredTransitions(
  submission: Pick<KycSubmission, 'status' | 'approvalRequestedBy'>,
  actors: readonly KycActor[],
  userId: number | null,
): KycTransition[] {
  return transitionsFor(submission.status, actors).filter(
    (move) => !(move.fourEyes && userId !== null && submission.approvalRequestedBy?.id === userId),
  );
}

/** The signed-in person's level in the company `partnerUuid` names, from the trade partner state. */
function memberLevel(state: RootState, partnerUuid: string): AccessLevel | null {
  const list = selectTradePartners(state);
  const current = selectCurrentTradePartner(state);
  const same = (partner: { uuid: string }) =>
    partner.uuid.toLowerCase() === partnerUuid.toLowerCase();
  const partner = list.find(same) ?? (current && same(current) ? current : null);
  return partner ? effectiveAccessLevel(partner) : null;
}

/** The signed-in person as decision 012 sees them for `submission`, and their user id. */
export function useKycActors(submission: Pick<KycSubmission, 'tradePartnerUuid'> | null) {
  const roles = useAppSelector(selectRoles);
  const userId = useAppSelector(selectUser)?.id ?? null;
  const level = useAppSelector((state) =>
    submission ? memberLevel(state, submission.tradePartnerUuid) : null,
  );
  return { actors: kycActors(roles, level), userId, staff: hasAnyRole(roles, STAFF_ROLES) };
}

/**
 * Who may start a KYC file for a company (decision 013): staff for any company, its OWNER or
 * ADMIN members (with a KYC role) for their own.
 */
export function mayStartFile(roles: readonly string[], level: AccessLevel | null): boolean {
  if (hasAnyRole(roles, STAFF_ROLES)) return true;
  return kycActors(roles, level).includes('partnerAdmin');
}
