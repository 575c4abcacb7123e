/**
 * How far a KYC file has got, step by step (decision 029): one reading of a step's status, the
 * file's status and what the readiness check finds missing, shown the same on the dashboard,
 * in the file and in the lists. The server computes it for every submission it answers.
 */
import {
  DATA_STEP_TYPES,
  KYC_STEP_TYPES,
  PARTNER_EDITABLE_STATUSES,
  REVIEWABLE_STATUSES,
  type KycStatus,
  type KycStepStatus,
  type KycStepType,
} from './kyc.js';

export const STEP_PROGRESS_STATES = [
  /** With the partner, nothing saved yet. */
  'notStarted',
  /** With the partner, saved, but something is still missing. */
  'inProgress',
  /** A reviewer asked for a change (or rejected the step) and the partner has not answered. */
  'changesRequested',
  /** With the partner, nothing missing: ready to be handed in. */
  'complete',
  /** Handed in; the reviewers have not decided the step yet. */
  'underReview',
  /** Handed in, not decided, and lacking what the readiness check requires (a document). */
  'incomplete',
  /** An employee proposes to approve the step; a manager decides. */
  'waitingForApproval',
  'approved',
  'rejected',
] as const;
export type StepProgressState = (typeof STEP_PROGRESS_STATES)[number];

/** The states in which the step needs nothing more from the partner: what the count counts. */
export const DONE_PROGRESS_STATES: readonly StepProgressState[] = [
  'complete',
  'underReview',
  'waitingForApproval',
  'approved',
];

/** The files the reviewers hold: handed in and not decided yet. */
const WITH_REVIEWERS: readonly KycStatus[] = ['SUBMITTED', ...REVIEWABLE_STATUSES];

export interface StepProgressInput {
  stepType: KycStepType;
  status: KycStepStatus;
  /** The partner has saved data on the step (hasSavedData of its data). */
  started: boolean;
}

/**
 * Whether a step's saved data holds anything: what tells a step the partner began from an
 * untouched one. The server's lists ask the same in SQL (`data <> '{}'`, stepStatusesJson).
 */
export const hasSavedData = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && Object.keys(data).length > 0;

/** What the readiness check found missing, as far as progress needs it (MissingItem). */
export interface MissingInput {
  stepType: string;
  kind: string;
}

export interface FileProgress {
  /** Steps needing nothing more from the partner (DONE_PROGRESS_STATES). */
  done: number;
  /** The file's real number of steps. */
  total: number;
  steps: { stepType: KycStepType; state: StepProgressState }[];
}

const REQUEST_KINDS: readonly string[] = ['changesRequested', 'rejected'];

/** An open request of a reviewer on the step (decision 016). */
const asked = (missing: readonly MissingInput[], stepType: string) =>
  missing.some((item) => item.stepType === stepType && REQUEST_KINDS.includes(item.kind));

/** A field or a required document of the step that the readiness check finds missing. */
const lacking = (missing: readonly MissingInput[], stepType: string) =>
  missing.some((item) => item.stepType === stepType && !REQUEST_KINDS.includes(item.kind));

/** A step that has been decided, or proposed for a decision, reads as that decision. */
function decided(status: KycStepStatus): StepProgressState | null {
  if (status === 'REJECTED') return 'rejected';
  return approving(status);
}

/** The decisions that need nothing more from the partner. */
function approving(status: KycStepStatus): StepProgressState | null {
  if (status === 'APPROVED') return 'approved';
  if (status === 'WAITING_FOR_APPROVAL') return 'waitingForApproval';
  return null;
}

const started = (step: StepProgressInput) => step.started || step.status !== 'PENDING';

/**
 * A data step's progress. `missing` is the readiness check's findings (decision 013) for an
 * open file, none for a decided one. While the file is with the partner it alone decides what
 * is left to do, so the count reaches the total exactly when nothing is missing: an open request
 * first; then anything missing (in progress once data was saved, not started before); then an
 * approval stands, and anything else is complete (a rejected step the partner has changed
 * included: the reviewer decides it again). With the reviewers, their decisions show, and an
 * undecided step lacking something is incomplete rather than under review.
 */
function dataStepState(
  fileStatus: KycStatus,
  step: StepProgressInput,
  missing: readonly MissingInput[],
): StepProgressState {
  if (PARTNER_EDITABLE_STATUSES.includes(fileStatus)) {
    if (asked(missing, step.stepType)) return 'changesRequested';
    if (lacking(missing, step.stepType)) return started(step) ? 'inProgress' : 'notStarted';
    return approving(step.status) ?? 'complete';
  }
  const outcome = decided(step.status);
  if (outcome) return outcome;
  if (step.status === 'CHANGES_REQUESTED') return 'changesRequested';
  if (WITH_REVIEWERS.includes(fileStatus)) {
    return lacking(missing, step.stepType) ? 'incomplete' : 'underReview';
  }
  return started(step) ? 'inProgress' : 'notStarted';
}

/**
 * The insights step has no form: it is computed from the others, so until a reviewer decides
 * it, it is complete when they all are, not started while none is begun, and in progress in
 * between; handed in, it is under review. While the file is with the partner a rejection or a
 * request on it is not theirs to answer: it reads from the data steps.
 */
function insightsState(
  fileStatus: KycStatus,
  status: KycStepStatus,
  data: readonly { state: StepProgressState }[],
): StepProgressState {
  const withPartner = PARTNER_EDITABLE_STATUSES.includes(fileStatus);
  const fromReviewers = withPartner
    ? approving(status)
    : (decided(status) ??
      (status === 'CHANGES_REQUESTED'
        ? 'changesRequested'
        : WITH_REVIEWERS.includes(fileStatus)
          ? 'underReview'
          : null));
  if (fromReviewers) return fromReviewers;
  if (data.every(({ state }) => DONE_PROGRESS_STATES.includes(state))) return 'complete';
  return data.every(({ state }) => state === 'notStarted') ? 'notStarted' : 'inProgress';
}

/**
 * Every step's progress and the count of those done: one rule for the server's answers (lists,
 * the file, the dashboard) and the app's pages (the file, the summary, the self-service page).
 */
export function fileProgress(
  fileStatus: KycStatus,
  steps: readonly StepProgressInput[],
  missing: readonly MissingInput[],
): FileProgress {
  const stepOf = (stepType: KycStepType): StepProgressInput =>
    steps.find((step) => step.stepType === stepType) ?? {
      stepType,
      status: 'PENDING',
      started: false,
    };
  const data = DATA_STEP_TYPES.map((stepType) => ({
    stepType,
    state: dataStepState(fileStatus, stepOf(stepType), missing),
  }));
  const insights = insightsState(fileStatus, stepOf('insights').status, data);
  const all = KYC_STEP_TYPES.map((stepType) =>
    stepType === 'insights'
      ? { stepType, state: insights }
      : data.find((step) => step.stepType === stepType)!,
  );
  return {
    done: all.filter(({ state }) => DONE_PROGRESS_STATES.includes(state)).length,
    total: KYC_STEP_TYPES.length,
    steps: all,
  };
}

/** SPEC 4's badge classes, by what each state means. */
export const STEP_PROGRESS_VARIANTS = {
  notStarted: 'info',
  inProgress: 'warning',
  changesRequested: 'warning',
  complete: 'success',
  underReview: 'warning',
  incomplete: 'warning',
  waitingForApproval: 'secondary',
  approved: 'success',
  rejected: 'danger',
} as const satisfies Record<StepProgressState, string>;

/**
 * Whether a new file may be started for a company whose latest file is `latest` (decision
 * 029): when it has none, or the latest ended without approval. An approved file is reviewed
 * again by reopening it (decision 012), which staff decide; only they may start a new one
 * beside it.
 */
export function mayStartNewFile(latest: KycStatus | null, staff: boolean): boolean {
  if (latest === null || latest === 'REJECTED' || latest === 'CANCELLED') return true;
  return staff && latest === 'APPROVED';
}
