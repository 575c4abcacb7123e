/**
 * Decision 012's rules, checked against the shared table in common/kyc.ts: who may move a file
 * where, what a move needs, and what may happen to a step. Pure functions that throw the
 * typed errors; the services call them with what they have read.
 */
import {
  assignsReviewer,
  COMPLETE_REQUESTS,
  DECIDED_STEP_STATUSES,
  defaultVisibility,
  findTransition,
  fixedVisibility,
  KYC_STEP_TYPES,
  requestOpen,
  REVIEWABLE_STATUSES,
  STEP_REQUEST_STATUSES,
  STEPS_NEEDED,
  type CommentContext,
  type CommentVisibility,
  type KycActor,
  type KycStatus,
  type KycStepStatus,
  type KycStepType,
  type KycTransition,
  type StepRequestState,
  type StepStatusRequest,
} from '#common/kyc.js';
import type { Insights } from '#common/kyc-insights.js';
import { partnerCanChangeSomething } from '#common/kyc-steps.js';
import { ConflictError, ForbiddenError, ValidationError } from '#server/errors.js';
import { policy } from '#server/policy.js';
import type { RiskAcknowledgement } from '../kyc-schemas.js';

const ACTOR_NAMES: Record<KycActor, string> = {
  partner: 'the trade partner',
  partnerAdmin: "the trade partner's owners and admins",
  employee: 'employees',
  manager: 'managers',
};

const DECISIONS: readonly KycStatus[] = ['APPROVED', 'REJECTED', 'CANCELLED'];
/** The decisions a manager takes on a request for approval. */
const ANSWERS_TO_REQUEST: readonly KycStatus[] = ['APPROVED', 'REJECTED'];

export function commentRequired(message: string): ValidationError {
  return new ValidationError(message, [{ field: 'comment', message: 'is required' }]);
}

export interface MoveRequest {
  from: KycStatus;
  to: KycStatus;
  actors: readonly KycActor[];
  comment: string | undefined;
  isCompliant: boolean | null | undefined;
  /** The acting user's id, and who asked for approval (the four-eyes rule). */
  userId: number;
  approvalRequestedBy: number | null;
}

/**
 * The transition for a move, if the table lists it, the actor is named, and the comment,
 * compliance and four-eyes rules hold: 409 for an unlisted move, 403 for the wrong actor, 400
 * for a missing comment or compliance statement. The steps are checked with checkSteps.
 */
export function checkMove(move: MoveRequest): KycTransition {
  const { from, to } = move;
  const transition = findTransition(from, to);
  if (!transition) {
    throw new ConflictError(`Cannot change a KYC submission from ${from} to ${to}.`, {
      reason: 'noSuchMove',
      from,
      to,
    });
  }
  if (!policy.mayMoveKyc(move.actors, transition)) {
    const who = transition.who.map((w) => ACTOR_NAMES[w]).join(' or ');
    throw new ForbiddenError(`Only ${who} may change a KYC submission from ${from} to ${to}.`);
  }
  policy.requireSecondApprover(transition, move.approvalRequestedBy, move.userId);
  if (transition.commentRequired && !move.comment) {
    throw commentRequired(
      `A comment is required to change a KYC submission from ${from} to ${to}.`,
    );
  }
  if (transition.compliance && typeof move.isCompliant !== 'boolean') {
    throw new ValidationError(
      `isCompliant is required to change a KYC submission from ${from} to ${to}.`,
      [{ field: 'isCompliant', message: 'is required' }],
    );
  }
  if (transition.compliance === 'true' && move.isCompliant !== true) {
    throw new ValidationError('Only a compliant KYC submission can be approved.', [
      { field: 'isCompliant', message: 'must be true to approve' },
    ]);
  }
  return transition;
}

/**
 * 409 naming the reviewer, for a start of the review of a file someone else is reviewing that
 * does not say it takes the file over (decision 037).
 */
export function reviewedBySomeoneElse(reviewer: { id: number; name: string }): ConflictError {
  return new ConflictError(
    `${reviewer.name} is reviewing this KYC submission: take it over from them (takeOver) to ` +
      'start the review.',
    { reason: 'reviewedBySomeoneElse', reviewer },
  );
}

/** A step as the file's moves look at it: its status and any reviewer's request on it. */
export interface StepState {
  stepType: KycStepType;
  status: KycStepStatus;
  request: StepRequestState | null;
}

/**
 * 409 naming the steps that stop the move, when the transition puts a condition on them: the
 * steps it needs approved (or waiting for approval) with no request left open, or, sending the
 * file back, a step the partner may change (issue 14).
 */
export function checkSteps(transition: KycTransition, steps: readonly StepState[]): void {
  if (transition.sendsBack && !partnerCanChangeSomething(steps)) {
    throw new ConflictError(
      `Cannot change a KYC submission from ${transition.from} to ${transition.to}: every step ` +
        'is approved or waiting for approval, so the partner could change nothing. Request ' +
        'changes on a step, or reject it, first.',
      { reason: 'nothingToSendBack' },
    );
  }
  if (!transition.steps) return;
  const requested = steps.filter((step) => requestOpen(step.request)).map((s) => s.stepType);
  if (requested.length > 0) {
    throw new ConflictError(
      `Cannot change a KYC submission from ${transition.from} to ${transition.to}: the partner ` +
        `has not answered the requests on these steps: ${requested.join(', ')}.`,
      { reason: 'openRequests', steps: requested },
    );
  }
  const accepted = STEPS_NEEDED[transition.steps];
  const status = new Map(steps.map((step) => [step.stepType, step.status]));
  const open = KYC_STEP_TYPES.filter((type) => {
    const current = status.get(type);
    return current === undefined || !accepted.includes(current);
  });
  if (open.length === 0) return;
  const what = transition.steps === 'approved' ? 'approved' : 'approved or waiting for approval';
  throw new ConflictError(
    `Cannot change a KYC submission from ${transition.from} to ${transition.to}: ` +
      `these steps are not ${what} yet: ${open.join(', ')}.`,
    { steps: open },
  );
}

/** What a move changes on the submission besides its status. */
export function moveEffects(
  from: KycStatus,
  to: KycStatus,
  userId: number,
  now: Date,
): {
  reviewerId?: number;
  approvalRequestedBy?: number | null;
  submittedAt?: Date | null;
  decidedAt?: Date | null;
} {
  const effects: ReturnType<typeof moveEffects> = {};
  if (assignsReviewer({ from, to })) effects.reviewerId = userId;
  // Who asked for approval stays on the decision taken on that request, as its record; any
  // other move ends the request, so the four-eyes rule never reads a stale one.
  if (to === 'WAITING_FOR_APPROVAL') effects.approvalRequestedBy = userId;
  else if (!(from === 'WAITING_FOR_APPROVAL' && ANSWERS_TO_REQUEST.includes(to))) {
    effects.approvalRequestedBy = null;
  }
  if (to === 'SUBMITTED') effects.submittedAt = now;
  if (to === 'DRAFT') effects.submittedAt = null;
  // Decided while APPROVED, REJECTED or CANCELLED, and only then.
  effects.decidedAt = DECISIONS.includes(to) ? now : null;
  return effects;
}

/**
 * The status a step change asks for, as the actor may set it (decision 012): Complete makes it
 * APPROVED for whoever decides steps and WAITING_FOR_APPROVAL for whoever reviews them; APPROVED
 * and REJECTED are a decider's; everything else a reviewer's (policy.ts says who is which).
 * Partners never change a step's status here.
 */
export function resolveStepStatus(
  requested: StepStatusRequest,
  actors: readonly KycActor[],
): KycStepStatus {
  const decides = policy.decidesKycSteps(actors);
  const reviews = policy.reviewsKycSteps(actors);
  if ((COMPLETE_REQUESTS as readonly string[]).includes(requested)) {
    if (decides) return 'APPROVED';
    if (reviews) return 'WAITING_FOR_APPROVAL';
    throw new ForbiddenError('Insufficient permissions to complete KYC step');
  }
  const target = requested as KycStepStatus;
  if (DECIDED_STEP_STATUSES.includes(target)) {
    if (decides) return target;
    throw new ForbiddenError(`Only managers may set a KYC step to ${target}.`);
  }
  if (reviews) return target;
  throw new ForbiddenError('Only staff may change the status of a KYC step.');
}

/** 409 unless the file is with the reviewers: steps are reviewed only then. */
export function checkInReview(submissionStatus: KycStatus): void {
  if (!REVIEWABLE_STATUSES.includes(submissionStatus)) {
    throw new ConflictError('Steps can only be reviewed while the submission is in review.', {
      reason: 'notInReview',
      status: submissionStatus,
    });
  }
}

/**
 * SPEC section 4: a decided step (APPROVED or REJECTED) asked to become anything but APPROVED
 * or REJECTED is left as it is; the change is blocked and the step answered unchanged.
 */
export function blockedByDecision(current: KycStepStatus, target: KycStepStatus): boolean {
  return DECIDED_STEP_STATUSES.includes(current) && !DECIDED_STEP_STATUSES.includes(target);
}

/**
 * Whether the step may become `target` now: only while the file is with the reviewers, and a
 * rejection or a request for changes only with a comment (400). A change `blockedByDecision`
 * is not checked here: it changes nothing.
 */
export function checkStepChange(
  submissionStatus: KycStatus,
  current: { status: KycStepStatus; request: StepRequestState | null },
  target: KycStepStatus,
  comment: string | undefined,
): void {
  checkInReview(submissionStatus);
  // A new request may replace an open one; nothing else may pass over it (issue 14).
  if (requestOpen(current.request) && !STEP_REQUEST_STATUSES.includes(target)) {
    throw new ConflictError(
      `The partner has not answered the request on this step yet: it cannot become ${target} ` +
        'until they change the step or the request is withdrawn with a comment.',
      { reason: 'openRequest' },
    );
  }

  if ((target === 'REJECTED' || target === 'CHANGES_REQUESTED') && !comment) {
    throw commentRequired(`A comment is required to set a KYC step to ${target}.`);
  }
}

/**
 * The visibility a comment gets (issue 14): what a partner writes is shared (asking for internal
 * is 400); a request to the partner is shared whatever is asked (asking for internal is 400);
 * otherwise what staff chose, else the context's default.
 */
export function commentVisibility(
  mayWriteInternal: boolean,
  context: CommentContext,
  requested: CommentVisibility | undefined,
): CommentVisibility {
  const refuse = (message: string) =>
    new ValidationError(`visibility: ${message}`, [{ field: 'visibility', message }]);
  if (!mayWriteInternal) {
    if (requested === 'internal') throw refuse('only staff may write internal comments');
    return 'shared';
  }
  const fixed = fixedVisibility(context);
  if (fixed && requested && requested !== fixed) {
    throw refuse('a request to the partner is always shared with them');
  }
  return fixed ?? requested ?? defaultVisibility(context);
}

/**
 * Approving a file whose risk is HIGH or whose findings are open needs an acknowledgement with
 * a reason (issue 14), of the findings as they are now: 400 without one, 409 when the findings
 * changed since the approver reviewed them (the fingerprint differs). The acknowledgement to
 * record, or undefined when none is needed.
 */
export function checkRiskAcknowledgement(
  insights: Insights,
  acknowledgement: RiskAcknowledgement | null | undefined,
): RiskAcknowledgement | undefined {
  if (!insights.acknowledgementNeeded) return undefined;
  const open = insights.summary.high + insights.summary.medium;
  if (!acknowledgement) {
    const message = `is required: the file's risk is ${insights.riskLevel} with ${open} open finding${open === 1 ? '' : 's'}`;
    throw new ValidationError(`riskAcknowledgement ${message}`, [
      { field: 'riskAcknowledgement', message },
    ]);
  }
  if (acknowledgement.fingerprint !== insights.fingerprint) {
    throw new ConflictError(
      'The findings changed since you reviewed them: review the risk again before approving.',
      { reason: 'riskChanged', insights },
    );
  }
  return acknowledgement;
}
