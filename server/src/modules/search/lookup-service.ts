import type { Db } from '#server/db/client.js';
import { createSearchRepository } from './search-repository.js';

export type { PartnerRow } from './search-repository.js';

/** What other modules ask of the company search: companies by their numbers or their name, and how alike. */
export function createCompanyMatches(db: Db) {
  const search = createSearchRepository(db);
  return {
    findByNumbers: (...args: Parameters<typeof search.findByNumbers>) =>
      search.findByNumbers(...args),
    findByName: (...args: Parameters<typeof search.findByName>) => search.findByName(...args),
    similarities: (...args: Parameters<typeof search.similarities>) => search.similarities(...args),
  };
}
