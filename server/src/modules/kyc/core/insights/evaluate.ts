import { KYC_STEP_TYPES, type FindingSeverity as Severity, type RiskLevel } from '#common/kyc.js';
import type { Finding, Insights } from '#common/kyc-insights.js';
import { searchConflicts } from './conflicts.js';
import {
  addressIncomplete,
  cddDeclarations,
  cocExtractAge,
  cocNumberMismatch,
  completeness,
  evidenceRemoved,
  highRiskCountries,
  ibanFormat,
  missingDocuments,
  stepIncomplete,
  uboOwnership,
  vatNumber,
} from './rules.js';
import type { InsightsSnapshot } from './snapshot.js';

const SEVERITY_ORDER: readonly Severity[] = ['HIGH', 'MEDIUM', 'LOW', 'INFO'];

/** HIGH if any finding is HIGH, MEDIUM if any is MEDIUM, else LOW. */
export function riskLevelOf(findings: readonly Finding[]): RiskLevel {
  if (findings.some((f) => f.severity === 'HIGH')) return 'HIGH';
  if (findings.some((f) => f.severity === 'MEDIUM')) return 'MEDIUM';
  return 'LOW';
}

export function summarise(findings: readonly Finding[]): Insights['summary'] {
  const count = (severity: Severity) => findings.filter((f) => f.severity === severity).length;
  return { high: count('HIGH'), medium: count('MEDIUM'), low: count('LOW'), info: count('INFO') };
}

const stepRank = (finding: Finding) =>
  finding.stepType === null ? KYC_STEP_TYPES.length : KYC_STEP_TYPES.indexOf(finding.stepType);

/** Every rule over one snapshot: the most severe findings first, then in step order. */
export function evaluate(
  snapshot: InsightsSnapshot,
  now: Date,
): Omit<Insights, 'kycId' | 'computedAt' | 'acknowledgementNeeded' | 'fingerprint'> {
  const steps = completeness(snapshot, now);
  const findings = [
    ...stepIncomplete(steps),
    ...cocExtractAge(snapshot, now),
    ...cocNumberMismatch(snapshot),
    ...vatNumber(snapshot),
    ...ibanFormat(snapshot),
    ...addressIncomplete(snapshot),
    ...missingDocuments(snapshot),
    ...evidenceRemoved(snapshot),
    ...searchConflicts(snapshot),
    ...cddDeclarations(snapshot),
    ...highRiskCountries(snapshot),
    ...uboOwnership(snapshot),
  ].sort(
    (a, b) =>
      SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
      stepRank(a) - stepRank(b),
  );
  return {
    riskLevel: riskLevelOf(findings),
    summary: summarise(findings),
    completeness: steps,
    findings,
  };
}
