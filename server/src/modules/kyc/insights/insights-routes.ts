import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insightsSchema } from '#common/kyc-insights.js';
import { idParamsSchema, uuidParamsSchema } from '#server/api-schemas.js';
import { requireUser } from '#server/plugins/auth.js';
import { createInsightsService } from './insights-service.js';

const tags = ['kyc'];
const response = { 200: insightsSchema };
const description =
  'Findings (missing data and documents, stale CoC extract, invalid VAT number, conflicts ' +
  'with other trade partners, declared risks), completeness per step and the risk level, ' +
  'stored with the file (they are also computed on submission and whenever what they read ' +
  'changes). Staff only.';

/** The insights of a KYC submission, computed on request (docs/api/kyc.md). */
const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const insights = createInsightsService(app.db);

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
    async (request) => insights.byId(requireUser(request), request.params.id),
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
    async (request) => insights.byUuid(requireUser(request), request.params.uuid),
  );
};

export default insightsRoutes;
export { insightsRoutes };
