import type { Db } from '../../../db/client.js';
import { NotFoundError } from '../../../errors.js';
import { nameCore } from '../../search/normalise.js';
import { createSearchRepository, type PartnerRow } from '../../search/repository.js';
import type { Candidate } from '../../search/scoring.js';
import { evaluate } from './evaluate.js';
import { createInsightsRepository } from './repository.js';
import { searchCriteria, type SearchEvidence, type SnapshotWithoutSearch } from './snapshot.js';
import type { Insights } from './schemas.js';

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
  const search = createSearchRepository(db);
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
 * The insights of a KYC submission, computed now from its steps, its customer, the customer's
 * documents and the other trade partners; stores the risk level on the submission when it
 * changed. 404 when there is no such submission. Who may ask is the caller's business.
 */
export async function computeInsights(
  db: Db,
  kycId: number,
  now: Date = new Date(),
): Promise<Insights> {
  const repository = createInsightsRepository(db);
  const loaded = await repository.load(kycId);
  if (!loaded) throw new NotFoundError(`KYC submission with ID ${kycId} not found.`);
  const search = await loadSearchEvidence(db, loaded.snapshot);
  const result = evaluate({ ...loaded.snapshot, search }, now);
  if (result.riskLevel !== loaded.riskLevel) {
    await repository.setRiskLevel(kycId, result.riskLevel);
  }
  return { kycId, computedAt: now.toISOString(), ...result };
}

/** computeInsights for the submission with this uuid. */
export async function computeInsightsByUuid(
  db: Db,
  uuid: string,
  now: Date = new Date(),
): Promise<Insights> {
  const kycId = await createInsightsRepository(db).findIdByUuid(uuid);
  if (kycId === undefined) throw new NotFoundError(`KYC submission with UUID ${uuid} not found.`);
  return computeInsights(db, kycId, now);
}
