import { z } from 'zod';
import {
  DOCUMENT_TYPES,
  documentPageSchema,
  documentSchema,
  type DocumentPage,
  type DocumentType,
} from '@common/documents';

// How the app reads docs/api/documents.md's list answers; the shapes themselves are
// common/documents.ts, shared with the server.

export { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '@common/documents';
export type { DocumentStatus, DocumentType } from '@common/documents';

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

const documentArray = z.array(documentSchema);
const pageFields = documentPageSchema.omit({ documents: true }).partial();

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
