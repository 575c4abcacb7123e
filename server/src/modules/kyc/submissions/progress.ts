import { PARTNER_EDITABLE_STATUSES } from '#common/kyc.js';
import type { KycSubmission, MissingItem } from '#common/kyc-responses.js';
import type { Db } from '#server/db/client.js';
import type { KycAudience } from '#server/policy.js';
import { toSubmission } from '../present.js';
import { readinessOf } from '../review/readiness.js';
import type { SubmissionView } from './submissions-repository.js';

/**
 * What the readiness check finds missing in a file with the partner, which tells a complete
 * step from one in progress (decision 029); a file with the reviewers or decided needs none.
 */
async function missingOf(db: Db, view: SubmissionView): Promise<readonly MissingItem[]> {
  const { submission } = view;
  if (!PARTNER_EDITABLE_STATUSES.includes(submission.status)) return [];
  return (await readinessOf(db, submission)).missing;
}

/** A submission as `audience` may read it, with its progress. */
export async function presentSubmission(
  db: Db,
  view: SubmissionView,
  audience: KycAudience,
): Promise<KycSubmission> {
  return toSubmission(view, audience, await missingOf(db, view));
}

/** Submissions in order, each with its progress (one after the other: `db` may be a transaction). */
export async function presentSubmissions(
  db: Db,
  views: readonly SubmissionView[],
  audience: KycAudience,
): Promise<KycSubmission[]> {
  const presented: KycSubmission[] = [];
  for (const view of views) presented.push(await presentSubmission(db, view, audience));
  return presented;
}
