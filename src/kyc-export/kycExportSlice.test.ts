import {
  EXPORT_DEFAULTS,
  EXPORT_POLL_INTERVAL_MS,
  EXPORT_POLL_MAX_ATTEMPTS,
  EXPORT_STATUS_RETRIES,
  EXPORT_STATUS_RETRY_DELAY_MS,
} from '@common/kyc-export';
import { signedOut } from '@/store/authActions';
import { exportKycFile, selectKycExport } from '@/kyc-export/kycExportSlice';
import { jobId, mockExportApi, stubDownloads, type StatusAnswer } from '@/kyc-export/testData';
import { kycUuid } from '../../tests/data/kyc';
import { makeStore } from '../../tests/render-with-providers';

const arg = {
  kycId: 12,
  uuid: kycUuid,
  options: { ...EXPORT_DEFAULTS },
  filename: 'audit-2025.pdf',
};

const statusCall = `GET /api/kyc/export-jobs/${jobId}/status`;

/** Runs an export against `statuses` on fake time until it settles. */
async function exportWith(statuses: StatusAnswer[]) {
  const api = mockExportApi(statuses);
  const store = makeStore();
  const seen: string[] = [];
  store.subscribe(() => {
    const run = selectKycExport(store.getState(), 12);
    const line = run && `${run.status} ${run.progress} ${run.stage}`;
    if (line && line !== seen.at(-1)) seen.push(line);
  });
  const promise = store.dispatch(exportKycFile(arg));
  let settled = false;
  void promise.finally(() => {
    settled = true;
  });
  while (!settled) await vi.advanceTimersByTimeAsync(EXPORT_STATUS_RETRY_DELAY_MS / 2);
  return { api, store, seen, result: await promise };
}

describe('exportKycFile', () => {
  let downloads: ReturnType<typeof stubDownloads>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    downloads = stubDownloads();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a job, polls it through QUEUED and IN_PROGRESS, then saves the PDF', async () => {
    const started = Date.now();
    const { api, store, seen, result } = await exportWith([
      { status: 'QUEUED' },
      { status: 'IN_PROGRESS', progress: 20, currentStep: 'collecting' },
      { status: 'IN_PROGRESS', progress: 60, currentStep: 'layout' },
      { status: 'COMPLETED', progress: 100, currentStep: 'done' },
    ]);

    expect(result.type).toBe('kycExport/export/fulfilled');
    expect(api.requests).toEqual([
      `POST /api/kyc/uuid/${kycUuid}/export-pdf/start?includeAuditLogs=true&includeDocumentThumbnails=true&includeFullDocuments=false&filename=audit-2025.pdf`,
      statusCall,
      statusCall,
      statusCall,
      statusCall,
      `GET /api/kyc/export-jobs/${jobId}/download`,
    ]);
    // One status call per interval.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * EXPORT_POLL_INTERVAL_MS);
    expect(seen).toEqual([
      'loading 0 null',
      'loading 0 queued',
      'loading 20 collecting',
      'loading 60 layout',
      'loading 100 done',
      'succeeded 100 done',
    ]);
    expect(selectKycExport(store.getState(), 12)).toMatchObject({ jobId, error: null });
    expect(downloads.saved).toEqual([
      { name: 'audit-2025.pdf', href: 'blob:export-1', type: 'application/pdf' },
    ]);
    // The object URL is let go once the browser has it.
    expect(downloads.revoked).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(downloads.revoked).toEqual(['blob:export-1']);
  });

  it("fails with the server's reason when the job FAILED", async () => {
    const { store, api } = await exportWith([
      { status: 'IN_PROGRESS', progress: 30, currentStep: 'thumbnails' },
      { status: 'FAILED', progress: 30, errorMessage: 'A document could not be read.' },
    ]);

    expect(selectKycExport(store.getState(), 12)).toMatchObject({
      status: 'failed',
      error: { message: 'A document could not be read.' },
    });
    expect(api.requests.filter((line) => line.includes('/download'))).toEqual([]);
    expect(downloads.saved).toEqual([]);
  });

  it("fails with 'PDF export failed' when the server gives no reason", async () => {
    const { store } = await exportWith([{ status: 'FAILED', errorMessage: null }]);

    expect(selectKycExport(store.getState(), 12)?.error?.message).toBe('PDF export failed');
  });

  it.each(['CANCELED', 'PAUSED'])(
    "ends a job that is %s with 'Unexpected job status'",
    async (status) => {
      const { store, api } = await exportWith([{ status }]);

      expect(selectKycExport(store.getState(), 12)).toMatchObject({
        status: 'failed',
        error: { message: 'Unexpected job status', details: { jobStatus: status } },
      });
      expect(api.requests.filter((line) => line === statusCall)).toHaveLength(1);
    },
  );

  it('tries a failed status call again and carries on when it answers', async () => {
    const { store, api } = await exportWith([503, 503, { status: 'COMPLETED', progress: 100 }]);

    expect(selectKycExport(store.getState(), 12)?.status).toBe('succeeded');
    expect(api.requests.filter((line) => line === statusCall)).toHaveLength(3);
    expect(downloads.saved).toHaveLength(1);
  });

  it(`gives up after ${EXPORT_STATUS_RETRIES} retries, ${EXPORT_STATUS_RETRY_DELAY_MS} ms apart`, async () => {
    const started = Date.now();
    const { store, api } = await exportWith([503]);

    expect(api.requests.filter((line) => line === statusCall)).toHaveLength(
      1 + EXPORT_STATUS_RETRIES,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(
      EXPORT_POLL_INTERVAL_MS + EXPORT_STATUS_RETRIES * EXPORT_STATUS_RETRY_DELAY_MS,
    );
    expect(selectKycExport(store.getState(), 12)).toMatchObject({
      status: 'failed',
      error: {
        status: 503,
        message: 'The PDF could not be exported. Check your connection and try again.',
      },
    });
  });

  it(`stops waiting after ${EXPORT_POLL_MAX_ATTEMPTS} polls`, async () => {
    const { store, api } = await exportWith([
      { status: 'IN_PROGRESS', progress: 50, currentStep: 'documents' },
    ]);

    expect(api.requests.filter((line) => line === statusCall)).toHaveLength(
      EXPORT_POLL_MAX_ATTEMPTS,
    );
    expect(selectKycExport(store.getState(), 12)).toMatchObject({
      status: 'failed',
      progress: 50,
      error: {
        message: 'The export is taking too long and is no longer being followed. Try again later.',
      },
    });
  });

  it('stops polling when aborted, and forgets the run', async () => {
    const api = mockExportApi([{ status: 'IN_PROGRESS', progress: 10, currentStep: 'collecting' }]);
    const store = makeStore();
    const promise = store.dispatch(exportKycFile(arg));
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 2);
    const polled = api.requests.length;

    promise.abort();
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 4);

    expect((await promise).meta).toMatchObject({ aborted: true });
    expect(api.requests).toHaveLength(polled);
    expect(selectKycExport(store.getState(), 12)).toBeUndefined();
  });

  it('forgets every run at sign-out', async () => {
    const { store } = await exportWith([{ status: 'COMPLETED', progress: 100 }]);

    store.dispatch(signedOut());

    expect(store.getState().kycExport).toEqual({ runs: {} });
  });

  it('does not start a second export of a file while one runs', async () => {
    const api = mockExportApi([{ status: 'QUEUED' }]);
    const store = makeStore();
    const first = store.dispatch(exportKycFile(arg));
    const second = await store.dispatch(exportKycFile(arg));
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS);

    expect(second.meta).toMatchObject({ condition: true });
    expect(api.requests.filter((line) => line.startsWith('POST'))).toHaveLength(1);
    first.abort();
    await vi.advanceTimersByTimeAsync(0);
  });
});
