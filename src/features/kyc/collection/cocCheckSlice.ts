import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Document } from '@common/documents';
import { STEP_DOCUMENT_TYPES } from '@common/kyc';
import type { KycStep } from '@common/kyc-responses';
import type { DataStepType } from '@common/kyc-steps';
import { createChangeThunk, createFetch, notBusy } from '@/store/requests';
import type { AppThunk, RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { filterDocuments } from '@/documents/documentsApi';
import {
  changeDocumentStatus,
  changeDocumentType,
  uploadDocumentFile,
} from '@/documents/documentsSlice';
import { isNotFound } from '@/features/kyc/kycApi';
import {
  createKycStep,
  readKycStep,
  saveKycStepDraft,
} from '@/features/kyc/collection/kycStepsApi';
import { discardStepDraft, saveStepData } from '@/features/kyc/collection/kycStepDataThunks';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';

/** The CoC step as SPEC 4's CoC check flow keeps it: the step and the company's CoC documents. */
export interface CocData {
  step: KycStep;
  documents: Document[];
}

/** A form's state kept while it is filled in (decision 013), by KYC file and step. */
export interface LocalDraft {
  value: Record<string, unknown>;
  /** Epoch ms of the last change. */
  changedAt: number;
  /** The server's draftSavedAt once this very value reached it; null while it has not. */
  syncedAt: string | null;
}

/** The autosave of one step's draft (not stored in the browser). */
export interface DraftSave extends RequestState {
  /** The server's draftSavedAt of the last draft that reached it. */
  savedAt: string | null;
}

/**
 * SPEC section 3's CoC state, generalised: drafts of every step's form, by KYC id; its own
 * request state is the CoC step's load.
 */
export interface CocCheckState extends RequestState {
  cocData: CocData | null;
  drafts: Record<number, Partial<Record<DataStepType, LocalDraft>>>;
  currentKycId: number | null;
  currentTradePartnerId: number | null;
  /** By draftKey(kycId, stepType). */
  draftSaves: Record<string, DraftSave>;
}

const initialState: CocCheckState = {
  cocData: null,
  drafts: {},
  currentKycId: null,
  currentTradePartnerId: null,
  ...idleRequest(),
  draftSaves: {},
};

/** What app/store.ts keeps in the browser: the drafts and where they belong, no requests. */
export const PERSISTED_COC_CHECK_KEYS = [
  'drafts',
  'currentKycId',
  'currentTradePartnerId',
] as const satisfies readonly (keyof CocCheckState)[];

export const draftKey = (kycId: number, stepType: DataStepType) => `${kycId}:${stepType}`;

const COC_TYPES: readonly string[] = STEP_DOCUMENT_TYPES.coc;

/** The company's ACTIVE CoC documents; none when they cannot be listed (SPEC section 8). */
async function cocDocuments(tradePartnerId: number | null): Promise<Document[]> {
  if (tradePartnerId === null) return [];
  try {
    const page = await filterDocuments({
      tradePartnerId,
      documentType: [...COC_TYPES],
      status: 'ACTIVE',
    });
    return page.documents;
  } catch (error) {
    console.error('The CoC documents could not be loaded:', error);
    return [];
  }
}

/** Loads the latest CoC step of `kycId`; rejects 404 when it does not exist yet. */
const loadCocCheck = createFetch(
  'cocCheck/load',
  async ({ kycId }: { kycId: number }, { getState }) => {
    const step = await readKycStep(kycId, 'coc').catch((error: unknown) => {
      if (!isNotFound(error)) console.error('The CoC step could not be loaded:', error);
      throw error;
    });
    return { step, documents: await cocDocuments(getState().cocCheck.currentTradePartnerId) };
  },
  { condition: notBusy((state: RootState) => state.cocCheck) },
);

/** Creates the CoC step of `kycId` for the signed-in user (SPEC 4: after a 404). */
const createCocCheck = createChangeThunk(
  'cocCheck/create',
  async ({ kycId }: { kycId: number }, { getState }) => {
    // Without a user record the call refuses in SPEC section 5's words (required userId).
    const userId = getState().user.user?.id as number;
    const step = await createKycStep(kycId, 'coc', userId);
    return { step, documents: await cocDocuments(getState().cocCheck.currentTradePartnerId) };
  },
  { onRefused: (error) => console.error('The CoC step could not be created:', error) },
);

/**
 * SPEC 4's CoC check flow, on opening a file: remember which file and company it is; when no
 * CoC data is held, load the latest CoC step, and create it when there is none (404).
 */
export const initCocCheck =
  ({ kycId, tradePartnerId }: { kycId: number; tradePartnerId: number }): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    dispatch(cocCheckStarted({ kycId, tradePartnerId }));
    if (getState().cocCheck.cocData) return;
    const loaded = await dispatch(loadCocCheck({ kycId }));
    if (loadCocCheck.rejected.match(loaded) && loaded.payload?.status === 404) {
      await dispatch(createCocCheck({ kycId }));
    }
  };

export interface DraftSaveArg {
  kycId: number;
  stepType: DataStepType;
  value: Record<string, unknown>;
  /** The changedAt of the local draft sent: a later change still has to go. */
  changedAt: number;
}

/** PUT .../steps/{stepType}/draft: the form as it is, for the server to keep (decision 013). */
export const saveStepDraft = createChangeThunk(
  'cocCheck/saveDraft',
  ({ kycId, stepType, value }: DraftSaveArg, { getState }) => {
    const userId = getState().user.user?.id as number;
    return saveKycStepDraft(kycId, stepType, userId, value);
  },
);

/** Whether a document belongs in the CoC list held for the current company. */
const isCocDocument = (state: CocCheckState, document: Document) =>
  state.cocData !== null &&
  document.status === 'ACTIVE' &&
  document.tradePartnerId === state.currentTradePartnerId &&
  COC_TYPES.includes(document.type);

/** The record without the entry `key`. */
const without = <T>(record: Record<string, T>, key: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));

/** The autosave of a step's draft as recorded so far. */
const draftSaveOf = (state: CocCheckState, { kycId, stepType }: DraftSaveArg): DraftSave =>
  (state.draftSaves[draftKey(kycId, stepType)] ??= { ...idleRequest(), savedAt: null });

function removeDraft(state: CocCheckState, kycId: number, stepType?: DataStepType) {
  const left = stepType === undefined ? {} : without(state.drafts[kycId] ?? {}, stepType);
  if (Object.keys(left).length > 0) state.drafts[kycId] = left;
  else state.drafts = without(state.drafts, String(kycId));
}

// Named after SPEC 4's CoC check flow, which it began as; it holds every step's drafts because one
// draft store (decision 013) serves all the step forms and is what app/store.ts persists.
export const cocCheckSlice = createSlice({
  name: 'cocCheck',
  initialState,
  reducers: {
    /** Another file (or company) than the one held: its CoC data is not this one's. */
    cocCheckStarted(state, action: PayloadAction<{ kycId: number; tradePartnerId: number }>) {
      const { kycId, tradePartnerId } = action.payload;
      if (state.currentKycId !== kycId || state.currentTradePartnerId !== tradePartnerId) {
        state.cocData = null;
        Object.assign(state, idleRequest());
      }
      state.currentKycId = kycId;
      state.currentTradePartnerId = tradePartnerId;
    },
    /** The form of a step as it is now, kept at once (the server gets it debounced). */
    formDataSaved(
      state,
      action: PayloadAction<{
        kycId: number;
        stepType: DataStepType;
        value: Record<string, unknown>;
        changedAt: number;
      }>,
    ) {
      const { kycId, stepType, value, changedAt } = action.payload;
      (state.drafts[kycId] ??= {})[stepType] = { value, changedAt, syncedAt: null };
    },
    /** The step was saved (or its draft given up): nothing left to keep. */
    formDataCleared(state, action: PayloadAction<{ kycId: number; stepType?: DataStepType }>) {
      removeDraft(state, action.payload.kycId, action.payload.stepType);
    },
    /** The CoC documents as they now are. */
    cocDocumentsUpdated(state, action: PayloadAction<Document[]>) {
      if (state.cocData) state.cocData.documents = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);

    for (const thunk of [loadCocCheck, createCocCheck]) {
      builder
        .addCase(thunk.pending, (state) => recordPending(state))
        .addCase(thunk.fulfilled, (state, action) => {
          // An answer for a file left behind meanwhile is dropped.
          if (action.meta.arg.kycId !== state.currentKycId) return;
          recordFulfilled(state);
          const { step, documents } = action.payload;
          state.cocData = { step, documents: documents ?? [] };
        })
        .addCase(thunk.rejected, (state, action) => recordRejected(state, action));
    }

    // Documents change through the documents feature; the CoC list follows (SPEC 4).
    builder
      .addCase(uploadDocumentFile.fulfilled, (state, action) => {
        const document = action.payload;
        if (!isCocDocument(state, document)) return;
        if (state.cocData!.documents.some((item) => item.id === document.id)) return;
        state.cocData!.documents.unshift(document);
      })
      .addCase(changeDocumentStatus.fulfilled, (state, action) => {
        if (!state.cocData || action.payload.status !== 'ARCHIVED') return;
        state.cocData.documents = state.cocData.documents.filter(
          (item) => item.id !== action.payload.id,
        );
      })
      .addCase(changeDocumentType.fulfilled, (state, action) => {
        const held = state.cocData?.documents.find((item) => item.id === action.payload.id);
        if (held) held.type = action.payload.type;
      })
      .addCase(saveStepData.fulfilled, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        // Saved: the server has dropped its draft, and nothing is left to keep here.
        removeDraft(state, kycId, stepType);
        state.draftSaves = without(state.draftSaves, draftKey(kycId, stepType));
        if (stepType === 'coc' && state.cocData?.step.kycId === kycId) {
          state.cocData.step = action.payload;
        }
      })
      .addCase(discardStepDraft.fulfilled, (state, action) => {
        const { kycId, stepType } = action.meta.arg;
        // Discarded: the server has dropped its draft, and this browser keeps none either.
        removeDraft(state, kycId, stepType);
        state.draftSaves = without(state.draftSaves, draftKey(kycId, stepType));
      });

    // The autosave of a draft.
    builder
      .addCase(saveStepDraft.pending, (state, action) =>
        recordPending(draftSaveOf(state, action.meta.arg)),
      )
      .addCase(saveStepDraft.fulfilled, (state, action) => {
        const { kycId, stepType, changedAt } = action.meta.arg;
        const savedAt = action.payload.draftSavedAt ?? new Date().toISOString();
        const save = draftSaveOf(state, action.meta.arg);
        recordFulfilled(save);
        save.savedAt = savedAt;
        const local = state.drafts[kycId]?.[stepType];
        if (local && local.changedAt === changedAt) local.syncedAt = savedAt;
      })
      .addCase(saveStepDraft.rejected, (state, action) =>
        recordRejected(draftSaveOf(state, action.meta.arg), action),
      );
  },
});

export const { cocCheckStarted, formDataSaved, formDataCleared, cocDocumentsUpdated } =
  cocCheckSlice.actions;

// --- Selectors --------------------------------------------------------------------------------

export const selectCocData = (state: RootState) => state.cocCheck.cocData;
export const selectLocalDraft = (
  state: RootState,
  kycId: number,
  stepType: DataStepType,
): LocalDraft | undefined => state.cocCheck.drafts[kycId]?.[stepType];
export const selectDraftSave = (
  state: RootState,
  kycId: number,
  stepType: DataStepType,
): DraftSave | undefined => state.cocCheck.draftSaves[draftKey(kycId, stepType)];
