import { z } from 'zod';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, type DocumentType } from '@common/documents';

// The shapes of docs/api/documents.md: types, statuses, the document and list answers.

export { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '@common/documents';
export type { DocumentStatus, DocumentType } from '@common/documents';

export type EntityName =
  'tradepartner' | 'tradepartnercontact' | 'address' | 'user' | 'shipment' | 'order' | 'transport';

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

const nullableId = z
  .number()
  .nullish()
  .transform((value) => value ?? null);
const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

export const documentSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  // A type this app does not know yet still lists, with the server's label (documentTypes).
  type: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string().default(''),
  tradePartnerId: nullableId,
  tradePartnerUuid: nullableText,
  userId: nullableId,
  userUuid: nullableText,
  contactId: nullableId,
  contactUuid: nullableText,
  addressId: nullableId,
  addressUuid: nullableText,
  shipmentId: nullableId,
  orderId: nullableId,
  transportId: nullableId,
  uploadedBy: z
    .object({ id: z.number(), name: z.string() })
    .nullish()
    .transform((value) => value ?? null),
  createdAt: z.string(),
  updatedAt: z.string(),
  archivedAt: nullableText,
  hasThumbnail: z.boolean().default(false),
  accessToken: z.string(),
  accessTokenExpiresAt: z.string(),
});

export type Document = z.infer<typeof documentSchema>;

/** A page of documents; the bare-array answers make a page of their own. */
export interface DocumentPage {
  documents: Document[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

const documentArray = z.array(documentSchema);
const pageFields = z.object({
  page: z.number().optional(),
  size: z.number().optional(),
  totalElements: z.number().optional(),
  totalPages: z.number().optional(),
});

/**
 * SPEC section 3: a list answer may be `{ data: { documents } }`, `{ data: [...] }`,
 * `{ documents }` or a bare array; paging fields are read where they are given.
 */
export function parseDocumentList(body: unknown): DocumentPage {
  let container: unknown = body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body) {
    container = (body as { data: unknown }).data;
  }
  const documents = documentArray.parse(
    Array.isArray(container) ? container : (container as { documents?: unknown })?.documents,
  );
  const paging = Array.isArray(container) ? {} : pageFields.parse(container);
  return {
    documents,
    page: paging.page ?? 0,
    size: paging.size ?? documents.length,
    totalElements: paging.totalElements ?? documents.length,
    totalPages: paging.totalPages ?? 1,
  };
}
