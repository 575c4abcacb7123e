import { http, HttpResponse } from 'msw';
import { EXPORT_DEFAULTS } from '@common/kyc-export';
import {
  downloadKycExportJob,
  exportKycPdf,
  getKycExportJobStatus,
  startKycPdfExport,
} from '@/kyc-export/kycExportApi';
import { jobJson, jobId, pdfResponse } from '@/kyc-export/testData';
import { kycUuid } from '../../tests/data/kyc';
import { toApiError } from '@/lib/api-error';
import { server } from '../../tests/msw-server';
import { errorBody } from '../../tests/msw-handlers';

interface Seen {
  line: string;
  query: Record<string, string>;
  accept: string | null;
  language: string | null;
}

/** Answers every KYC call with `answer`, noting method, path, query and the two headers. */
function capture(answer: () => Response) {
  const seen: Seen[] = [];
  server.use(
    http.all('/api/kyc/*', ({ request }) => {
      const url = new URL(request.url);
      seen.push({
        line: `${request.method} ${url.pathname}`,
        query: Object.fromEntries(url.searchParams),
        accept: request.headers.get('Accept'),
        language: request.headers.get('Accept-Language'),
      });
      return answer();
    }),
  );
  return seen;
}

const options = { ...EXPORT_DEFAULTS, filename: ' kyc-submission-12.pdf ' };
const flags = {
  includeAuditLogs: 'true',
  includeDocumentThumbnails: 'true',
  includeFullDocuments: 'false',
};
const query = { ...flags, filename: 'kyc-submission-12.pdf' };

describe('kycExportApi', () => {
  it('starts a job by uuid with the options in the query, in the app language', async () => {
    const seen = capture(() => HttpResponse.json(jobJson(), { status: 202 }));

    const job = await startKycPdfExport(kycUuid, { ...options, orderUuid: kycUuid });

    expect(job).toMatchObject({ jobId, status: 'QUEUED', progress: 0, currentStep: 'queued' });
    expect(seen).toEqual([
      {
        line: `POST /api/kyc/uuid/${kycUuid}/export-pdf/start`,
        query: { ...query, orderUuid: kycUuid },
        accept: 'application/json',
        language: 'en',
      },
    ]);
  });

  it('reads a job status; an unknown stage is left out, an unknown status kept', async () => {
    const seen = capture(() =>
      HttpResponse.json(jobJson({ status: 'PAUSED', currentStep: 'dreaming', progress: 40 })),
    );

    const job = await getKycExportJobStatus(jobId);

    expect(job).toMatchObject({ status: 'PAUSED', currentStep: null, progress: 40 });
    expect(seen.map(({ line }) => line)).toEqual([`GET /api/kyc/export-jobs/${jobId}/status`]);
  });

  it('always asks the server for a status, never a shared or cached answer', async () => {
    const seen = capture(() => HttpResponse.json(jobJson()));

    await Promise.all([getKycExportJobStatus(jobId), getKycExportJobStatus(jobId)]);
    await getKycExportJobStatus(jobId);

    expect(seen).toHaveLength(3);
  });

  it('downloads a finished job as a PDF blob', async () => {
    const seen = capture(() => pdfResponse());

    const blob = await downloadKycExportJob(jobId);

    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 test');
    expect(seen).toEqual([
      {
        line: `GET /api/kyc/export-jobs/${jobId}/download`,
        query: {},
        accept: 'application/pdf, application/json',
        language: 'en',
      },
    ]);
  });

  it('exports at once by id or by uuid', async () => {
    const seen = capture(() => pdfResponse());

    await exportKycPdf({ id: 12 }, EXPORT_DEFAULTS);
    await exportKycPdf({ uuid: kycUuid }, { ...options, includeFullDocuments: true });

    expect(seen.map(({ line, query }) => [line, query])).toEqual([
      ['GET /api/kyc/12/export-pdf', flags],
      [`GET /api/kyc/uuid/${kycUuid}/export-pdf`, { ...query, includeFullDocuments: 'true' }],
    ]);
  });

  it("keeps the server's message of a refused PDF", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const message = `Export job ${jobId} not found.`;
    server.use(
      http.get('/api/kyc/export-jobs/:jobId/download', () =>
        HttpResponse.json(errorBody(404, 'Not Found', message), { status: 404 }),
      ),
    );

    const failure = await downloadKycExportJob(jobId).catch((error: unknown) => error);

    expect(toApiError(failure)).toEqual({ status: 404, message });
  });

  it('fails before any request without its required parameters', async () => {
    const seen = capture(() => HttpResponse.json(jobJson()));

    await expect(startKycPdfExport('', EXPORT_DEFAULTS)).rejects.toThrow(
      'Required parameter uuid was null or undefined when calling startKycPdfExport.',
    );
    await expect(getKycExportJobStatus('')).rejects.toThrow('jobId');
    await expect(downloadKycExportJob('')).rejects.toThrow('jobId');
    await expect(exportKycPdf({ uuid: '' }, EXPORT_DEFAULTS)).rejects.toThrow('uuid');
    expect(seen).toEqual([]);
  });
});
