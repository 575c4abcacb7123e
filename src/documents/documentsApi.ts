import type { AxiosProgressEvent } from 'axios';
import {
  accessTokenSchema,
  documentSchema,
  documentTypesSchema,
  profilePictureUploadSchema,
  type Document,
  type DocumentAccessToken,
  type DocumentPage,
  type DocumentStatus,
  type DocumentType,
  type ProfilePictureUpload,
} from '@common/documents';
import { parseDocumentList } from '@/documents/documentModel';
import { apiClient } from '@/lib/api-client';
import { required, searchParams, seg } from '@/lib/api-params';

// The calls of docs/api/documents.md (SPEC section 7, 'Documents'): one typed function per
// endpoint. The shapes are in documentModel.ts, the <img>/<iframe> addresses in documentUrls.ts.

// --- Reference lists ---------------------------------------------------------------------------

/** GET /api/documents/types: each type with its English label. */
export async function getDocumentTypes(): Promise<Record<DocumentType, string>> {
  const { data } = await apiClient.get<unknown>('/api/documents/types');
  return documentTypesSchema.parse(data);
}

// --- Lists -------------------------------------------------------------------------------------

/** The query fields of SPEC section 3 (docs/api/documents.md, 'Filter'). */
export interface DocumentQuery {
  status?: DocumentStatus;
  includeArchived?: boolean;
  tradePartnerUuid?: string;
  tradePartnerId?: number;
  tradePartnerContactUuid?: string;
  contactId?: number;
  userUuid?: string;
  userId?: number;
  addressUuid?: string;
  addressId?: number;
  shipmentUuid?: string;
  shipmentId?: number;
  orderUuid?: string;
  orderId?: number;
  transportUuid?: string;
  transportId?: number;
  documentType?: string[];
  page?: number;
  size?: number;
  /** `field,asc|desc` with field createdAt, fileName, type or size. */
  sort?: string;
}

/** SPEC section 9: filtered lookups default to page 0, size 100, ACTIVE, no archived ones. */
const FILTER_DEFAULTS = { page: 0, size: 100 } as const;

/** GET /api/documents/filter; `fresh` asks the server even when a recent answer is at hand. */
export async function filterDocuments(
  query: DocumentQuery,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<DocumentPage> {
  const { data } = await apiClient.get<unknown>('/api/documents/filter', {
    params: searchParams({ ...FILTER_DEFAULTS, ...query }),
    ...(fresh ? { dedup: false } : {}),
  });
  return parseDocumentList(data);
}

/**
 * The lookup of one record's documents, for a query naming that record alone: an order's by
 * uuid (as many as a filtered lookup gives), or a shipment's with its legs' (SPEC section 7);
 * null for any other query.
 */
function recordLookup({
  orderUuid,
  shipmentId,
  includeArchived,
  status,
  documentType,
  page,
  size,
  sort,
  ...others
}: DocumentQuery) {
  if (Object.values(others).some((value) => value !== undefined)) return null;
  if (orderUuid && shipmentId === undefined) {
    return {
      url: `/api/documents/entity-uuid/order/${seg(orderUuid)}`,
      params: {
        includeArchived,
        status,
        documentType,
        page: page ?? FILTER_DEFAULTS.page,
        size: size ?? FILTER_DEFAULTS.size,
        sort,
      },
    };
  }
  if (shipmentId !== undefined && !orderUuid) {
    return { url: `/api/documents/shipment/${seg(shipmentId)}`, params: { includeArchived } };
  }
  return null;
}

/**
 * The documents a DocumentList shows: one record's through its own lookup (an order's, a
 * shipment's), any other query through the filter.
 */
export async function listDocumentsFor(
  query: DocumentQuery,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<DocumentPage> {
  const lookup = recordLookup(query);
  if (!lookup) return filterDocuments(query, { fresh });
  const { data } = await apiClient.get<unknown>(lookup.url, {
    params: searchParams(lookup.params),
    ...(fresh ? { dedup: false } : {}),
  });
  return parseDocumentList(data);
}

// --- One document ------------------------------------------------------------------------------

/** GET /api/documents/{documentId} */
export async function getDocument(documentId: number): Promise<Document> {
  required(documentId, 'documentId', 'getDocument');
  const { data } = await apiClient.get<unknown>(`/api/documents/${seg(documentId)}`);
  return documentSchema.parse(data);
}

/** POST /api/documents/{documentId}/token: a fresh access token for <img> and <iframe>. */
export async function createDocumentToken(documentId: number): Promise<DocumentAccessToken> {
  required(documentId, 'documentId', 'createDocumentToken');
  const { data } = await apiClient.post<unknown>(`/api/documents/${seg(documentId)}/token`);
  return accessTokenSchema.parse(data);
}

/** PATCH /api/documents/{documentId}/{field}?{name}={value}: one change, the document back. */
async function patchDocument(
  call: string,
  documentId: number,
  field: 'status' | 'type',
  param: Record<string, string>,
): Promise<Document> {
  required(documentId, 'documentId', call);
  for (const [name, value] of Object.entries(param)) required(value, name, call);
  const { data } = await apiClient.patch<unknown>(
    `/api/documents/${seg(documentId)}/${field}`,
    undefined,
    { params: searchParams(param) },
  );
  return documentSchema.parse(data);
}

/** PATCH /api/documents/{documentId}/status?status=: archives (ARCHIVED) or restores (ACTIVE). */
export function updateDocumentStatus(documentId: number, status: DocumentStatus) {
  return patchDocument('updateDocumentStatus', documentId, 'status', { status });
}

/** PATCH /api/documents/{documentId}/type?documentType= */
export function updateDocumentType(documentId: number, documentType: string) {
  return patchDocument('updateDocumentType', documentId, 'type', { documentType });
}

// --- Uploads -----------------------------------------------------------------------------------

/** What an uploaded document belongs to: the caller's default company when none is given. */
export type DocumentLink =
  | { tradePartnerUuid: string }
  | { tradePartnerId: number }
  | { tradePartnerContactUuid: string }
  | { contactId: number }
  | { addressUuid: string }
  | { addressId: number }
  | { orderUuid: string }
  | { orderId: number };

export interface UploadOptions {
  /** The uploader's own user id (staff may name another). */
  userId: number;
  documentType: string;
  file: File;
  /** Called as the bytes go out; `fraction` runs from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Sends one file as `file` of a multipart POST, its progress told as it goes. */
export function postFile(
  call: string,
  url: string,
  params: URLSearchParams,
  options: UploadOptions,
) {
  required(options.userId, 'userId', call);
  required(options.documentType, 'documentType', call);
  required(options.file, 'file', call);
  const body = new FormData();
  body.append('file', options.file, options.file.name);
  return apiClient.post<unknown>(url, body, {
    params,
    signal: options.signal,
    // The screen shows the server's message next to the file; no toast on top of it.
    skipErrorNotice: true,
    onUploadProgress: (event: AxiosProgressEvent) => {
      const total = event.total ?? options.file.size;
      if (total > 0) options.onProgress?.(Math.min(1, event.loaded / total));
    },
  });
}

/** POST /api/documents: one file, linked to at most one record. */
export async function uploadDocument(
  options: UploadOptions & { link?: DocumentLink },
): Promise<Document> {
  const { userId, documentType, link } = options;
  const params = searchParams({ userId, documentType, ...link });
  const { data } = await postFile('uploadDocument', '/api/documents', params, options);
  return documentSchema.parse(data);
}

/** POST /api/documents?documentType=PROFILE_PICTURE: the user's new picture (PNG, JPEG, WebP). */
export async function uploadProfilePicture(
  options: Omit<UploadOptions, 'documentType'>,
): Promise<ProfilePictureUpload> {
  const params = searchParams({ userId: options.userId, documentType: 'PROFILE_PICTURE' });
  const { data } = await postFile('uploadDocument', '/api/documents', params, {
    ...options,
    documentType: 'PROFILE_PICTURE',
  });
  return profilePictureUploadSchema.parse(data);
}
