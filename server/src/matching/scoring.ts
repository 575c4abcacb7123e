import type { FieldMatch, MatchReason, SearchField, SearchResultType } from '#common/search.js';

/**
 * The rules of the company search, as pure functions (docs/decisions/008-company-search.md):
 * how each field of a trade partner compares with the search, how sure a match is, and which
 * result type the search has.
 */

/** What was searched for, normalised. */
export interface Criteria {
  cocNumber?: string | undefined;
  vatNumber?: string | undefined;
  /** The name's core (see nameCore). */
  nameCore?: string | undefined;
  country?: string | undefined;
}

export interface Candidate {
  id: number;
  uuid: string;
  name: string;
  cocNumber: string | null;
  vatNumber: string | null;
  country: string | null;
  /** The candidate's name core. */
  nameCore: string;
  /** pg_trgm similarity of the two name cores, when a name was searched for. */
  nameSimilarity?: number | undefined;
}

export interface ScoredMatch {
  candidate: Candidate;
  reasons: MatchReason[];
  confidence: number;
}

export interface Classification {
  resultType: SearchResultType;
  matches: ScoredMatch[];
}

/** How much each field counts towards the confidence. */
export const WEIGHTS: Readonly<Record<SearchField, number>> = {
  cocNumber: 40,
  vatNumber: 40,
  name: 30,
  country: 10,
};
/** Below this similarity, names are different. */
export const NAME_SIMILAR = 0.4;
/** The least a name counts when all its words appear in the other name. */
export const PARTIAL_NAME_SCORE = 0.6;
/** A field the partner has no value for: neither confirmed nor contradicted. */
export const MISSING_SCORE = 0.5;
/** A match no number confirms is at most this sure: a name alone does not identify a company. */
export const NAME_ONLY_FACTOR = 0.8;
/** Name matches this close to the best one are as good as the best one. */
export const AMBIGUITY_MARGIN = 5;
/** At most this many matches in an AMBIGUOUS answer. */
export const MAX_AMBIGUOUS = 10;

type ValueMatch = Extract<FieldMatch, 'EXACT' | 'MISMATCH' | 'MISSING'>;
const VALUE_SCORE: Readonly<Record<ValueMatch, number>> = {
  EXACT: 1,
  MISMATCH: 0,
  MISSING: MISSING_SCORE,
};

interface FieldOutcome {
  reason: MatchReason;
  score: number;
}

function compareValue(field: SearchField, given: string, stored: string | null): FieldOutcome {
  const match: ValueMatch = stored === null ? 'MISSING' : stored === given ? 'EXACT' : 'MISMATCH';
  return { reason: { field, match }, score: VALUE_SCORE[match] };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function sameWords(shorter: string[], longer: string[]): boolean {
  const words = new Set(longer);
  return shorter.every((w) => words.has(w));
}

export function compareName(queryCore: string, candidate: Candidate): FieldOutcome {
  const similarity = round2(candidate.nameSimilarity ?? 0);
  if (candidate.nameCore === queryCore) {
    return { reason: { field: 'name', match: 'EXACT', similarity: 1 }, score: 1 };
  }
  const a = queryCore.split(' ');
  const b = candidate.nameCore.split(' ');
  const contained = a.length < b.length ? sameWords(a, b) : sameWords(b, a);
  if (a.length !== b.length && contained) {
    return {
      reason: { field: 'name', match: 'PARTIAL', similarity },
      score: Math.max(similarity, PARTIAL_NAME_SCORE),
    };
  }
  if (similarity >= NAME_SIMILAR) {
    return { reason: { field: 'name', match: 'FUZZY', similarity }, score: similarity };
  }
  return { reason: { field: 'name', match: 'MISMATCH', similarity }, score: 0 };
}

/** Every field searched for, compared with one partner, and the confidence that follows. */
export function score(criteria: Criteria, candidate: Candidate): ScoredMatch {
  const outcomes: FieldOutcome[] = [];
  if (criteria.cocNumber) {
    outcomes.push(compareValue('cocNumber', criteria.cocNumber, candidate.cocNumber));
  }
  if (criteria.vatNumber) {
    outcomes.push(compareValue('vatNumber', criteria.vatNumber, candidate.vatNumber));
  }
  if (criteria.nameCore) outcomes.push(compareName(criteria.nameCore, candidate));
  if (criteria.country) {
    outcomes.push(compareValue('country', criteria.country, candidate.country));
  }
  const weight = outcomes.reduce((sum, o) => sum + WEIGHTS[o.reason.field], 0);
  const earned = outcomes.reduce((sum, o) => sum + WEIGHTS[o.reason.field] * o.score, 0);
  const numberConfirmed = outcomes.some(
    (o) => o.reason.field !== 'name' && o.reason.field !== 'country' && o.reason.match === 'EXACT',
  );
  const factor = numberConfirmed ? 1 : NAME_ONLY_FACTOR;
  const confidence = weight === 0 ? 0 : Math.round((100 * factor * earned) / weight);
  return { candidate, reasons: outcomes.map((o) => o.reason), confidence };
}

const byConfidence = (a: ScoredMatch, b: ScoredMatch) =>
  b.confidence - a.confidence ||
  a.candidate.name.localeCompare(b.candidate.name) ||
  a.candidate.id - b.candidate.id;

const nameDiffers = (match: ScoredMatch) =>
  match.reasons.some((r) => r.field === 'name' && r.match === 'MISMATCH');

/**
 * The result type. `cocHit` and `vatHit` are the partners holding the numbers searched for;
 * `nameCandidates` are partners with a similar name, only looked at when no number matched.
 */
export function classify(
  criteria: Criteria,
  hits: { coc?: Candidate | undefined; vat?: Candidate | undefined },
  nameCandidates: readonly Candidate[],
): Classification {
  const { coc, vat } = hits;
  if (coc && vat && coc.id !== vat.id) {
    return {
      resultType: 'CONFLICTING_DATA',
      matches: [score(criteria, coc), score(criteria, vat)].sort(byConfidence),
    };
  }
  const hit = coc ?? vat;
  if (hit) {
    const match = score(criteria, hit);
    const exact = match.reasons.every((r) => r.match === 'EXACT');
    return { resultType: exact ? 'EXACT_MATCH' : 'PARTIAL_MATCH', matches: [match] };
  }
  if (!criteria.nameCore) return { resultType: 'NOT_FOUND', matches: [] };

  const similar = nameCandidates
    .map((candidate) => score(criteria, candidate))
    .filter((match) => !nameDiffers(match))
    .sort(byConfidence);
  const best = similar[0];
  if (!best) return { resultType: 'NOT_FOUND', matches: [] };
  const tied = similar.filter((m) => m.confidence >= best.confidence - AMBIGUITY_MARGIN);
  return tied.length > 1
    ? { resultType: 'AMBIGUOUS', matches: tied.slice(0, MAX_AMBIGUOUS) }
    : { resultType: 'FUZZY_MATCH', matches: [best] };
}
