import { isAxiosError } from 'axios';
import { z } from 'zod';
import { exportJobSchema } from '@common/kyc-export';
import { apiClient } from '@/lib/api-client';
import { required, searchParams, seg } from '@/lib/api-params';

// The KYC review file as PDF (SPEC section 7, decision 014): a queued job that is started,
// polled and downloaded, and the synchronous variant that answers with the PDF at once. A shared
// place: the KYC file exports itself, an order exports its partner's file (issue 20).

/** Where one KYC file's calls go, its id or uuid checked first (SPEC section 5). */
const idPath = (id: number, call: string) => `/api/kyc/${seg(required(id, 'id', call))}`;
const uuidPath = (uuid: string, call: string) =>
  `/api/kyc/uuid/${seg(required(uuid, 'uuid', call))}`;

/** What the PDF contains (SPEC section 3, 'PDF export options'). */
export interface KycExportOptions {
  includeAuditLogs: boolean;
  includeDocumentThumbnails: boolean;
  includeFullDocuments: boolean;
  /** Overrides the server's default name; ends in .pdf. */
  filename?: string;
  /** The order the export is made for. */
  orderUuid?: string;
}

/**
 * A job as the server reports it (common/kyc-export.ts), read so that a status the app does not
 * know is 'Unexpected job status' for the caller rather than an unreadable answer, and an
 * unknown stage is simply not shown.
 */
const jobSchema = exportJobSchema.extend({
  status: z.string(),
  currentStep: exportJobSchema.shape.currentStep.nullable().catch(null),
});
export type KycExportJob = z.infer<typeof jobSchema>;

const JOBS = '/api/kyc/export-jobs';
const PDF = 'application/pdf';
// Refusals still come as JSON.
const PDF_ACCEPT = `${PDF}, application/json`;

/** An abort signal for the calls of a run the user may stop. */
interface Cancellable {
  signal?: AbortSignal;
}

const exportQuery = ({ filename, orderUuid, ...flags }: KycExportOptions) =>
  searchParams({ ...flags, filename: filename?.trim(), orderUuid });

/**
 * A PDF as a Blob. Fetched as bytes rather than a Blob answer, as useAuthorizedImage does: the
 * same in browsers, and test doubles of XHR cope. A refusal's JSON body arrives as bytes too and
 * is read back, so that toApiError finds the server's message. Never shared with another caller
 * (request-dedup): each export is a new file, in the language of its own request.
 */
async function getPdf(url: string, params: URLSearchParams | undefined, signal?: AbortSignal) {
  try {
    const { data, headers } = await apiClient.get<ArrayBuffer>(url, {
      params,
      signal,
      responseType: 'arraybuffer',
      headers: { Accept: PDF_ACCEPT },
      skipErrorNotice: true,
      dedup: false,
    });
    return new Blob([data], { type: String(headers['content-type'] ?? PDF) });
  } catch (error) {
    const body: unknown = isAxiosError(error) ? error.response?.data : undefined;
    if (isAxiosError(error) && error.response && body instanceof ArrayBuffer) {
      try {
        error.response.data = JSON.parse(new TextDecoder().decode(body));
      } catch {
        // Not JSON: the status alone has to do.
      }
    }
    throw error;
  }
}

/** POST /api/kyc/uuid/{uuid}/export-pdf/start: queues an export; the job, still QUEUED. */
export async function startKycPdfExport(
  uuid: string,
  options: KycExportOptions,
  { signal }: Cancellable = {},
): Promise<KycExportJob> {
  const base = uuidPath(uuid, 'startKycPdfExport');
  required(options, 'options', 'startKycPdfExport');
  const { data } = await apiClient.post<unknown>(`${base}/export-pdf/start`, null, {
    params: exportQuery(options),
    signal,
    skipErrorNotice: true,
  });
  return jobSchema.parse(data);
}

/** GET /api/kyc/export-jobs/{jobId}/status: where the job is; never served from a cache. */
export async function getKycExportJobStatus(
  jobId: string,
  { signal }: Cancellable = {},
): Promise<KycExportJob> {
  required(jobId, 'jobId', 'getKycExportJobStatus');
  const { data } = await apiClient.get<unknown>(`${JOBS}/${seg(jobId)}/status`, {
    signal,
    skipErrorNotice: true,
  });
  return jobSchema.parse(data);
}

/** GET /api/kyc/export-jobs/{jobId}/download: the PDF of a COMPLETED job. */
export async function downloadKycExportJob(
  jobId: string,
  { signal }: Cancellable = {},
): Promise<Blob> {
  required(jobId, 'jobId', 'downloadKycExportJob');
  return getPdf(`${JOBS}/${seg(jobId)}/download`, undefined, signal);
}

/** GET /api/kyc/{id}/export-pdf or /api/kyc/uuid/{uuid}/export-pdf: the PDF, built while waiting. */
export async function exportKycPdf(
  target: { id: number } | { uuid: string },
  options: KycExportOptions,
  { signal }: Cancellable = {},
): Promise<Blob> {
  const base =
    'id' in target ? idPath(target.id, 'exportKycPdf') : uuidPath(target.uuid, 'exportKycPdf');
  required(options, 'options', 'exportKycPdf');
  return getPdf(`${base}/export-pdf`, exportQuery(options), signal);
}
