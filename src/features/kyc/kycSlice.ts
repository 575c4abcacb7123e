import { createSlice, type ActionReducerMapBuilder, type Draft } from '@reduxjs/toolkit';
import type { Page } from '@common/api';
import type { Insights } from '@common/kyc-insights';
import {
  kycStepSchema,
  submitRefusalSchema,
  type AuditEvent,
  type KycComment,
  type KycStep,
  type KycSubmission,
  type Readiness,
  type StatusRecord,
} from '@common/kyc-responses';
import type { RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { addCachedFetch, answeredCached, idleCached, type CachedRequest } from '@/store/cache';
import { parseKycRef } from '@/features/kyc/kycModel';
import { saveStepDraft } from '@/features/kyc/collection/cocCheckSlice';
import {
  discardStepDraft,
  saveStepData,
  startKycFile,
} from '@/features/kyc/collection/kycStepDataThunks';
import {
  addComment,
  changeStepStatus,
  changeSubmissionStatus,
  withdrawStepRequest,
  commentKey,
  dataSaveKey,
  fetchKycAudit,
  fetchKycComments,
  fetchKycInsights,
  fetchKycList,
  fetchKycReadiness,
  fetchKycStatusHistory,
  fetchKycSteps,
  fetchKycSubmission,
  fetchPartnerKycs,
  kycListKey,
  startFileKey,
  statusChangeKey,
  stepChangeKey,
  submissionKey,
  type FetchArg,
  type PerSubmission,
  type PerSubmissionFetch,
} from '@/features/kyc/kycThunks';
import type { ApiError } from '@/lib/api-error';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';

/** A change (step status, submission status, comment) and what it replaced on screen. */
export interface KycChange extends RequestState {
  /** While it is under way: what an optimistic change replaced, put back when refused. */
  before: { status: string; comment: string | null } | null;
}

/** The KYC screens' state. Not persisted. */
export interface KycState {
  /** The page of the list screen; `key` names the query (filters and page) it answers. */
  list: CachedRequest<Page<KycSubmission> | null>;
  /** The submission the detail screen shows; `key` is the id or uuid from its address. */
  current: CachedRequest<KycSubmission | null>;
  steps: Record<number, CachedRequest<KycStep[]>>;
  comments: Record<number, CachedRequest<KycComment[]>>;
  history: Record<number, CachedRequest<StatusRecord[]>>;
  audit: Record<number, CachedRequest<AuditEvent[]>>;
  insights: Record<number, CachedRequest<Insights | null>>;
  /** Whether each file may be submitted, and what is missing. */
  readiness: Record<number, CachedRequest<Readiness | null>>;
  /** Each trade partner's submissions, by partner uuid. */
  byPartner: Record<string, CachedRequest<KycSubmission[]>>;
  /** Changes by key (stepChangeKey, statusChangeKey, commentKey, dataSaveKey, startFileKey). */
  changes: Record<string, KycChange>;
}

const initialState: KycState = {
  list: idleCached(null),
  current: idleCached(null),
  steps: {},
  comments: {},
  history: {},
  audit: {},
  insights: {},
  readiness: {},
  byPartner: {},
  changes: {},
};

const EMPTY_LISTS: Record<PerSubmission, unknown> = {
  steps: [],
  comments: [],
  history: [],
  audit: [],
  insights: null,
  readiness: null,
};

type S = Draft<KycState>;

/** Marks what a change on submission `kycId` may have made out of date. */
function invalidate(state: S, kycId: number, buckets: readonly PerSubmission[]) {
  for (const bucket of buckets) {
    const entry = state[bucket][kycId];
    if (entry) entry.stale = true;
  }
  if (state.current.data?.id === kycId) state.current.stale = true;
  state.list.stale = true;
  for (const entry of Object.values(state.byPartner)) entry.stale = true;
}

/** The change `key` as recorded so far. */
const changeOf = (state: S, key: string): KycChange =>
  (state.changes[key] ??= { ...idleRequest(), before: null });

/** Records a change going out; `before` is what it replaced on screen, when optimistic. */
function changePending(state: S, key: string, before: KycChange['before'] = null) {
  const change = changeOf(state, key);
  recordPending(change);
  change.before = before;
}

/** The step as shown: in the steps list and in the submission's summary of its steps. */
function showStep(
  state: S,
  kycId: number,
  step: Pick<KycStep, 'stepType' | 'status'> & Partial<KycStep>,
) {
  const list = state.steps[kycId]?.data;
  const index = list?.findIndex((item) => item.stepType === step.stepType) ?? -1;
  if (list && index !== -1) list[index] = { ...list[index]!, ...step };
  const summary = state.current.data?.id === kycId ? state.current.data.steps : null;
  const entry = summary?.find((item) => item.stepType === step.stepType);
  if (entry) entry.status = step.status;
}

/** A per-submission read, into `state[bucket][kycId]`. */
function addPerSubmissionFetch<T>(
  builder: ActionReducerMapBuilder<KycState>,
  bucket: PerSubmission,
  fetch: PerSubmissionFetch<T>,
) {
  const entryOf = (state: S, { kycId }: FetchArg) => {
    const entries = state[bucket] as Record<number, CachedRequest<T>>;
    return (entries[kycId] ??= idleCached(EMPTY_LISTS[bucket] as T));
  };
  addCachedFetch(builder, fetch, entryOf, { keyOf: submissionKey });
}

/** A refused change may hold the record as it now is (409, `details.current`). */
const currentStep = (error: ApiError | undefined) => {
  const details = error?.details as { current?: unknown } | undefined;
  const parsed = kycStepSchema.safeParse(details?.current);
  return parsed.success ? parsed.data : null;
};

/** A refused submit's details: what is missing, and the steps with changes not saved. */
const submitRefusal = (error: ApiError | undefined) =>
  submitRefusalSchema.safeParse(error?.details).data ?? null;

export const kycSlice = createSlice({
  name: 'kyc',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);

    // The uuid form of a submission comes with its insights.
    builder.addCase(fetchKycSubmission.fulfilled, (state, action) => {
      const { data: submission, fetchedAt } = action.payload;
      if (state.current.key !== action.meta.arg.ref) return;
      if ('insights' in submission && submission.insights) {
        state.insights[submission.id] = answeredCached(
          submission.insights as Insights,
          String(submission.id),
          fetchedAt,
        );
      }
    });

    // A step's status: shown at once, put back when refused.
    builder
      .addCase(changeStepStatus.pending, (state, action) => {
        const { kycId, stepType, expected, comment } = action.meta.arg;
        const key = stepChangeKey(kycId, stepType);
        const step = state.steps[kycId]?.data.find((item) => item.stepType === stepType);
        const summary = state.current.data?.steps.find((item) => item.stepType === stepType);
        changePending(state, key, {
          status: step?.status ?? summary?.status ?? 'PENDING',
          comment: step?.comment ?? null,
        });
        showStep(state, kycId, { stepType, status: expected, ...(comment ? { comment } : {}) });
      })
      .addCase(changeStepStatus.fulfilled, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        recordFulfilled(changeOf(state, stepChangeKey(kycId, stepType)));
        showStep(state, kycId, action.payload);
        invalidate(state, kycId, ['comments', 'history', 'audit', 'insights', 'readiness']);
      })
      .addCase(changeStepStatus.rejected, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        const change = changeOf(state, stepChangeKey(kycId, stepType));
        const { before } = change;
        recordRejected(change, action);
        const now = currentStep(action.payload);
        if (now) showStep(state, kycId, now);
        else if (before) {
          showStep(state, kycId, {
            stepType,
            status: before.status as KycStep['status'],
            comment: before.comment,
          });
        }
        // Read again: someone else may have changed it (the version moved on).
        invalidate(state, kycId, ['steps']);
      });

    // A reviewer's request withdrawn: the step as the server made it.
    builder
      .addCase(withdrawStepRequest.pending, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        changePending(state, stepChangeKey(kycId, stepType));
      })
      .addCase(withdrawStepRequest.fulfilled, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        recordFulfilled(changeOf(state, stepChangeKey(kycId, stepType)));
        showStep(state, kycId, action.payload);
        invalidate(state, kycId, ['comments', 'audit', 'readiness']);
      })
      .addCase(withdrawStepRequest.rejected, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        recordRejected(changeOf(state, stepChangeKey(kycId, stepType)), action);
        const now = currentStep(action.payload);
        if (now) showStep(state, kycId, now);
        invalidate(state, kycId, ['steps']);
      });

    // A step's data (the partner's form): the step as the server made it.
    builder
      .addCase(saveStepData.pending, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        changePending(state, dataSaveKey(kycId, stepType));
      })
      .addCase(saveStepData.fulfilled, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        recordFulfilled(changeOf(state, dataSaveKey(kycId, stepType)));
        showStep(state, kycId, action.payload);
        invalidate(state, kycId, ['steps', 'readiness', 'audit', 'insights']);
      })
      .addCase(saveStepData.rejected, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        const change = changeOf(state, dataSaveKey(kycId, stepType));
        recordRejected(change, action);
        if (change.error?.status === 400) return;
        const now = currentStep(action.payload);
        if (now) showStep(state, kycId, now);
        invalidate(state, kycId, ['steps', 'readiness']);
      })
      .addCase(saveStepDraft.fulfilled, (state, action) => {
        const { draft, draftSavedAt, stepType, status } = action.payload;
        showStep(state, action.meta.arg.kycId, { stepType, status, draft, draftSavedAt });
      })
      // Discarded: the step keeps its data, and has no changes that are not saved any more.
      .addCase(discardStepDraft.pending, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        changePending(state, dataSaveKey(kycId, stepType));
      })
      .addCase(discardStepDraft.fulfilled, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        recordFulfilled(changeOf(state, dataSaveKey(kycId, stepType)));
        const step = state.steps[kycId]?.data?.find((item) => item.stepType === stepType);
        if (step) showStep(state, kycId, { ...step, draft: null, draftSavedAt: null });
      })
      .addCase(discardStepDraft.rejected, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        recordRejected(changeOf(state, dataSaveKey(kycId, stepType)), action);
        invalidate(state, kycId, ['steps']);
      });

    // A new file for a company.
    builder
      .addCase(startKycFile.pending, (state, action) => {
        changePending(state, startFileKey(action.meta.arg.tradePartnerUuid));
      })
      .addCase(startKycFile.fulfilled, (state, action) => {
        recordFulfilled(changeOf(state, startFileKey(action.meta.arg.tradePartnerUuid)));
        state.list.stale = true;
        const entry = state.byPartner[action.meta.arg.tradePartnerUuid];
        if (entry) entry.data.unshift(action.payload);
        for (const item of Object.values(state.byPartner)) item.stale = true;
      })
      .addCase(startKycFile.rejected, (state, action) => {
        recordRejected(changeOf(state, startFileKey(action.meta.arg.tradePartnerUuid)), action);
        for (const item of Object.values(state.byPartner)) item.stale = true;
      });

    // The submission's status: shown at once, put back when refused.
    builder
      .addCase(changeSubmissionStatus.pending, (state, action) => {
        const { kycId, to } = action.meta.arg;
        const submission = state.current.data?.id === kycId ? state.current.data : null;
        const before = submission ? { status: submission.status, comment: null } : null;
        changePending(state, statusChangeKey(kycId), before);
        if (submission) submission.status = to;
      })
      .addCase(changeSubmissionStatus.fulfilled, (state, action) => {
        const { kycId } = action.meta.arg;
        recordFulfilled(changeOf(state, statusChangeKey(kycId)));
        state.history[kycId]?.data.push(action.payload);
        invalidate(state, kycId, [
          'steps',
          'comments',
          'history',
          'audit',
          'insights',
          'readiness',
        ]);
      })
      .addCase(changeSubmissionStatus.rejected, (state, action) => {
        const { kycId } = action.meta.arg;
        const change = changeOf(state, statusChangeKey(kycId));
        const { before } = change;
        recordRejected(change, action);
        if (before && state.current.data?.id === kycId) {
          state.current.data.status = before.status as KycSubmission['status'];
        }
        // 'The KYC file is not complete.': what is missing now comes with the refusal; the steps
        // with changes not saved (decision 038) are read again, so that the summary names them.
        const refused = submitRefusal(action.payload);
        if (refused) {
          const { missing, unsavedSteps } = refused;
          state.readiness[kycId] = answeredCached<Readiness | null>(
            { ready: missing.length === 0, missing },
            String(kycId),
            Date.now(),
          );
          invalidate(state, kycId, unsavedSteps ? ['insights', 'steps'] : ['insights']);
        } else invalidate(state, kycId, ['readiness', 'insights']);
      });

    // Comments
    builder
      .addCase(addComment.pending, (state, action) => {
        changePending(state, commentKey(action.meta.arg.kycId));
      })
      .addCase(addComment.fulfilled, (state, action) => {
        const { kycId } = action.meta.arg;
        recordFulfilled(changeOf(state, commentKey(kycId)));
        state.comments[kycId]?.data.push(action.payload);
        invalidate(state, kycId, ['audit']);
      })
      .addCase(addComment.rejected, (state, action) =>
        recordRejected(changeOf(state, commentKey(action.meta.arg.kycId)), action),
      );

    // The reads, each into its cache entry (matchers: after every addCase).
    addCachedFetch(builder, fetchKycList, (state) => state.list, { keyOf: kycListKey });
    addCachedFetch(builder, fetchKycSubmission, (state) => state.current, {
      keyOf: ({ ref }) => ref,
      empty: null,
    });
    addPerSubmissionFetch(builder, 'steps', fetchKycSteps);
    addPerSubmissionFetch(builder, 'comments', fetchKycComments);
    addPerSubmissionFetch(builder, 'history', fetchKycStatusHistory);
    addPerSubmissionFetch(builder, 'audit', fetchKycAudit);
    addPerSubmissionFetch(builder, 'insights', fetchKycInsights);
    addPerSubmissionFetch(builder, 'readiness', fetchKycReadiness);
    addCachedFetch(
      builder,
      fetchPartnerKycs,
      (state, { partnerUuid }) => (state.byPartner[partnerUuid] ??= idleCached([])),
      { keyOf: ({ partnerUuid }) => partnerUuid },
    );
  },
});

// --- Selectors --------------------------------------------------------------------------------

export const selectKycList = (state: RootState) => state.kyc.list;

/** The request for the submission `ref` names (the detail screen's). */
export const selectKycCurrent = (state: RootState) => state.kyc.current;

/** The submission the detail screen has loaded, if it is the one `ref` names. */
export function selectKycSubmission(state: RootState, ref: string | undefined) {
  const parsed = parseKycRef(ref);
  const submission = state.kyc.current.data;
  if (!parsed || !submission) return null;
  const same =
    parsed.kind === 'uuid'
      ? submission.uuid.toLowerCase() === parsed.uuid.toLowerCase()
      : submission.id === parsed.id;
  return same ? submission : null;
}

export const selectKycSteps = (state: RootState, kycId: number) => state.kyc.steps[kycId];
export const selectKycComments = (state: RootState, kycId: number) => state.kyc.comments[kycId];
export const selectKycStatusHistory = (state: RootState, kycId: number) => state.kyc.history[kycId];
export const selectKycAudit = (state: RootState, kycId: number) => state.kyc.audit[kycId];
export const selectKycInsights = (state: RootState, kycId: number) => state.kyc.insights[kycId];
export const selectKycReadiness = (state: RootState, kycId: number) => state.kyc.readiness[kycId];
export const selectPartnerKycs = (state: RootState, partnerUuid: string) =>
  state.kyc.byPartner[partnerUuid];

export const selectKycChanges = (state: RootState) => state.kyc.changes;

/** A change under way or done, by its key (stepChangeKey, statusChangeKey, commentKey). */
export const selectKycChange = (state: RootState, key: string): KycChange | undefined =>
  state.kyc.changes[key];
