import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kycStepSchema, readinessSchema } from '#common/kyc-responses.js';
import { requireUser } from '#server/plugins/auth.js';
import { expectedVersion } from '#server/versions.js';
import { requireParameters } from '#server/api-parameters.js';
import type { createCollectionService } from './collection-service.js';
import { stepDataInputSchema, stepDraftInputSchema } from '#common/kyc-bodies.js';
import { tags, userIdQuerySchema } from '../kyc-schemas.js';
import { KYC_VARIANTS, refOf } from '../variants.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';

/**
 * The partner filling in the file (decision 013): a step's data, its draft, and whether the
 * file is complete enough to submit.
 */
const collectionRoutes: FastifyPluginAsyncZod<{
  collection: ReturnType<typeof createCollectionService>;
}> = async (app, { collection }) => {
  for (const variant of KYC_VARIANTS) {
    const { suffix, param } = variant;
    const by = `by ${variant.by}`;

    app.put(
      `${variant.base}/steps/:stepType/data`,
      {
        config: { errors: CONFLICT_ERRORS },
        schema: {
          tags,
          summary: `Save a step's form data, validated by the step's rules (decision 013), ${by}`,
          operationId: `saveKycStepData${suffix}`,
          params: variant.stepParams,
          querystring: userIdQuerySchema,
          body: stepDataInputSchema,
          response: { 200: kycStepSchema },
        },
        preValidation: requireParameters(`saveKycStepData${suffix}`, {
          params: [param, 'stepType'],
          querystring: ['userId'],
          body: ['data'],
        }),
      },
      async (request) =>
        collection.saveData(
          requireUser(request),
          refOf(request.params),
          request.params.stepType,
          request.query.userId,
          { ...request.body, version: expectedVersion(request) },
        ),
    );

    app.put(
      `${variant.base}/steps/:stepType/draft`,
      {
        config: { errors: CONFLICT_ERRORS },
        schema: {
          tags,
          summary: `Keep the unsaved state of a step's form on the server (not validated), ${by}`,
          operationId: `saveKycStepDraft${suffix}`,
          params: variant.stepParams,
          querystring: userIdQuerySchema,
          body: stepDraftInputSchema,
          response: { 200: kycStepSchema },
        },
        preValidation: requireParameters(`saveKycStepDraft${suffix}`, {
          params: [param, 'stepType'],
          querystring: ['userId'],
          body: ['draft'],
        }),
      },
      async (request) =>
        collection.saveDraft(
          requireUser(request),
          refOf(request.params),
          request.params.stepType,
          request.query.userId,
          request.body.draft,
        ),
    );

    app.delete(
      `${variant.base}/steps/:stepType/draft`,
      {
        config: { errors: CONFLICT_ERRORS },
        schema: {
          tags,
          summary: `Discard the draft of a step's form, ${by}`,
          operationId: `deleteKycStepDraft${suffix}`,
          params: variant.stepParams,
          querystring: userIdQuerySchema,
          response: { 204: z.null().describe('discarded') },
        },
        preValidation: requireParameters(`deleteKycStepDraft${suffix}`, {
          params: [param, 'stepType'],
          querystring: ['userId'],
        }),
      },
      async (request, reply) => {
        await collection.clearDraft(
          requireUser(request),
          refOf(request.params),
          request.params.stepType,
          request.query.userId,
        );
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${variant.base}/readiness`,
      {
        schema: {
          tags,
          summary: `What is missing before the file may be submitted, ${by}`,
          operationId: `getKycReadiness${suffix}`,
          params: variant.params,
          response: { 200: readinessSchema },
        },
        preValidation: requireParameters(`getKycReadiness${suffix}`, { params: [param] }),
      },
      async (request) => collection.readiness(requireUser(request), refOf(request.params)),
    );
  }
};

export default collectionRoutes;
