// Test data for the PDF export: jobs as the server reports them, and a small job server over
// msw that walks a job through the statuses a test gives it.
import { http, HttpResponse } from 'msw';
import { kycUuid } from '../../tests/data/kyc';
import { server } from '../../tests/msw-server';

export const jobId = '2f6c1b7e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';

export function jobJson(overrides: Record<string, unknown> = {}) {
  return {
    jobId,
    kycId: 12,
    status: 'QUEUED',
    progress: 0,
    currentStep: 'queued',
    filename: 'kyc-submission-12.pdf',
    errorMessage: null,
    pageCount: null,
    size: null,
    sha256: null,
    createdAt: '2025-06-03T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

export const pdfResponse = () =>
  new HttpResponse('%PDF-1.7 test', {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="kyc-submission-12.pdf"',
    },
  });

/** One answer of the status call: a job (overrides of jobJson), or a failure with this HTTP status. */
export type StatusAnswer = Record<string, unknown> | number;

/**
 * The export endpoints: start answers QUEUED, each status call the next of `statuses` (the
 * last one repeats), download a PDF. Notes every call as 'METHOD /path?query'.
 */
export function mockExportApi(statuses: StatusAnswer[]) {
  const requests: string[] = [];
  const note = (request: Request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  };
  let next = 0;
  server.use(
    http.post(`/api/kyc/uuid/${kycUuid}/export-pdf/start`, ({ request }) => {
      note(request);
      const filename = new URL(request.url).searchParams.get('filename');
      return HttpResponse.json(jobJson(filename ? { filename } : {}), { status: 202 });
    }),
    http.get('/api/kyc/export-jobs/:jobId/status', ({ request }) => {
      note(request);
      const answer = statuses[Math.min(next, statuses.length - 1)];
      next += 1;
      return typeof answer === 'number'
        ? HttpResponse.json(
            { statusCode: answer, error: 'Error', message: 'Unavailable' },
            {
              status: answer,
            },
          )
        : HttpResponse.json(jobJson(answer));
    }),
    http.get('/api/kyc/export-jobs/:jobId/download', ({ request }) => {
      note(request);
      return pdfResponse();
    }),
  );
  return { requests };
}

/**
 * Stands in for the browser's side of a download: object URLs, and the click on the temporary
 * link, noted as the file name, the URL and the type of what it pointed at.
 */
export function stubDownloads() {
  const saved: { name: string; href: string; type: string }[] = [];
  const revoked: string[] = [];
  const blobs = new Map<string, Blob>();
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:export-${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
  onTestFinished(() => {
    Object.assign(URL, original);
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href, type: blobs.get(this.href)?.type ?? '' });
  });
  return { saved, revoked };
}
