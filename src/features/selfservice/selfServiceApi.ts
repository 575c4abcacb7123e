import { isAxiosError, type AxiosRequestConfig } from 'axios';
import { z } from 'zod';
import type { DocumentType } from '@common/documents';
import type { KycStepDataChange } from '@common/kyc-bodies';
import {
  kycStepSchema,
  missingItemSchema,
  readinessSchema,
  submitRefusalSchema,
  type MissingItem,
} from '@common/kyc-responses';
import type { DataStepType } from '@common/kyc-steps';
import {
  selfServiceDocumentsSchema,
  selfServiceFileSchema,
  SELF_SERVICE_API,
  SELF_SERVICE_TOKEN_HEADER,
  type SelfServiceFile,
} from '@common/selfservice';
import { documentSchema } from '@common/documents';
import { apiClient, retryAfterSeconds } from '@/lib/api-client';
import { toApiError, type ApiError } from '@/lib/api-error';
import { seg } from '@/lib/api-params';

// The public self-service calls (common/selfservice.ts): the link's token goes in a header on
// every call, never in an address, and no bearer token goes along (the page has no session;
// the client passes their 401s through). The page reports every failure itself.

const config = (token: string, extra: AxiosRequestConfig = {}): AxiosRequestConfig => ({
  ...extra,
  headers: { ...extra.headers, [SELF_SERVICE_TOKEN_HEADER]: token },
  skipErrorNotice: true,
});

const stepPath = (stepType: DataStepType) => `${SELF_SERVICE_API}/steps/${seg(stepType)}`;
const documentPath = (id: number) => `${SELF_SERVICE_API}/documents/${seg(id)}`;

/** A failed public call as the page keeps it; a 429 carries the seconds to wait in `details`. */
export function toSelfServiceError(error: unknown): ApiError {
  const apiError = toApiError(error);
  if (apiError.status !== 429 || !isAxiosError(error)) return apiError;
  const retryAfter = retryAfterSeconds(error.response?.headers['retry-after']);
  return { status: 429, message: apiError.message, details: { retryAfter } };
}

/** The seconds a 429 asked to wait, else null. */
export function retryAfterOf(error: ApiError | null | undefined): number | null {
  if (error?.status !== 429) return null;
  const seconds = (error.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  return typeof seconds === 'number' ? seconds : null;
}

/** POST .../validate-token: the link's file (and an 'open' in its log); 404 for any bad link. */
export async function validateToken(token: string): Promise<SelfServiceFile> {
  const { data } = await apiClient.post<unknown>(
    `${SELF_SERVICE_API}/validate-token`,
    { token },
    config(token),
  );
  return selfServiceFileSchema.parse(data);
}

/** PUT .../steps/{stepType}/data: the step saved, checked as the signed-in form's is. */
export async function saveStepData(
  token: string,
  stepType: DataStepType,
  change: KycStepDataChange,
) {
  const { data } = await apiClient.put<unknown>(
    `${stepPath(stepType)}/data`,
    change,
    config(token),
  );
  return kycStepSchema.parse(data);
}

/** PUT .../steps/{stepType}/draft: the form as it is, kept unchecked. */
export async function saveStepDraft(
  token: string,
  stepType: DataStepType,
  draft: Record<string, unknown>,
) {
  const { data } = await apiClient.put<unknown>(
    `${stepPath(stepType)}/draft`,
    { draft },
    config(token),
  );
  return kycStepSchema.parse(data);
}

/** DELETE .../steps/{stepType}/draft: the changes that are not saved dropped, the data kept. */
export async function discardStepDraft(token: string, stepType: DataStepType) {
  await apiClient.delete(`${stepPath(stepType)}/draft`, config(token));
}

/** GET .../readiness: whether the file may be submitted, and what is missing. */
export async function getReadiness(token: string) {
  const { data } = await apiClient.get<unknown>(`${SELF_SERVICE_API}/readiness`, config(token));
  return readinessSchema.parse(data);
}

/** GET .../documents: the ACTIVE documents uploaded through this file's links. */
export async function getDocuments(token: string) {
  const { data } = await apiClient.get<unknown>(
    `${SELF_SERVICE_API}/documents`,
    config(token, { params: { includeArchived: false } }),
  );
  return selfServiceDocumentsSchema.parse(data);
}

/** POST .../documents?documentType=: one file (multipart field `file`). */
export async function uploadDocument(token: string, file: File, documentType: DocumentType) {
  const body = new FormData();
  body.append('file', file);
  const { data } = await apiClient.post<unknown>(
    `${SELF_SERVICE_API}/documents`,
    body,
    config(token, { params: { documentType } }),
  );
  return documentSchema.parse(data);
}

/** PATCH .../documents/{id}/type */
export async function changeDocumentType(token: string, id: number, type: DocumentType) {
  const { data } = await apiClient.patch<unknown>(
    `${documentPath(id)}/type`,
    { type },
    config(token),
  );
  return documentSchema.parse(data);
}

/** PATCH .../documents/{id}/status: ARCHIVED takes it out of the file. */
export async function archiveDocument(token: string, id: number) {
  const { data } = await apiClient.patch<unknown>(
    `${documentPath(id)}/status`,
    { status: 'ARCHIVED' },
    config(token),
  );
  return documentSchema.parse(data);
}

// The list of a refused submission: in the body's `missing`, or its `details` (as the signed-in
// submit's 409 gives it, `details.missing`).
const missingListSchema = z.array(missingItemSchema);
const missingOf = (body: unknown) => {
  const { missing, details } = (body ?? {}) as { missing?: unknown; details?: unknown };
  const inDetails = (details as { missing?: unknown } | null | undefined)?.missing ?? details;
  return missingListSchema.safeParse(missing ?? inDetails);
};

/** A submit refused because a step holds changes that are not saved (decision 038): which. */
const unsavedOf = (body: unknown) =>
  submitRefusalSchema.safeParse((body as { details?: unknown } | null)?.details).data
    ?.unsavedSteps ?? [];

/**
 * POST .../submit: the file handed in (state 'submitted'), or, refused because something is
 * missing or a step's changes are not saved (409), what is and which.
 */
export async function submitFile(
  token: string,
  version: number,
): Promise<{ file: SelfServiceFile } | { missing: MissingItem[]; unsavedSteps: DataStepType[] }> {
  try {
    const { data } = await apiClient.post<unknown>(
      `${SELF_SERVICE_API}/submit`,
      { version },
      config(token),
    );
    return { file: selfServiceFileSchema.parse(data) };
  } catch (error) {
    const body = isAxiosError(error) && error.response?.status === 409 ? error.response.data : null;
    const missing = body === null ? null : missingOf(body);
    if (missing?.success) return { missing: missing.data, unsavedSteps: unsavedOf(body) };
    throw error;
  }
}
