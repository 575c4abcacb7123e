import type { Finding } from '#common/kyc-insights.js';
import { classify, compareName, type Candidate } from '#server/matching/scoring.js';
import type { InsightsSnapshot } from './snapshot.js';

/** At most this many similar-name findings, the most similar first. */
const MAX_NAME_FINDINGS = 5;

/**
 * SEARCH_CONFLICT: the company search's view of the file (docs/decisions/008-company-search.md),
 * with its own rules: numbers are compared exactly, CoC and VAT numbers of two different
 * companies are CONFLICTING_DATA (classify), names are compared by their cores (compareName).
 *
 * - HIGH: another trade partner holds the file's CoC or VAT number (kind SHARED_COC,
 *   SHARED_VAT, SHARED_COC_AND_VAT), or the CoC and VAT numbers belong to two different
 *   companies (kind NUMBERS_CONFLICT).
 * - LOW: another trade partner has the same or a near-identical name, an EXACT, PARTIAL or FUZZY
 *   name match in the search's terms (kind SIMILAR_NAME), at most MAX_NAME_FINDINGS of them.
 */
export function searchConflicts(snapshot: InsightsSnapshot): Finding[] {
  const { partner, search } = snapshot;
  const { cocNumber, vatNumber, nameCore } = search.criteria;
  const coc = cocNumber ? search.numberHits.find((c) => c.cocNumber === cocNumber) : undefined;
  const vat = vatNumber ? search.numberHits.find((c) => c.vatNumber === vatNumber) : undefined;
  const findings: Finding[] = [];
  const reported = new Set([partner.id]);
  const label = (c: Candidate) => (c.id === partner.id ? `${c.name} (this customer)` : c.name);

  const { resultType } = classify({ cocNumber, vatNumber }, { coc, vat }, []);
  if (resultType === 'CONFLICTING_DATA' && coc && vat) {
    findings.push({
      code: 'SEARCH_CONFLICT',
      severity: 'HIGH',
      stepType: null,
      message: `The CoC number ${cocNumber} belongs to ${label(coc)} and the VAT number ${vatNumber} to ${label(vat)}: they point to different companies.`,
      params: {
        kind: 'NUMBERS_CONFLICT',
        cocNumber: cocNumber!,
        vatNumber: vatNumber!,
        cocPartnerName: coc.name,
        cocPartnerUuid: coc.uuid,
        vatPartnerName: vat.name,
        vatPartnerUuid: vat.uuid,
      },
    });
    reported.add(coc.id).add(vat.id);
  } else {
    const other = coc ?? vat;
    if (other && other.id !== partner.id) {
      const shared = [coc ? `CoC number ${cocNumber}` : '', vat ? `VAT number ${vatNumber}` : '']
        .filter(Boolean)
        .join(' and ');
      findings.push({
        code: 'SEARCH_CONFLICT',
        severity: 'HIGH',
        stepType: coc ? 'coc' : 'bank-and-vat',
        message: `Another trade partner, ${other.name}, already has the ${shared}.`,
        params: {
          kind: coc && vat ? 'SHARED_COC_AND_VAT' : coc ? 'SHARED_COC' : 'SHARED_VAT',
          ...(coc ? { cocNumber: cocNumber! } : {}),
          ...(vat ? { vatNumber: vatNumber! } : {}),
          partnerName: other.name,
          partnerUuid: other.uuid,
        },
      });
      reported.add(other.id);
    }
  }

  if (!nameCore) return findings;
  const similar = search.nameCandidates
    .filter((candidate) => !reported.has(candidate.id))
    .map((candidate) => ({ candidate, reason: compareName(nameCore, candidate).reason }))
    .filter(({ reason }) => reason.match !== 'MISMATCH')
    .sort(
      (a, b) =>
        (b.reason.similarity ?? 0) - (a.reason.similarity ?? 0) ||
        a.candidate.name.localeCompare(b.candidate.name) ||
        a.candidate.id - b.candidate.id,
    )
    .slice(0, MAX_NAME_FINDINGS);
  for (const { candidate, reason } of similar) {
    const similarity = reason.similarity ?? 0;
    findings.push({
      code: 'SEARCH_CONFLICT',
      severity: 'LOW',
      stepType: 'coc',
      message: `Another trade partner, ${candidate.name}, has a ${reason.match === 'EXACT' ? 'name identical' : 'name similar'} to this company's (${reason.match.toLowerCase()} match, similarity ${similarity}).`,
      params: {
        kind: 'SIMILAR_NAME',
        partnerName: candidate.name,
        partnerUuid: candidate.uuid,
        match: reason.match,
        similarity,
      },
    });
  }
  return findings;
}
