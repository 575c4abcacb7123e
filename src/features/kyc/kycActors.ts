import {
  DECIDED_STEP_STATUSES,
  OPEN_KYC_STATUSES,
  REVIEWABLE_STATUSES,
  transitionsFor,
  WITHDRAWABLE_STATUSES,
  type KycActor,
  type KycStatus,
  type KycStepStatus,
  type KycTransition,
} from '@common/kyc';
import type { KycSubmission } from '@common/kyc-responses';
import type { AccessLevel } from '@common/partner-access';
import { useAppSelector } from '@/app/hooks';
import { effectiveAccessLevel } from '@/features/partners/partnerAccess';
import { selectRoles, selectUser } from '@/features/user/userSlice';
import { hasAnyRole, hasRole, STAFF_ROLES } from '@/lib/roles';
import type { RootState } from '@/app/store';

/** Company levels that may change a file, and those that may also cancel it (decision 012). */
const CHANGE_LEVELS: readonly AccessLevel[] = ['OWNER', 'ADMIN', 'EDITOR'];
const ADMIN_LEVELS: readonly AccessLevel[] = ['OWNER', 'ADMIN'];

/**
 * Who someone is in decision 012's table: staff by role (a manager is an employee too), anyone
 * else by their level in the submission's company, if they hold a KYC role at all.
 */
export function kycActors(roles: readonly string[], level: AccessLevel | null): KycActor[] {
  if (hasAnyRole(roles, STAFF_ROLES)) {
    const actors: KycActor[] = [];
    if (hasRole(roles, 'NT24_EMPLOYEE')) actors.push('employee');
    if (hasRole(roles, 'NT24_MANAGER')) actors.push('manager');
    return actors;
  }
  if (!level || !hasAnyRole(roles, ['NT24_TRADE_PARTNER', 'OWNER'])) return [];
  const actors: KycActor[] = [];
  if (CHANGE_LEVELS.includes(level)) actors.push('partner');
  if (ADMIN_LEVELS.includes(level)) actors.push('partnerAdmin');
  return actors;
}

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

/** Whether the steps are as a move needs them (decision 012, 'also needs'). */
export function stepsReady(move: KycTransition, steps: readonly { status: string }[]): boolean {
  if (move.steps === 'approved') return steps.every((step) => step.status === 'APPROVED');
  if (move.steps === 'reviewed') {
    return steps.every((step) => ['APPROVED', 'WAITING_FOR_APPROVAL'].includes(step.status));
  }
  return true;
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
  const { list, current } = state.tradePartner;
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

export const isOpenFile = (submission: Pick<KycSubmission, 'status'>) =>
  OPEN_KYC_STATUSES.includes(submission.status);

/**
 * Who may start a KYC file for a company (decision 013): staff for any company, its OWNER or
 * ADMIN members (with a KYC role) for their own.
 */
export function mayStartFile(roles: readonly string[], level: AccessLevel | null): boolean {
  if (hasAnyRole(roles, STAFF_ROLES)) return true;
  return kycActors(roles, level).includes('partnerAdmin');
}
