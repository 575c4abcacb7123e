import { SUMMARY_STEP, type KycStatus, type KycStepStatus, type KycStepType } from '@common/kyc';
import type {
  KycRequestWithdrawal,
  KycStatusChange,
  KycStepStatusChange,
  NewKycComment,
} from '@common/kyc-bodies';
import type { Insights } from '@common/kyc-insights';
import type { Readiness } from '@common/kyc-responses';
import type { AppDispatch, RootState } from '@/app/store';
import { createCachedFetch, type CacheArg } from '@/store/cache';
import { createChangeThunk, notChanging } from '@/store/requests';
import {
  addKycComment,
  changeKycStatus,
  filterKyc,
  getKyc,
  getKycAudit,
  getKycComments,
  getKycInsights,
  getKycReadiness,
  getKycStatusHistory,
  getPartnerKycsByUuid,
} from '@/features/kyc/kycApi';
import {
  changeKycStepStatus,
  getKycSteps,
  withdrawKycStepRequest,
} from '@/features/kyc/collection/kycStepsApi';
import { KYC_CACHE_MS, KYC_STATUS_CACHE_MS, KYC_STEP_CACHE_MS } from '@/features/kyc/kycCache';
import { kycStepEvents } from '@/features/kyc/kycEvents';
import { notify } from '@/notifications/notificationsSlice';
import { isStaleVersion, type ApiError } from '@/lib/api-error';

// --- Keys -------------------------------------------------------------------------------------

/** What the list screen asks for; the filters and the page live in its address. */
export interface KycListQuery {
  statuses: KycStatus[];
  /** Part of the trade partner's name. */
  search: string;
  /** Only the files this reviewer (a user id) works on. */
  reviewerId: number | null;
  /** Zero-based. */
  page: number;
  size: number;
  sort: string;
}

/** The same query always gives the same key. */
export const kycListKey = (query: KycListQuery) =>
  JSON.stringify([
    [...query.statuses].sort(),
    query.search.trim(),
    query.reviewerId,
    query.page,
    query.size,
    query.sort,
  ]);

/** The key of a change in `state.kyc.changes`. */
export const stepChangeKey = (kycId: number, stepType: KycStepType) => `step:${kycId}:${stepType}`;
export const statusChangeKey = (kycId: number) => `status:${kycId}`;
export const commentKey = (kycId: number) => `comment:${kycId}`;
export const dataSaveKey = (kycId: number, stepType: KycStepType) => `data:${kycId}:${stepType}`;
export const startFileKey = (partnerUuid: string) => `start:${partnerUuid}`;

/** The lists kept per submission, each with how long an answer stays fresh. */
const PER_SUBMISSION = {
  steps: KYC_STEP_CACHE_MS,
  comments: KYC_CACHE_MS,
  history: KYC_STATUS_CACHE_MS,
  audit: KYC_CACHE_MS,
  insights: KYC_CACHE_MS,
  // Follows every save and upload: as short-lived as the steps.
  readiness: KYC_STEP_CACHE_MS,
} as const;
export type PerSubmission = keyof typeof PER_SUBMISSION;

export interface FetchArg extends CacheArg {
  kycId: number;
}

// --- Reads ------------------------------------------------------------------------------------

/** A page of submissions (GET /api/kyc/filter). */
export const fetchKycList = createCachedFetch(
  'kyc/fetchList',
  (query: KycListQuery & CacheArg) =>
    filterKyc(
      {
        kycStatus: query.statuses,
        search: query.search,
        obligedEntityContactId: query.reviewerId ?? undefined,
      },
      { page: query.page, size: query.size, sort: query.sort },
    ),
  (state) => state.kyc.list,
  kycListKey,
  KYC_CACHE_MS,
);

/** One submission, by the id or uuid its address names. */
export const fetchKycSubmission = createCachedFetch(
  'kyc/fetchSubmission',
  ({ ref }: { ref: string } & CacheArg) => getKyc(ref),
  (state) => state.kyc.current,
  ({ ref }) => ref,
  KYC_CACHE_MS,
);

/** The key of a submission's entry in each list kept per submission. */
export const submissionKey = ({ kycId }: FetchArg) => String(kycId);

/** A read of one of the lists kept per submission, with its cache (PER_SUBMISSION). */
const perSubmissionFetch = <T>(bucket: PerSubmission, load: (kycId: number) => Promise<T>) =>
  createCachedFetch(
    `kyc/fetch/${bucket}`,
    ({ kycId }: FetchArg) => load(kycId),
    (state, { kycId }) => state.kyc[bucket][kycId],
    submissionKey,
    PER_SUBMISSION[bucket],
  );

export type PerSubmissionFetch<T> = ReturnType<typeof perSubmissionFetch<T>>;

export const fetchKycSteps = perSubmissionFetch('steps', getKycSteps);
export const fetchKycComments = perSubmissionFetch('comments', getKycComments);
export const fetchKycStatusHistory = perSubmissionFetch('history', getKycStatusHistory);
export const fetchKycAudit = perSubmissionFetch('audit', getKycAudit);
export const fetchKycInsights = perSubmissionFetch<Insights | null>('insights', getKycInsights);
export const fetchKycReadiness = perSubmissionFetch<Readiness | null>('readiness', getKycReadiness);

/** A trade partner's submissions, newest first (its KYC tab). */
export const fetchPartnerKycs = createCachedFetch(
  'kyc/fetchPartner',
  ({ partnerUuid }: { partnerUuid: string } & CacheArg) => getPartnerKycsByUuid(partnerUuid),
  (state, { partnerUuid }) => state.kyc.byPartner[partnerUuid],
  ({ partnerUuid }) => partnerUuid,
  KYC_CACHE_MS,
);

// --- Changes ----------------------------------------------------------------------------------

/** The change was refused or never arrived: the server's reason, as a toast. */
export const refused = (reason: string) =>
  notify.error('kyc.notices.refused.title', 'kyc.notices.refused.message', {
    values: { reason },
  });

/**
 * A refused change, told: someone else's change first (decision 023) is told by
 * `createChangeThunk` in the user's language, anything else here in the server's words. The
 * reducers show the record as it is now.
 */
export const tellRefusal = (error: ApiError, dispatch: AppDispatch) => {
  if (!isStaleVersion(error)) dispatch(refused(error.message));
};

/** A KYC change's condition: not while the change `keyOf` names is on its way. */
export const notChangingKyc = <Arg>(keyOf: (arg: Arg) => string) =>
  notChanging((state: RootState, arg: Arg) => state.kyc.changes[keyOf(arg)]);

const stepChangeOf = ({ kycId, stepType }: { kycId: number; stepType: KycStepType }) =>
  stepChangeKey(kycId, stepType);

/** A step's status change (the body of KycStepStatusChange) with what the screen needs around it. */
export type StepChangeArg = Omit<KycStepStatusChange, 'status'> & {
  kycId: number;
  stepType: KycStepType;
  /** What is asked of the server. */
  request: KycStepStatusChange['status'];
  /** What the step shows until the server answers (SPEC section 4: optimistic). */
  expected: KycStepStatus;
};

/**
 * A step's new status. The step shows `expected` at once and the change is published; when the
 * server refuses (403, 409...) the step goes back, the old status is published and the user is
 * told why in the server's words.
 */
export const changeStepStatus = createChangeThunk(
  'kyc/changeStepStatus',
  async (arg: StepChangeArg, { getState, dispatch }) => {
    const { kycId, stepType, request, expected, comment, visibility, version } = arg;
    kycStepEvents.publish({ kycId, stepType, status: expected });
    // Without a user record the call refuses in SPEC section 5's words (required userId).
    const userId = getState().user.user?.id as number;
    const { unchanged, ...step } = await changeKycStepStatus(kycId, stepType, userId, {
      status: request,
      comment,
      visibility,
      version,
    });
    kycStepEvents.publish({ kycId, stepType, status: step.status });
    if (unchanged) {
      dispatch(notify.info('specNotices.stepUnchanged.title', 'specNotices.stepUnchanged.message'));
    }
    return step;
  },
  {
    condition: notChangingKyc(stepChangeOf),
    onRefused: (error, { kycId, stepType }, { getState, dispatch }) => {
      const before = getState().kyc.changes[stepChangeKey(kycId, stepType)]?.before;
      if (before) kycStepEvents.publish({ kycId, stepType, status: before.status });
      tellRefusal(error, dispatch);
    },
  },
);

/**
 * Withdraws a reviewer's open request on a step, with a comment (issue 14): the step as the
 * server made it; a refusal is told in the server's words.
 */
export const withdrawStepRequest = createChangeThunk(
  'kyc/withdrawStepRequest',
  async (
    arg: Required<KycRequestWithdrawal> & { kycId: number; stepType: KycStepType },
    { getState },
  ) => {
    const { kycId, stepType, comment, visibility, version } = arg;
    const userId = getState().user.user?.id as number;
    const step = await withdrawKycStepRequest(kycId, stepType, userId, {
      comment,
      visibility,
      version,
    });
    kycStepEvents.publish({ kycId, stepType, status: step.status });
    return step;
  },
  {
    condition: notChangingKyc(stepChangeOf),
    onRefused: (error, _arg, { dispatch }) => tellRefusal(error, dispatch),
  },
);

/** A status change (the body of KycStatusChange, the user taken from the session) to a status. */
export type StatusChangeArg = Omit<KycStatusChange, 'status' | 'userId'> & {
  kycId: number;
  to: KycStatus;
};

/**
 * Moves the submission (decision 012): shown at once and published as the 'summary' step;
 * refused moves go back with the server's reason as a toast.
 */
export const changeSubmissionStatus = createChangeThunk(
  'kyc/changeStatus',
  (arg: StatusChangeArg, { getState }) => {
    const { kycId, to, comment, visibility, isCompliant, riskAcknowledgement, takeOver, version } =
      arg;
    kycStepEvents.publish({ kycId, stepType: SUMMARY_STEP, status: to });
    const userId = getState().user.user?.id as number;
    return changeKycStatus(kycId, {
      status: to,
      userId,
      comment,
      visibility,
      isCompliant,
      riskAcknowledgement,
      takeOver,
      version,
    });
  },
  {
    condition: notChangingKyc(({ kycId }) => statusChangeKey(kycId)),
    onRefused: (error, { kycId }, { getState, dispatch }) => {
      const before = getState().kyc.changes[statusChangeKey(kycId)]?.before;
      if (before) kycStepEvents.publish({ kycId, stepType: SUMMARY_STEP, status: before.status });
      tellRefusal(error, dispatch);
    },
  },
);

/** A comment on the file, or on one of its steps. */
export const addComment = createChangeThunk(
  'kyc/addComment',
  ({
    kycId,
    comment,
    stepType,
    visibility,
  }: Omit<NewKycComment, 'stepType'> & { kycId: number; stepType?: KycStepType }) =>
    addKycComment(kycId, {
      comment,
      ...(stepType ? { stepType } : {}),
      ...(visibility ? { visibility } : {}),
    }),
  {
    condition: notChangingKyc(({ kycId }) => commentKey(kycId)),
    onRefused: (error, _arg, { dispatch }) => tellRefusal(error, dispatch),
  },
);
