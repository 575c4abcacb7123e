import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.js';
import type { DocumentStore } from '#server/storage/storage.js';
import { createAccessTokens } from './access-tokens.js';
import { createDocumentRepository } from './documents-repository.js';
import { createDocumentService } from './documents-service.js';
import type { CompanyDocumentListener, EvidenceKeeper, LinkWriteCheck } from './types.js';
import { createUploadService } from './uploads-service.js';

export { contentLength, filePart, UPLOAD_ERRORS, uploadDescription } from './upload-routes.js';

/**
 * The documents a self-service link's holder works with (issue 19): those uploaded through
 * links to its file, by the same services as every other document, so the same limits, checks
 * and access tokens hold. The policy decides what the holder may see (decision 032); every
 * write asks `linkWrites` again inside the transaction that stores it (decision 041).
 */
export function createLinkDocumentService(
  db: Db,
  store: DocumentStore,
  maxBytes: number,
  log: FastifyBaseLogger,
  evidence: EvidenceKeeper,
  onCompanyChange: CompanyDocumentListener,
  linkWrites: LinkWriteCheck,
) {
  const tokens = createAccessTokens(createDocumentRepository(db));
  const documents = createDocumentService(db, store, tokens, evidence, onCompanyChange, linkWrites);
  const uploads = createUploadService(
    db,
    store,
    tokens,
    maxBytes,
    log,
    evidence,
    onCompanyChange,
    linkWrites,
  );
  return {
    list: documents.ofSelfServiceFile,
    setType: documents.setType,
    setStatus: documents.setStatus,
    upload: uploads.upload,
  };
}
