import { OPEN_KYC_STATUSES } from '#common/kyc.js';
import type { KycSubmission } from '#common/kyc-responses.js';
import type { Db } from '#server/db/client.js';
import type { KycAudience } from '#server/policy.js';
import { toSubmission } from './present.js';
import { readinessOfMany } from './readiness.js';
import type { SubmissionView } from './submissions-repository.js';

/** The open files of `views`: only their progress needs the readiness check. */
const open = (views: readonly SubmissionView[]) =>
  views
    .map(({ submission }) => submission)
    .filter(({ status }) => OPEN_KYC_STATUSES.includes(status));

/**
 * Submissions in order, each with its progress: what the readiness check finds missing in an
 * open file tells a complete step from one in progress, and a step under review from one handed
 * in without its documents (decisions 029, 040); a decided file needs none. One check for the
 * whole page (five queries), not one per file.
 */
export async function presentSubmissions(
  db: Db,
  views: readonly SubmissionView[],
  audience: KycAudience,
): Promise<KycSubmission[]> {
  const readiness = await readinessOfMany(db, open(views));
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
