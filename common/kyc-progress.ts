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
}

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

const asked = (missing: readonly MissingInput[], stepType: string) =>
  missing.some(
    (item) =>
      item.stepType === stepType && (item.kind === 'changesRequested' || item.kind === 'rejected'),
  );

/** A step that has been decided, or proposed for a decision, reads as that decision. */
function decided(status: KycStepStatus): StepProgressState | null {
  if (status === 'APPROVED') return 'approved';
  if (status === 'REJECTED') return 'rejected';
  if (status === 'WAITING_FOR_APPROVAL') return 'waitingForApproval';
  return null;
}

/**
 * A data step's progress. While the file is with the partner, `missing` (the readiness
 * check's findings, decision 013) tells complete from in progress; otherwise it is not read.
 */
function dataStepState(
  fileStatus: KycStatus,
  step: StepProgressInput,
  missing: readonly MissingInput[],
): StepProgressState {
  const withPartner = PARTNER_EDITABLE_STATUSES.includes(fileStatus);
  if (withPartner && asked(missing, step.stepType)) return 'changesRequested';
  const outcome = decided(step.status);
  if (outcome) return outcome;
  if (step.status === 'CHANGES_REQUESTED') return 'changesRequested';
  if (WITH_REVIEWERS.includes(fileStatus)) return 'underReview';
  if (withPartner && !missing.some((item) => item.stepType === step.stepType)) return 'complete';
  return step.status === 'PENDING' ? 'notStarted' : 'inProgress';
}

/**
 * Every step's progress and the count of those done. The insights step has no form: it is
 * computed from the others, so until a reviewer decides it, it is complete when they all are,
 * not started when none is done, and in progress in between.
 */
export function fileProgress(
  fileStatus: KycStatus,
  steps: readonly StepProgressInput[],
  missing: readonly MissingInput[],
): FileProgress {
  const statusOf = (stepType: KycStepType): KycStepStatus =>
    steps.find((step) => step.stepType === stepType)?.status ?? 'PENDING';
  const data = DATA_STEP_TYPES.map((stepType) => ({
    stepType,
    state: dataStepState(fileStatus, { stepType, status: statusOf(stepType) }, missing),
  }));
  const dataDone = data.filter(({ state }) => DONE_PROGRESS_STATES.includes(state)).length;
  const insightsStatus = statusOf('insights');
  const insights: StepProgressState =
    decided(insightsStatus) ??
    (insightsStatus === 'CHANGES_REQUESTED'
      ? 'changesRequested'
      : WITH_REVIEWERS.includes(fileStatus)
        ? 'underReview'
        : dataDone === data.length
          ? 'complete'
          : dataDone === 0
            ? 'notStarted'
            : 'inProgress');
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
