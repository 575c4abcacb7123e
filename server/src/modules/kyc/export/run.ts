import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '#common/languages.js';
import type { Db } from '#server/db/client.js';
import type { DocumentStore } from '#server/storage/storage.js';
import { openObject } from '#server/storage/delivery.js';
import { createDocumentLookup } from '#server/modules/documents/lookup-service.js';
import { createThumbnails, hasThumbnail } from '#server/modules/documents/thumbnails-service.js';
import { recordAudit, type Acting } from '../core/audit-repository.js';
import { buildKycPdf } from './document.js';
import { gatherExport } from './gather.js';
import type {
  ExportDocument,
  ExportDocumentSource,
  ExportOptions,
  ExportProgress,
} from './model.js';

/** The thumbnail the review file shows of each document. */
const THUMBNAIL = { format: 'jpeg', width: 240, height: 240, fit: 'inside' } as const;

async function toBuffer(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A document's bytes as the builder asks for them, one at a time: thumbnails through the
 * documents' own thumbnail cache, originals straight from the store.
 */
export function createExportSource(
  db: Db,
  store: DocumentStore,
  log: FastifyBaseLogger,
): ExportDocumentSource {
  const documents = createDocumentLookup(db);
  const thumbnails = createThumbnails(store, log);
  const rowOf = async (document: ExportDocument) => {
    const view = await documents.find(document.id);
    if (!view) throw new Error(`Document ${document.id} no longer exists.`);
    return view.document;
  };
  return {
    async thumbnail(document) {
      if (!hasThumbnail(document.contentType)) return null;
      try {
        const { body } = await thumbnails.get(await rowOf(document), THUMBNAIL);
        return await toBuffer(body);
      } catch (error) {
        log.warn({ err: error, documentId: document.id }, 'no thumbnail for the PDF export');
        return null;
      }
    },
    async original(document) {
      const { body } = await openObject(store, log, await rowOf(document));
      return toBuffer(body);
    },
  };
}

export interface ExportRequest {
  kycId: number;
  options: ExportOptions;
  orderUuid: string | null;
  /** Whether the cover shows the order's total: the exporter may see amounts (SPEC 6). */
  orderAmounts: boolean;
  language: Language;
  by: Acting;
}

/** A PDF built into a temporary file; discard() removes the file. */
export interface BuiltExport {
  path: string;
  size: number;
  pageCount: number;
  /** Of the bytes as written, so as delivered. */
  sha256: string;
  discard(): Promise<void>;
}

/**
 * Reads the file and builds its PDF into a temporary file in `tempDir` (DATA_DIR/tmp/exports,
 * swept of what a crash leaves: decision 024), hashing it on the way: the PDF is never held in
 * memory whole (decision 014).
 */
export async function buildExport(
  db: Db,
  source: ExportDocumentSource,
  request: ExportRequest,
  progress: ExportProgress,
  tempDir: string,
): Promise<BuiltExport> {
  await progress(2, 'collecting');
  const model = await gatherExport(db, {
    kycId: request.kycId,
    options: request.options,
    orderUuid: request.orderUuid,
    orderAmounts: request.orderAmounts,
    generatedBy: { id: request.by.userId, name: request.by.userName },
  });
  const file = path.join(tempDir, `kyc-export-${randomUUID()}.pdf`);
  const discard = () => fs.rm(file, { force: true });
  const hash = createHash('sha256');
  const out = await fs.open(file, 'w');
  let size = 0;
  try {
    const { pageCount } = await buildKycPdf({
      model,
      options: request.options,
      language: request.language,
      source,
      progress,
      sink: {
        async write(bytes) {
          hash.update(bytes);
          size += bytes.byteLength;
          await out.write(bytes);
        },
      },
    });
    await out.close();
    return { path: file, size, pageCount, sha256: hash.digest('hex'), discard };
  } catch (error) {
    await out.close().catch(() => undefined);
    await discard();
    throw error;
  }
}

/**
 * The audit row of an export (decision 014): the PDF's SHA-256, so a copy handed to an auditor
 * can be checked against the trail later.
 */
export function recordExport(
  tx: Db,
  request: ExportRequest,
  built: BuiltExport,
  details: { jobId: string | null; filename: string },
) {
  return recordAudit(tx, {
    kycId: request.kycId,
    entity: 'submission',
    entityId: request.kycId,
    action: 'pdf_exported',
    details: {
      ...details,
      sha256: built.sha256,
      size: built.size,
      pageCount: built.pageCount,
      language: request.language,
      orderUuid: request.orderUuid,
      ...request.options,
    },
    by: request.by,
  });
}

/** Stores a finished export under `exports/{jobId}.pdf`. */
export async function storeExport(store: DocumentStore, jobId: string, built: BuiltExport) {
  const key = `exports/${jobId}.pdf`;
  await store.put(key, createReadStream(built.path), 'application/pdf');
  return key;
}
