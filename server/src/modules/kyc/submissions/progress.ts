import { PARTNER_EDITABLE_STATUSES } from '#common/kyc.js';
import type { KycSubmission } from '#common/kyc-responses.js';
import type { Db } from '#server/db/client.js';
import type { KycAudience } from '#server/policy.js';
import { toSubmission } from '../present.js';
import { readinessOfMany } from '../review/readiness.js';
import type { SubmissionView } from './submissions-repository.js';

/** The files of `views` with the partner: only their progress needs the readiness check. */
const withPartner = (views: readonly SubmissionView[]) =>
  views
    .map(({ submission }) => submission)
    .filter(({ status }) => PARTNER_EDITABLE_STATUSES.includes(status));

/**
 * Submissions in order, each with its progress: what the readiness check finds missing in a
 * file with the partner tells a complete step from one in progress (decision 029); a file with
 * the reviewers or decided needs none. One check for the whole page (three queries), not one
 * per file.
 */
export async function presentSubmissions(
  db: Db,
  views: readonly SubmissionView[],
  audience: KycAudience,
): Promise<KycSubmission[]> {
  const readiness = await readinessOfMany(db, withPartner(views));
  return views.map((view) =>
    toSubmission(view, audience, readiness.get(view.submission.id)?.missing ?? []),
  );
}

/** A submission as `audience` may read it, with its progress. */
export async function presentSubmission(
  db: Db,
  view: SubmissionView,
  audience: KycAudience,
): Promise<KycSubmission> {
  const [presented] = await presentSubmissions(db, [view], audience);
  return presented!;
}
