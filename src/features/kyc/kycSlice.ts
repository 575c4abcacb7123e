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
import { answeredCache, emptyCache, type Cached } from '@/features/kyc/kycCache';
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
  type KycListQuery,
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
  list: Cached<Page<KycSubmission> | null> & { key: string | null; query: KycListQuery | null };
  /** The submission the detail screen shows; `ref` is the id or uuid from its address. */
  current: Cached<KycSubmission | null> & { ref: string | null };
  steps: Record<number, Cached<KycStep[]>>;
  comments: Record<number, Cached<KycComment[]>>;
  history: Record<number, Cached<StatusRecord[]>>;
  audit: Record<number, Cached<AuditEvent[]>>;
  insights: Record<number, Cached<Insights | null>>;
  /** Whether each file may be submitted, and what is missing. */
  readiness: Record<number, Cached<Readiness | null>>;
  /** Each trade partner's submissions, by partner uuid. */
  byPartner: Record<string, Cached<KycSubmission[]>>;
  /** Changes by key (stepChangeKey, statusChangeKey, commentKey, dataSaveKey, startFileKey). */
  changes: Record<string, KycChange>;
}

const initialState: KycState = {
  list: { ...emptyCache(null), key: null, query: null },
  current: { ...emptyCache(null), ref: null },
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

/** pending, fulfilled and rejected of a per-submission read, into `state[bucket][kycId]`. */
function addPerSubmissionCases<T>(
  builder: ActionReducerMapBuilder<KycState>,
  bucket: PerSubmission,
  thunk: PerSubmissionFetch<T>,
) {
  const entryOf = (state: S, kycId: number) => {
    const entries = state[bucket] as Record<number, Cached<unknown>>;
    entries[kycId] ??= emptyCache(EMPTY_LISTS[bucket]);
    return entries[kycId];
  };
  builder
    .addCase(thunk.pending, (state, action) => recordPending(entryOf(state, action.meta.arg.kycId)))
    .addCase(thunk.fulfilled, (state, action) => {
      const entry = entryOf(state, action.meta.arg.kycId);
      recordFulfilled(entry);
      entry.data = action.payload.data;
      entry.fetchedAt = action.payload.fetchedAt;
      entry.stale = false;
    })
    .addCase(thunk.rejected, (state, action) =>
      recordRejected(entryOf(state, action.meta.arg.kycId), action),
    );
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

    // The list
    builder
      .addCase(fetchKycList.pending, (state, action) => {
        recordPending(state.list);
        state.list.key = kycListKey(action.meta.arg);
        state.list.query = action.meta.arg;
      })
      .addCase(fetchKycList.fulfilled, (state, action) => {
        // An answer to a query the screen has left behind is dropped.
        if (state.list.key !== kycListKey(action.meta.arg)) return;
        recordFulfilled(state.list);
        state.list.data = action.payload.page;
        state.list.fetchedAt = action.payload.fetchedAt;
        state.list.stale = false;
      })
      .addCase(fetchKycList.rejected, (state, action) => {
        if (state.list.key !== kycListKey(action.meta.arg)) return;
        recordRejected(state.list, action);
      });

    // The current submission
    builder
      .addCase(fetchKycSubmission.pending, (state, action) => {
        const { ref } = action.meta.arg;
        if (state.current.ref !== ref) state.current = { ...emptyCache(null), ref };
        recordPending(state.current);
      })
      .addCase(fetchKycSubmission.fulfilled, (state, action) => {
        if (state.current.ref !== action.meta.arg.ref) return;
        const { submission, fetchedAt } = action.payload;
        recordFulfilled(state.current);
        state.current.data = submission;
        state.current.fetchedAt = fetchedAt;
        state.current.stale = false;
        // The uuid form comes with the insights.
        if ('insights' in submission && submission.insights) {
          state.insights[submission.id] = answeredCache(submission.insights as Insights, fetchedAt);
        }
      })
      .addCase(fetchKycSubmission.rejected, (state, action) => {
        if (state.current.ref !== action.meta.arg.ref) return;
        recordRejected(state.current, action);
      });

    addPerSubmissionCases(builder, 'steps', fetchKycSteps);
    addPerSubmissionCases(builder, 'comments', fetchKycComments);
    addPerSubmissionCases(builder, 'history', fetchKycStatusHistory);
    addPerSubmissionCases(builder, 'audit', fetchKycAudit);
    addPerSubmissionCases(builder, 'insights', fetchKycInsights);
    addPerSubmissionCases(builder, 'readiness', fetchKycReadiness);

    // A partner's submissions
    builder
      .addCase(fetchPartnerKycs.pending, (state, action) =>
        recordPending((state.byPartner[action.meta.arg.partnerUuid] ??= emptyCache([]))),
      )
      .addCase(fetchPartnerKycs.fulfilled, (state, action) => {
        const { data, fetchedAt } = action.payload;
        state.byPartner[action.meta.arg.partnerUuid] = answeredCache(data, fetchedAt);
      })
      .addCase(fetchPartnerKycs.rejected, (state, action) =>
        recordRejected((state.byPartner[action.meta.arg.partnerUuid] ??= emptyCache([])), action),
      );

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
          state.readiness[kycId] = answeredCache<Readiness | null>(
            { ready: missing.length === 0, missing },
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
