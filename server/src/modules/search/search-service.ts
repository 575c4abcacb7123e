import type { SearchMatch, SearchResult } from '#common/search.js';
import type { Db } from '#server/db/client.js';
import { ForbiddenError, ValidationError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import { checkVatNumber, nameCore, normaliseNumber } from '#server/matching/normalise.js';
import { createSearchRepository, type PartnerRow } from './search-repository.js';
import type { SearchQuery } from './search-schemas.js';
import {
  classify,
  type Candidate,
  type Criteria,
  type ScoredMatch,
} from '#server/matching/scoring.js';

interface FieldError {
  field: string;
  message: string;
}

const COC_NUMBER = /^[A-Z0-9]{1,20}$/;
const COUNTRY = /^[A-Z]{2}$/;
const MIN_NAME_LENGTH = 2;

/**
 * The search as the service understands it: numbers normalised, the name reduced to its core.
 * Every problem is reported at once, as `details`; the message is the first one, 'field: message'.
 */
export function validateSearch(query: SearchQuery): Criteria {
  const errors: FieldError[] = [];
  const criteria: Criteria = {};

  if (!query.cocNumber && !query.vatNumber && !query.name) {
    errors.push({ field: 'query', message: 'give a CoC number, a VAT number or a company name' });
  }
  const country = query.country?.toUpperCase();
  if (country !== undefined) {
    if (COUNTRY.test(country)) criteria.country = country;
    else errors.push({ field: 'country', message: 'must be an ISO 3166-1 alpha-2 code, like NL' });
  }
  if (query.cocNumber) {
    const coc = normaliseNumber(query.cocNumber);
    if (COC_NUMBER.test(coc)) criteria.cocNumber = coc;
    else errors.push({ field: 'cocNumber', message: 'must be 1 to 20 letters or digits' });
  }
  if (query.vatNumber) {
    const vat = checkVatNumber(query.vatNumber, criteria.country);
    if (vat.valid) criteria.vatNumber = vat.value;
    else errors.push({ field: 'vatNumber', message: vat.message });
  }
  if (query.name) {
    const core = nameCore(query.name);
    if (query.name.length < MIN_NAME_LENGTH) {
      errors.push({ field: 'name', message: `must be at least ${MIN_NAME_LENGTH} characters` });
    } else if (!core) {
      errors.push({ field: 'name', message: 'must contain letters or digits' });
    } else {
      criteria.nameCore = core;
    }
  }

  const first = errors[0];
  if (first) throw new ValidationError(`${first.field}: ${first.message}`, errors);
  return criteria;
}

function toCandidate(row: PartnerRow): Candidate {
  return { ...row, country: row.country?.toUpperCase() ?? null, nameCore: nameCore(row.name) };
}

export function createSearchService(db: Db) {
  const repository = createSearchRepository(db);

  async function withNameSimilarity(criteria: Criteria, candidates: Candidate[]) {
    if (!criteria.nameCore) return candidates;
    const similarities = await repository.similarities(
      candidates.map((c) => c.nameCore),
      criteria.nameCore,
    );
    return candidates.map((c, i) => ({ ...c, nameSimilarity: similarities[i] ?? 0 }));
  }

  /** What the caller may see of a match: everything, or only the name and how well it matches. */
  async function present(actor: AuthUser, matches: ScoredMatch[]): Promise<SearchMatch[]> {
    const readable = policy.seesAllPartners(actor)
      ? undefined
      : await repository.memberPartnerIds(
          actor.sub,
          matches.map((m) => m.candidate.id),
          policy.readableLevels(),
        );
    return matches.map(({ candidate, confidence, reasons }) => {
      const visible = readable === undefined || readable.has(candidate.id);
      return {
        uuid: visible ? candidate.uuid : null,
        name: candidate.name,
        cocNumber: visible ? candidate.cocNumber : null,
        vatNumber: visible ? candidate.vatNumber : null,
        country: visible ? candidate.country : null,
        confidence,
        reasons,
      };
    });
  }

  return {
    async search(actor: AuthUser, query: SearchQuery): Promise<SearchResult> {
      if (!policy.canSearchPartners(actor)) throw new ForbiddenError();
      const criteria = validateSearch(query);

      const hits = (await repository.findByNumbers(criteria)).map(toCandidate);
      const byNumber = await withNameSimilarity(criteria, hits);
      const coc = byNumber.find((c) => criteria.cocNumber && c.cocNumber === criteria.cocNumber);
      const vat = byNumber.find((c) => criteria.vatNumber && c.vatNumber === criteria.vatNumber);

      let byName: Candidate[] = [];
      if (!coc && !vat && criteria.nameCore) {
        const rows = await repository.findByName(criteria.nameCore, query.name!.toLowerCase());
        byName = await withNameSimilarity(criteria, rows.map(toCandidate));
      }

      const { resultType, matches } = classify(criteria, { coc, vat }, byName);
      return {
        resultType,
        confidence: matches[0]?.confidence ?? 0,
        matches: await present(actor, matches),
      };
    },
  };
}
