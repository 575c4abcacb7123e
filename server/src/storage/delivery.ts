import contentDisposition from 'content-disposition';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { NotFoundError } from '#server/errors.js';
import type { DocumentRow } from '#server/db/schema/documents.js';
import {
  ObjectNotFoundError,
  type ByteRange,
  type DocumentStore,
  type ObjectStream,
} from './storage.js';

/**
 * A stored file must never run script in our origin. Images get a sandbox and nothing else.
 * PDFs cannot be sandboxed: Chrome refuses to start its viewer in a sandboxed document; they
 * rely on the sniffed type plus nosniff (the browser's PDF viewer runs outside our origin), and
 * the policy still allows no script, only what the viewer page needs.
 */
const IMAGE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const PDF_POLICY =
  "default-src 'none'; object-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

export const contentSecurityPolicy = (contentType: string) =>
  contentType === 'application/pdf' ? PDF_POLICY : IMAGE_POLICY;

/**
 * The plain-ASCII name for clients that ignore `filename*`: accents dropped, anything else
 * outside printable ASCII replaced, so no raw non-ASCII byte ever goes into a header.
 */
function asciiFallback(fileName: string): string {
  return fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
}

/** The headers every answer carrying a file's bytes has: a document's or a generated PDF's. */
export function fileHeaders(
  reply: FastifyReply,
  file: { fileName: string; contentType: string },
  disposition: 'inline' | 'attachment',
): void {
  reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      contentDisposition(file.fileName, {
        type: disposition,
        fallback: asciiFallback(file.fileName),
      }),
    )
    .header('x-content-type-options', 'nosniff')
    // The app's viewer frames a PDF (its policy says frame-ancestors 'self' as well).
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', contentSecurityPolicy(file.contentType));
}

/**
 * The one range a `Range` header asks for, 'unsatisfiable' for a range past the end, or
 * undefined to send the whole file (no header, several ranges, or one we do not understand,
 * which RFC 9110 lets a server ignore).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return undefined;
  return { start, end };
}

/** The stored bytes of a document; a row without its object is logged and answered 404. */
export async function openObject(
  store: DocumentStore,
  log: FastifyBaseLogger,
  row: DocumentRow,
  range?: ByteRange,
): Promise<ObjectStream> {
  try {
    return await store.get(row.storageKey, range);
  } catch (error) {
    if (!(error instanceof ObjectNotFoundError)) throw error;
    log.error(
      { documentId: row.id, key: row.storageKey },
      'document object missing from the store',
    );
    throw new NotFoundError(`The file of document ${row.id} is missing.`);
  }
}
