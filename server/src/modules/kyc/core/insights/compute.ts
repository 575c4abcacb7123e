import { createHash } from 'node:crypto';
import { OPEN_FINDING_SEVERITIES, riskNeedsAcknowledgement } from '#common/kyc.js';
import type { Finding, Insights } from '#common/kyc-insights.js';
import type { Db } from '#server/db/client.js';
import { NotFoundError } from '#server/errors.js';
import { nameCore } from '#server/matching/normalise.js';
import { createCompanyMatches, type PartnerRow } from '#server/modules/search/lookup-service.js';
import type { Candidate } from '#server/matching/scoring.js';
import { evaluate } from './evaluate.js';
import { createInsightsRepository } from './insights-repository.js';
import { searchCriteria, type SearchEvidence, type SnapshotWithoutSearch } from './snapshot.js';

const toCandidate = (row: PartnerRow): Candidate => ({
  ...row,
  country: row.country?.toUpperCase() ?? null,
  nameCore: nameCore(row.name),
});

/** Asks the company search's repository about the file's numbers and name. */
async function loadSearchEvidence(
  db: Db,
  snapshot: SnapshotWithoutSearch,
): Promise<SearchEvidence> {
  const search = createCompanyMatches(db);
  const { name, ...numbers } = searchCriteria(snapshot);
  const core = nameCore(name);
  const numberHits = (await search.findByNumbers(numbers)).map(toCandidate);
  let nameCandidates: Candidate[] = [];
  if (core) {
    const rows = (await search.findByName(core, name.toLowerCase()))
      .filter((row) => row.id !== snapshot.partner.id)
      .map(toCandidate);
    const similarities = await search.similarities(
      rows.map((c) => c.nameCore),
      core,
    );
    nameCandidates = rows.map((c, i) => ({ ...c, nameSimilarity: similarities[i] ?? 0 }));
  }
  return { criteria: { ...numbers, nameCore: core || undefined }, numberHits, nameCandidates };
}

/**
 * What an approver acknowledges (issue 14): the risk level and the open findings, each with what
 * it is about. The same findings give the same fingerprint; a new, changed or resolved one does not.
 */
function insightsFingerprint(riskLevel: string, findings: readonly Finding[]): string {
  const open = findings
    .filter((finding) => OPEN_FINDING_SEVERITIES.includes(finding.severity))
    .map(({ code, severity, stepType, params }) =>
      JSON.stringify([code, severity, stepType, Object.entries(params).sort()]),
    )
    .sort();
  return createHash('sha256')
    .update(JSON.stringify([riskLevel, open]))
    .digest('hex');
}

/**
 * The insights of a submission computed now, without storing them (the PDF export reports them
 * as of its own time); undefined for no file.
 */
export async function evaluateInsights(
  db: Db,
  kycId: number,
  now: Date,
): Promise<Insights | undefined> {
  const loaded = await createInsightsRepository(db).load(kycId);
  if (!loaded) return undefined;
  const search = await loadSearchEvidence(db, loaded.snapshot);
  const result = evaluate({ ...loaded.snapshot, search }, now);
  return {
    kycId,
    computedAt: now.toISOString(),
    ...result,
    acknowledgementNeeded: riskNeedsAcknowledgement(result),
    fingerprint: insightsFingerprint(result.riskLevel, result.findings),
  };
}

/**
 * The insights of a KYC submission, computed now from its steps, its customer, the customer's
 * documents and the other trade partners, and stored with the risk level (issue 14). Call it
 * in a transaction that holds the file's row lock (a status change does), or use
 * refreshInsights. 404 when there is no such submission. Who may ask is the caller's business.
 */
export async function computeInsights(
  db: Db,
  kycId: number,
  now: Date = new Date(),
): Promise<Insights> {
  const insights = await evaluateInsights(db, kycId, now);

  if (!insights) throw new NotFoundError(`KYC submission with ID ${kycId} not found.`);
  await createInsightsRepository(db).store(insights);
  return insights;
}

/**
 * Computes and stores the insights in a transaction of their own under the file's row lock:
 * when what they read has changed (a step saved, a document, the company's data). Concurrent
 * refreshes take turns, each reading what was committed before it, so the last stored is the
 * newest. Undefined when the file is gone.
 */
export async function refreshInsights(db: Db, kycId: number): Promise<Insights | undefined> {
  return db.transaction(async (tx) => {
    if (!(await createInsightsRepository(tx).lockSubmission(kycId))) return undefined;
    return computeInsights(tx, kycId);
  });
}

/** computeInsights for the submission with this uuid, in a transaction of its own. */
export async function computeInsightsByUuid(db: Db, uuid: string): Promise<Insights> {
  const kycId = await createInsightsRepository(db).findIdByUuid(uuid);
  if (kycId === undefined) throw new NotFoundError(`KYC submission with UUID ${uuid} not found.`);
  const insights = await refreshInsights(db, kycId);
  if (!insights) throw new NotFoundError(`KYC submission with UUID ${uuid} not found.`);
  return insights;
}
