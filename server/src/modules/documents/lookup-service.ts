import type { Db } from '#server/db/client.js';
import { createDocumentRepository } from './documents-repository.js';

// What other modules read of documents, and the change the documents module announces.
export type { DocumentView } from './documents-repository.js';
export type {
  CompanyDocumentChange,
  EvidenceEvent,
  EvidenceFile,
  EvidenceKeeper,
} from './types.js';
export { evidenceKey } from './types.js';

/** What other modules ask of documents: one by id, or a company's, as the repository has them. */
export function createDocumentLookup(db: Db) {
  const documents = createDocumentRepository(db);
  return {
    find: (...args: Parameters<typeof documents.find>) => documents.find(...args),
    list: (...args: Parameters<typeof documents.list>) => documents.list(...args),
  };
}
