import { createSlice, isRejected, type WithSlice } from '@reduxjs/toolkit';
import type { Document, DocumentType } from '@common/documents';
import type { KycStep, MissingItem, Readiness } from '@common/kyc-responses';
import type { DataStepType } from '@common/kyc-steps';
import type { SelfServiceFile } from '@common/selfservice';
import { createAppAsyncThunk } from '@/store/hooks';
import { rootReducer, type RootState } from '@/app/store';
import type { ApiError } from '@/lib/api-error';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';
import * as api from '@/features/selfservice/selfServiceApi';

/** The public page's one file, reached through the link's token (kept by the route only). */
export interface SelfServiceState {
  open: RequestState;
  file: SelfServiceFile | null;
  /** Any call answered 404: the link is not valid (which case is never told). */
  invalid: boolean;
  /** A call was refused for too many requests: the seconds to wait. */
  retryAfter: number | null;
  /** Handed in on this visit: the confirmation, not only the status. */
  justSubmitted: boolean;
  readiness: Readiness | null;
  documents: Document[];
  /** A refused submit: what is missing, and the steps whose changes are not saved. */
  submit: RequestState & { missing: MissingItem[] | null; unsaved: DataStepType[] };
  /** 'Save step' per step type. */
  saves: Partial<Record<DataStepType, RequestState>>;
  /** The autosave of each step's draft, and when it last reached the server. */
  drafts: Partial<Record<DataStepType, RequestState & { savedAt: string | null }>>;
}

const initialState: SelfServiceState = {
  open: idleRequest(),
  file: null,
  invalid: false,
  retryAfter: null,
  justSubmitted: false,
  readiness: null,
  documents: [],
  submit: { ...idleRequest(), missing: null, unsaved: [] },
  saves: {},
  drafts: {},
};

interface WithToken {
  token: string;
}

/** A thunk over one public call: its failure as the page keeps it. */
const publicCall = <Arg extends WithToken, Result>(
  type: string,
  call: (arg: Arg) => Promise<Result>,
  condition?: (arg: Arg, api: { getState: () => RootState }) => boolean,
) =>
  createAppAsyncThunk(
    `selfService/${type}`,
    async (arg: Arg, { rejectWithValue }) => {
      try {
        return await call(arg);
      } catch (error) {
        return rejectWithValue(api.toSelfServiceError(error));
      }
    },
    condition ? { condition } : {},
  );

/** Reads the link's file (each read is logged as a use): once at a time. */
export const openLink = publicCall(
  'open',
  ({ token }: WithToken) => api.validateToken(token),
  (_arg, { getState }) => selectOpen(getState()).status !== 'loading',
);

export const loadReadiness = publicCall('readiness', ({ token }: WithToken) =>
  api.getReadiness(token),
);

export const loadDocuments = publicCall('documents', ({ token }: WithToken) =>
  api.getDocuments(token),
);

interface DataArg extends WithToken {
  stepType: DataStepType;
  data: Record<string, unknown>;
  version: number;
}

export const saveData = publicCall('saveData', ({ token, stepType, data, version }: DataArg) =>
  api.saveStepData(token, stepType, { data, version }),
);

interface DraftArg extends WithToken {
  stepType: DataStepType;
  value: Record<string, unknown>;
}

export const saveDraft = publicCall('saveDraft', ({ token, stepType, value }: DraftArg) =>
  api.saveStepDraft(token, stepType, value),
);

export const uploadDocument = publicCall(
  'upload',
  ({ token, file, documentType }: WithToken & { file: File; documentType: DocumentType }) =>
    api.uploadDocument(token, file, documentType),
);

export const changeDocumentType = publicCall(
  'retype',
  ({ token, id, documentType }: WithToken & { id: number; documentType: DocumentType }) =>
    api.changeDocumentType(token, id, documentType),
);

export const archiveDocument = publicCall('archive', ({ token, id }: WithToken & { id: number }) =>
  api.archiveDocument(token, id),
);

/** Drops a step's changes that are not saved; its saved data stays (decision 038). */
export const discardDraft = publicCall(
  'discardDraft',
  ({ token, stepType }: WithToken & { stepType: DataStepType }) =>
    api.discardStepDraft(token, stepType),
);

/** Hands the file in; refused (409), the missing list comes back instead. */
export const submitFile = publicCall(
  'submit',
  ({ token, version }: WithToken & { version: number }) => api.submitFile(token, version),
);

/** A step as a save answers it; the comments on it stay as the file brought them. */
function putStep(state: SelfServiceState, step: KycStep) {
  if (!state.file) return;
  state.file.steps = state.file.steps.map((each) =>
    each.stepType === step.stepType ? { ...step, comments: each.comments } : each,
  );
}

const draftOf = (state: SelfServiceState, stepType: DataStepType) =>
  (state.drafts[stepType] ??= { ...idleRequest(), savedAt: null });

const saveOf = (state: SelfServiceState, stepType: DataStepType) =>
  (state.saves[stepType] ??= idleRequest());

const isPublicRejection = isRejected(
  openLink,
  loadReadiness,
  loadDocuments,
  saveData,
  saveDraft,
  discardDraft,
  uploadDocument,
  changeDocumentType,
  archiveDocument,
  submitFile,
);

export const selfServiceSlice = createSlice({
  name: 'selfService',
  initialState,
  reducers: {
    /** The visitor waited after a 429, or left the page. */
    retryCleared(state) {
      state.retryAfter = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(openLink.pending, (state) => {
        recordPending(state.open);
        state.invalid = false;
        state.retryAfter = null;
      })
      .addCase(openLink.fulfilled, (state, action) => {
        recordFulfilled(state.open);
        state.file = action.payload;
      })
      .addCase(openLink.rejected, (state, action) => recordRejected(state.open, action))
      .addCase(loadReadiness.fulfilled, (state, action) => {
        state.readiness = action.payload;
      })
      .addCase(loadDocuments.fulfilled, (state, action) => {
        state.documents = action.payload;
      })
      .addCase(saveData.pending, (state, action) =>
        recordPending(saveOf(state, action.meta.arg.stepType)),
      )
      .addCase(saveData.fulfilled, (state, action) => {
        const { stepType } = action.meta.arg;
        recordFulfilled(saveOf(state, stepType));
        putStep(state, action.payload);
        // A refused submit's list is out of date once a step changes: the readiness tells now.
        state.submit.missing = null;
        state.submit.unsaved = state.submit.unsaved.filter((each) => each !== stepType);
      })
      .addCase(saveData.rejected, (state, action) =>
        recordRejected(saveOf(state, action.meta.arg.stepType), action),
      )
      .addCase(saveDraft.pending, (state, action) =>
        recordPending(draftOf(state, action.meta.arg.stepType)),
      )
      .addCase(saveDraft.fulfilled, (state, action) => {
        const draft = draftOf(state, action.meta.arg.stepType);
        recordFulfilled(draft);
        draft.savedAt = action.payload.draftSavedAt;
        // Only the draft changed: the form keeps what the person typed since.
        putStep(state, action.payload);
      })
      .addCase(saveDraft.rejected, (state, action) =>
        recordRejected(draftOf(state, action.meta.arg.stepType), action),
      )
      .addCase(discardDraft.fulfilled, (state, action) => {
        const { stepType } = action.meta.arg;
        const step = state.file?.steps.find((each) => each.stepType === stepType);
        if (step) putStep(state, { ...step, draft: null, draftSavedAt: null });
        state.drafts[stepType] = { ...idleRequest(), savedAt: null };
        state.submit.unsaved = state.submit.unsaved.filter((each) => each !== stepType);
      })
      .addCase(uploadDocument.fulfilled, (state, action) => {
        state.documents.push(action.payload);
        state.submit.missing = null;
      })
      .addCase(changeDocumentType.fulfilled, (state, action) => {
        const changed = action.payload;
        state.documents = state.documents.map((each) => (each.id === changed.id ? changed : each));
      })
      .addCase(archiveDocument.fulfilled, (state, action) => {
        state.documents = state.documents.filter((each) => each.id !== action.payload.id);
      })
      .addCase(submitFile.pending, (state) => {
        recordPending(state.submit);
        state.submit.missing = null;
        state.submit.unsaved = [];
      })
      .addCase(submitFile.fulfilled, (state, action) => {
        recordFulfilled(state.submit);
        if ('file' in action.payload) {
          state.file = action.payload.file;
          state.justSubmitted = true;
        } else {
          // Refused for changes not saved alone, the summary names the steps, not a count of 0.
          const { missing, unsavedSteps } = action.payload;
          state.submit.missing = missing.length > 0 || unsavedSteps.length === 0 ? missing : null;
          state.submit.unsaved = unsavedSteps;
        }
      })
      .addCase(submitFile.rejected, (state, action) => recordRejected(state.submit, action))
      .addMatcher(isPublicRejection, (state, action) => {
        const error = action.payload as ApiError | undefined;
        if (error?.status === 404) state.invalid = true;
        state.retryAfter = api.retryAfterOf(error) ?? state.retryAfter;
      });
  },
});

export const { retryCleared } = selfServiceSlice.actions;

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof selfServiceSlice> {}
}

/** In the store once the public page loads (app/store.ts). */
const injected = selfServiceSlice.injectInto(rootReducer);
const selectSelfService = (state: RootState) => injected.selectSlice(state);

export const selectOpen = (state: RootState) => selectSelfService(state).open;
export const selectFile = (state: RootState) => selectSelfService(state).file;
export const selectInvalid = (state: RootState) => selectSelfService(state).invalid;
export const selectRetryAfter = (state: RootState) => selectSelfService(state).retryAfter;
export const selectJustSubmitted = (state: RootState) => selectSelfService(state).justSubmitted;
export const selectReadiness = (state: RootState) => selectSelfService(state).readiness;
export const selectDocuments = (state: RootState) => selectSelfService(state).documents;
export const selectSubmit = (state: RootState) => selectSelfService(state).submit;
export const selectStepSave = (state: RootState, stepType: DataStepType) =>
  selectSelfService(state).saves[stepType];
export const selectDraftSave = (state: RootState, stepType: DataStepType) =>
  selectSelfService(state).drafts[stepType];
