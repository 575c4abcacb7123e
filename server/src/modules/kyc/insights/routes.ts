import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insightsSchema } from '../../../../../common/kyc-insights.js';
import { idParamsSchema, uuidParamsSchema } from '../../../api-schemas.js';
import { STAFF_ROLES } from '../../../auth/roles.js';
import { requireAnyRole } from '../../../plugins/auth.js';
import { errorResponseSchema } from '../../../plugins/errors.js';
import { NotFoundError } from '../../../errors.js';
import { computeInsightsByUuid, refreshInsights } from './compute.js';

const tags = ['kyc'];
const response = {
  200: insightsSchema,
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const description =
  'Findings (missing data and documents, stale CoC extract, invalid VAT number, conflicts ' +
  'with other trade partners, declared risks), completeness per step and the risk level, ' +
  'stored with the file (they are also computed on submission and whenever what they read ' +
  'changes). Staff only.';

/** The insights of a KYC submission, computed on request (docs/api/kyc.md). */
const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/kyc/:id/insights',
    {
      schema: {
        tags,
        summary: 'The insights of a KYC submission by id, computed now',
        description,
        params: idParamsSchema,
        response,
      },
    },
    async (request) => {
      requireAnyRole(request, STAFF_ROLES);
      const insights = await refreshInsights(app.db, request.params.id);
      if (!insights)
        throw new NotFoundError(`KYC submission with ID ${request.params.id} not found.`);
      return insights;
    },
  );

  app.get(
    '/api/kyc/uuid/:uuid/insights',
    {
      schema: {
        tags,
        summary: 'The insights of a KYC submission by uuid, computed now',
        description,
        params: uuidParamsSchema,
        response,
      },
    },
    async (request) => {
      requireAnyRole(request, STAFF_ROLES);
      return computeInsightsByUuid(app.db, request.params.uuid);
    },
  );
};

export default insightsRoutes;
export { insightsRoutes };
