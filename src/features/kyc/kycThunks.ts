import {
  SUMMARY_STEP,
  type CommentVisibility,
  type KycStatus,
  type KycStepStatus,
  type KycStepType,
  type StepStatusRequest,
} from '@common/kyc';
import type { Insights } from '@common/kyc-insights';
import type { Readiness } from '@common/kyc-responses';
import { createAppAsyncThunk } from '@/store/hooks';
import type { RootState } from '@/app/store';
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
import {
  KYC_CACHE_MS,
  KYC_STATUS_CACHE_MS,
  KYC_STEP_CACHE_MS,
  shouldFetch,
} from '@/features/kyc/kycCache';
import { kycStepEvents } from '@/features/kyc/kycEvents';
import { notificationAdded, notify } from '@/notifications/notificationsSlice';
import { STALE_VERSION_NOTICE } from '@/notifications/notices';
import { isStaleVersion, toApiError, type ApiError } from '@/lib/api-error';

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
export const PER_SUBMISSION = {
  steps: KYC_STEP_CACHE_MS,
  comments: KYC_CACHE_MS,
  history: KYC_STATUS_CACHE_MS,
  audit: KYC_CACHE_MS,
  insights: KYC_CACHE_MS,
  // Follows every save and upload: as short-lived as the steps.
  readiness: KYC_STEP_CACHE_MS,
} as const;
export type PerSubmission = keyof typeof PER_SUBMISSION;

export interface FetchArg {
  kycId: number;
  /** Ask even when a fresh answer is at hand. */
  force?: boolean;
}

// --- Reads ------------------------------------------------------------------------------------

/** A page of submissions (GET /api/kyc/filter). */
export const fetchKycList = createAppAsyncThunk(
  'kyc/fetchList',
  async (query: KycListQuery, { rejectWithValue }) => {
    try {
      const page = await filterKyc(
        {
          kycStatus: query.statuses,
          search: query.search,
          obligedEntityContactId: query.reviewerId ?? undefined,
        },
        { page: query.page, size: query.size, sort: query.sort },
      );
      return { page, fetchedAt: Date.now() };
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (query, { getState }) => {
      const { list } = getState().kyc;
      if (list.key !== kycListKey(query)) return true;
      return shouldFetch(list, KYC_CACHE_MS);
    },
  },
);

/** One submission, by the id or uuid its address names. */
export const fetchKycSubmission = createAppAsyncThunk(
  'kyc/fetchSubmission',
  async ({ ref }: { ref: string; force?: boolean }, { rejectWithValue }) => {
    try {
      return { submission: await getKyc(ref), fetchedAt: Date.now() };
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: ({ ref, force }, { getState }) => {
      const { current } = getState().kyc;
      if (current.ref !== ref) return true;
      return shouldFetch(current, KYC_CACHE_MS, force);
    },
  },
);

/** A read of one of the lists kept per submission, with its cache (PER_SUBMISSION). */
function perSubmissionFetch<T>(bucket: PerSubmission, load: (kycId: number) => Promise<T>) {
  return createAppAsyncThunk(
    `kyc/fetch/${bucket}`,
    async ({ kycId }: FetchArg, { rejectWithValue }) => {
      try {
        return { data: await load(kycId), fetchedAt: Date.now() };
      } catch (error) {
        return rejectWithValue(toApiError(error));
      }
    },
    {
      condition: ({ kycId, force }, { getState }) =>
        shouldFetch(getState().kyc[bucket][kycId], PER_SUBMISSION[bucket], force),
    },
  );
}

export type PerSubmissionFetch<T> = ReturnType<typeof perSubmissionFetch<T>>;

export const fetchKycSteps = perSubmissionFetch('steps', getKycSteps);
export const fetchKycComments = perSubmissionFetch('comments', getKycComments);
export const fetchKycStatusHistory = perSubmissionFetch('history', getKycStatusHistory);
export const fetchKycAudit = perSubmissionFetch('audit', getKycAudit);
export const fetchKycInsights = perSubmissionFetch<Insights | null>('insights', getKycInsights);
export const fetchKycReadiness = perSubmissionFetch<Readiness | null>('readiness', getKycReadiness);

/** A trade partner's submissions, newest first (its KYC tab). */
export const fetchPartnerKycs = createAppAsyncThunk(
  'kyc/fetchPartner',
  async ({ partnerUuid }: { partnerUuid: string; force?: boolean }, { rejectWithValue }) => {
    try {
      return { data: await getPartnerKycsByUuid(partnerUuid), fetchedAt: Date.now() };
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: ({ partnerUuid, force }, { getState }) =>
      shouldFetch(getState().kyc.byPartner[partnerUuid], KYC_CACHE_MS, force),
  },
);

// --- Changes ----------------------------------------------------------------------------------

/** The change was refused or never arrived: the server's reason, as a toast. */
export const refused = (reason: string) =>
  notify.error('kyc.notices.refused.title', 'kyc.notices.refused.message', {
    values: { reason },
  });

/**
 * A refused change, told: someone else's change first (decision 023) in the user's language,
 * anything else in the server's words. The reducers show the record as it is now.
 */
export const refusal = (error: ApiError) =>
  isStaleVersion(error) ? notificationAdded(STALE_VERSION_NOTICE) : refused(error.message);

export const busy = (state: RootState, key: string) => state.kyc.changes[key]?.status === 'loading';

export interface StepChangeArg {
  kycId: number;
  stepType: KycStepType;
  /** What is asked of the server. */
  request: StepStatusRequest;
  /** What the step shows until the server answers (SPEC section 4: optimistic). */
  expected: KycStepStatus;
  comment?: string;
  /** Who may read the comment (staff choose; a request is always shared). */
  visibility?: CommentVisibility;
  /** The step version the change is based on. */
  version: number;
}

/**
 * A step's new status. The step shows `expected` at once and the change is published; when the
 * server refuses (403, 409...) the step goes back, the old status is published and the user is
 * told why in the server's words.
 */
export const changeStepStatus = createAppAsyncThunk(
  'kyc/changeStepStatus',
  async (arg: StepChangeArg, { getState, dispatch, rejectWithValue }) => {
    const { kycId, stepType, request, expected, comment, visibility, version } = arg;
    kycStepEvents.publish({ kycId, stepType, status: expected });
    try {
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
        dispatch(
          notify.info('specNotices.stepUnchanged.title', 'specNotices.stepUnchanged.message'),
        );
      }
      return step;
    } catch (error) {
      const apiError = toApiError(error);
      const before = getState().kyc.changes[stepChangeKey(kycId, stepType)]?.before;
      if (before) kycStepEvents.publish({ kycId, stepType, status: before.status });
      dispatch(refusal(apiError));
      return rejectWithValue(apiError);
    }
  },
  {
    condition: ({ kycId, stepType }, { getState }) =>
      !busy(getState(), stepChangeKey(kycId, stepType)),
  },
);

/**
 * Withdraws a reviewer's open request on a step, with a comment (issue 14): the step as the
 * server made it; a refusal is told in the server's words.
 */
export const withdrawStepRequest = createAppAsyncThunk(
  'kyc/withdrawStepRequest',
  async (
    arg: {
      kycId: number;
      stepType: KycStepType;
      comment: string;
      visibility: CommentVisibility;
      version: number;
    },
    { getState, dispatch, rejectWithValue },
  ) => {
    const { kycId, stepType, comment, visibility, version } = arg;
    try {
      const userId = getState().user.user?.id as number;
      const step = await withdrawKycStepRequest(kycId, stepType, userId, {
        comment,
        visibility,
        version,
      });
      kycStepEvents.publish({ kycId, stepType, status: step.status });
      return step;
    } catch (error) {
      const apiError = toApiError(error);
      dispatch(refusal(apiError));
      return rejectWithValue(apiError);
    }
  },
  {
    condition: ({ kycId, stepType }, { getState }) =>
      !busy(getState(), stepChangeKey(kycId, stepType)),
  },
);

export interface StatusChangeArg {
  kycId: number;
  to: KycStatus;
  comment?: string;
  /** Who may read the comment (staff choose; sending the file back is always shared). */
  visibility?: CommentVisibility;
  isCompliant?: boolean | null;
  /** An approval despite the risk: why, for the findings with this fingerprint. */
  riskAcknowledgement?: { reason: string; fingerprint: string } | null;
  /** Starting the review of someone else's file takes it over (decision 037). */
  takeOver?: boolean;
  /** The submission version the change is based on. */
  version: number;
}

/**
 * Moves the submission (decision 012): shown at once and published as the 'summary' step;
 * refused moves go back with the server's reason as a toast.
 */
export const changeSubmissionStatus = createAppAsyncThunk(
  'kyc/changeStatus',
  async (arg: StatusChangeArg, { getState, dispatch, rejectWithValue }) => {
    const { kycId, to, comment, visibility, isCompliant, riskAcknowledgement, takeOver, version } =
      arg;
    kycStepEvents.publish({ kycId, stepType: SUMMARY_STEP, status: to });
    try {
      const userId = getState().user.user?.id as number;
      return await changeKycStatus(kycId, {
        status: to,
        userId,
        comment,
        visibility,
        isCompliant,
        riskAcknowledgement,
        takeOver,
        version,
      });
    } catch (error) {
      const apiError = toApiError(error);
      const before = getState().kyc.changes[statusChangeKey(kycId)]?.before;
      if (before) kycStepEvents.publish({ kycId, stepType: SUMMARY_STEP, status: before.status });
      dispatch(refusal(apiError));
      return rejectWithValue(apiError);
    }
  },
  { condition: ({ kycId }, { getState }) => !busy(getState(), statusChangeKey(kycId)) },
);

/** A comment on the file, or on one of its steps. */
export const addComment = createAppAsyncThunk(
  'kyc/addComment',
  async (
    {
      kycId,
      comment,
      stepType,
      visibility,
    }: { kycId: number; comment: string; stepType?: KycStepType; visibility?: CommentVisibility },
    { dispatch, rejectWithValue },
  ) => {
    try {
      return await addKycComment(kycId, {
        comment,
        ...(stepType ? { stepType } : {}),
        ...(visibility ? { visibility } : {}),
      });
    } catch (error) {
      const apiError = toApiError(error);
      dispatch(refused(apiError.message));
      return rejectWithValue(apiError);
    }
  },
  { condition: ({ kycId }, { getState }) => !busy(getState(), commentKey(kycId)) },
);
