import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  EXPORT_POLL_INTERVAL_MS,
  EXPORT_POLL_MAX_ATTEMPTS,
  EXPORT_POLL_TIMEOUT_MS,
  EXPORT_STATUS_RETRIES,
  EXPORT_STATUS_RETRY_DELAY_MS,
  UNDER_WAY_EXPORT_STATUSES,
  type ExportStage,
} from '@common/kyc-export';
import { createAppAsyncThunk } from '@/store/hooks';
import { rootReducer, type RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { notChanging } from '@/store/requests';
import {
  downloadKycExportJob,
  getKycExportJobStatus,
  startKycPdfExport,
  type KycExportJob,
  type KycExportOptions,
} from '@/kyc-export/kycExportApi';
import { toApiError, type ApiError } from '@/lib/api-error';
import { translate } from '@/lib/i18n';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';
import { saveFile } from '@/lib/save-file';

/** One export of a KYC file as this browser follows it (SPEC section 3, 'PDF export job'). */
export interface KycExportRun extends RequestState {
  /** The thunk run it belongs to: the answers of an earlier, abandoned run are ignored. */
  requestId: string;
  jobId: string | null;
  /** Percent. */
  progress: number;
  stage: ExportStage | null;
  filename: string;
}

/** Runs by KYC id. Not persisted: a run ends with the dialog that follows it. */
export interface KycExportState {
  runs: Record<number, KycExportRun>;
}

const initialState: KycExportState = { runs: {} };

export interface ExportKycFileArg {
  kycId: number;
  uuid: string;
  options: Omit<KycExportOptions, 'filename'>;
  /** The name the PDF is saved under; ends in .pdf. */
  filename: string;
}

// SPEC section 4: a job under way keeps polling; COMPLETED downloads, FAILED and anything else
// (a status the app does not know included) end it.
const UNDER_WAY: readonly string[] = UNDER_WAY_EXPORT_STATUSES;

/** Waits `ms`; rejects at once when `signal` aborts (the dialog was closed). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** The job's status; a failed call is tried again EXPORT_STATUS_RETRIES times (SPEC section 8). */
async function readStatus(jobId: string, signal: AbortSignal): Promise<KycExportJob> {
  for (let retry = 1; ; retry += 1) {
    try {
      return await getKycExportJobStatus(jobId, { signal });
    } catch (error) {
      if (signal.aborted || retry > EXPORT_STATUS_RETRIES) throw error;
      console.warn(`Export job ${jobId}: status unknown, retry ${retry}:`, error);
      await pause(EXPORT_STATUS_RETRY_DELAY_MS, signal);
    }
  }
}

/** A failed call in the user's words: the server's reason for a refusal, else a general one. */
function callProblem(error: unknown): ApiError {
  const problem = toApiError(error);
  const told = problem.status >= 400 && problem.status < 500;
  return told
    ? problem
    : { status: problem.status, message: translate('kyc.export.errors.request') };
}

const jobProblem = (message: string, jobStatus: string): ApiError => ({
  status: 0,
  message,
  details: { jobStatus },
});

/**
 * Exports a KYC file as PDF (SPEC section 4, 'PDF export job'): starts a job, polls it every
 * EXPORT_POLL_INTERVAL_MS until it is done or the time is up, and saves the PDF under
 * `filename`. Aborting (`promise.abort()`, the dialog closing) stops following it; the job
 * itself runs on at the server.
 */
export const exportKycFile = createAppAsyncThunk(
  'kycExport/export',
  async (
    { kycId, uuid, options, filename }: ExportKycFileArg,
    { dispatch, requestId, signal, rejectWithValue },
  ) => {
    const reported = (job: KycExportJob) =>
      dispatch(kycExportSlice.actions.jobReported({ kycId, requestId, job }));
    try {
      let job = await startKycPdfExport(uuid, { ...options, filename }, { signal });
      const deadline = Date.now() + EXPORT_POLL_TIMEOUT_MS;
      for (let polls = 0; UNDER_WAY.includes(job.status); polls += 1) {
        reported(job);
        if (polls >= EXPORT_POLL_MAX_ATTEMPTS || Date.now() >= deadline) {
          return rejectWithValue(jobProblem(translate('kyc.export.errors.timeout'), job.status));
        }
        await pause(EXPORT_POLL_INTERVAL_MS, signal);
        job = await readStatus(job.jobId, signal);
      }
      if (job.status === 'FAILED') {
        const message = job.errorMessage?.trim() || translate('kyc.export.errors.failed');
        return rejectWithValue(jobProblem(message, job.status));
      }
      if (job.status !== 'COMPLETED') {
        return rejectWithValue(jobProblem(translate('kyc.export.errors.unexpected'), job.status));
      }
      reported(job);
      saveFile(await downloadKycExportJob(job.jobId, { signal }), filename);
      return { jobId: job.jobId, filename };
    } catch (error) {
      // Closed: nobody is waiting for an answer.
      if (signal.aborted) throw error;
      console.error(`The PDF export of KYC ${kycId} failed:`, error);
      return rejectWithValue(callProblem(error));
    }
  },
  {
    condition: notChanging((state: RootState, { kycId }: ExportKycFileArg) =>
      selectKycExport(state, kycId),
    ),
  },
);

const withoutRun = (runs: KycExportState['runs'], kycId: number) =>
  Object.fromEntries(Object.entries(runs).filter(([key]) => key !== String(kycId)));

export const kycExportSlice = createSlice({
  name: 'kycExport',
  initialState,
  reducers: {
    jobReported(
      state,
      action: PayloadAction<{ kycId: number; requestId: string; job: KycExportJob }>,
    ) {
      const { kycId, requestId, job } = action.payload;
      const run = state.runs[kycId];
      if (run?.requestId !== requestId) return;
      run.jobId = job.jobId;
      run.progress = job.progress;
      run.stage = job.currentStep ?? run.stage;
    },
    /** The dialog was closed: what it showed is forgotten. */
    kycExportCleared(state, action: PayloadAction<number>) {
      state.runs = withoutRun(state.runs, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(exportKycFile.pending, (state, action) => {
        const { kycId, filename } = action.meta.arg;
        const run: KycExportRun = {
          ...idleRequest(),
          requestId: action.meta.requestId,
          jobId: null,
          progress: 0,
          stage: null,
          filename,
        };
        recordPending(run);
        state.runs[kycId] = run;
      })
      .addCase(exportKycFile.fulfilled, (state, action) => {
        const run = state.runs[action.meta.arg.kycId];
        if (run?.requestId !== action.meta.requestId) return;
        recordFulfilled(run);
        run.progress = 100;
        run.stage = 'done';
      })
      .addCase(exportKycFile.rejected, (state, action) => {
        const { kycId } = action.meta.arg;
        const run = state.runs[kycId];
        if (run?.requestId !== action.meta.requestId) return;
        if (action.meta.aborted) {
          state.runs = withoutRun(state.runs, kycId);
          return;
        }
        // The thunk rejects with what to tell the user, in their words.
        recordRejected(run, action);
      });
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof kycExportSlice> {}
}

/** In the store once the export dialog loads (app/store.ts); its initial state until then. */
const injected = kycExportSlice.injectInto(rootReducer);

export const { kycExportCleared } = kycExportSlice.actions;

export const selectKycExport = (state: RootState, kycId: number): KycExportRun | undefined =>
  injected.selectSlice(state).runs[kycId];
