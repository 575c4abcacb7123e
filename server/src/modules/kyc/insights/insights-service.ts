import type { Db } from '#server/db/client.js';
import { ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import { computeInsightsByUuid, refreshInsights } from '../core/insights/compute.js';
import type { Insights } from '#common/kyc-insights.js';

/**
 * A file's insights on request, computed now: staff only, refused before anything is looked
 * up, so nobody else learns whether a file exists.
 */
export function createInsightsService(db: Db) {
  function authorize(actor: AuthUser): void {
    if (!policy.mayReadKycInsights(actor)) throw new ForbiddenError();
  }

  return {
    async byId(actor: AuthUser, id: number): Promise<Insights> {
      authorize(actor);
      const insights = await refreshInsights(db, id);
      if (!insights) throw new NotFoundError(`KYC submission with ID ${id} not found.`);
      return insights;
    },

    async byUuid(actor: AuthUser, uuid: string): Promise<Insights> {
      authorize(actor);
      return computeInsightsByUuid(db, uuid);
    },
  };
}
