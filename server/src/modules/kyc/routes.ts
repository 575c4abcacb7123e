import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  kycPageSchema,
  kycSubmissionSchema,
  submissionWithInsightsSchema,
} from '#common/kyc-responses.js';
import type { Config } from '#server/config.js';
import { requireUser } from '#server/plugins/auth.js';
import collectionRoutes from './collection-routes.js';
import { createCollectionService } from './collection.js';
import customerRoutes from './customer-routes.js';
import exportRoutes from './export/routes.js';
import insightsRoutes from './insights/routes.js';
import type { KycReactions } from './reactions.js';

import recordRoutes from './record-routes.js';
import { ensureObligedEntity } from './repository.js';
import {
  createSchema,
  filterQuerySchema,
  idOrUuidParamsSchema,
  listQuerySchema,
  tags,
  uuidParamsSchema,
} from './schemas.js';
import { createKycService } from './service.js';
import { createStatusService } from './status.js';
import stepRoutes from './step-routes.js';
import { createStepService } from './steps.js';
import { requireBody } from './variants.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';

/**
 * KYC submissions (docs/api/kyc.md, decision 012): creating and reading them here; moves,
 * history, comments and audit in record-routes.ts; steps in step-routes.ts; the partner's data
 * and drafts in collection-routes.ts; per company in customer-routes.ts; the computed insights
 * in insights/.
 */
const kycRoutes: FastifyPluginAsyncZod<{ config: Config; reactions: KycReactions }> = async (
  app,
  opts,
) => {
  const obligedEntity = await ensureObligedEntity(app.db, opts.config.kyc.obligedEntityName);
  const kyc = createKycService(app.db, obligedEntity.id);
  const status = createStatusService(app.db);
  const steps = createStepService(app.db);
  const collection = createCollectionService(app.db, opts.reactions);

  // The app posts some of these calls (creating a step) with an empty JSON body: that is no
  // body, not a malformed one. Everything else goes to Fastify's own (poisoning-safe) parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  for (const [url, operationId] of [
    ['/api/kyc', 'createKyc'],
    ['/api/kyc/uuid', 'createKycByUuid'],
  ] as const) {
    app.post(
      url,
      {
        config: { errors: CONFLICT_ERRORS },
        schema: {
          tags,
          summary:
            "Start a company's KYC submission, with its six steps (staff; the company's OWNER or ADMIN)",
          operationId,
          body: createSchema,
          response: { 201: kycSubmissionSchema },
        },
        preValidation: requireBody(operationId, 'kycSubmission'),
      },
      async (request, reply) =>
        reply.status(201).send(await kyc.create(requireUser(request), request.body)),
    );
  }

  app.get(
    '/api/kyc',
    {
      schema: {
        tags,
        summary: 'A page of KYC submissions: all for staff, your companies’ for partners',
        operationId: 'getAllKycs',
        querystring: listQuerySchema,
        response: { 200: kycPageSchema },
      },
    },
    async (request) => kyc.list(requireUser(request), request.query),
  );

  app.get(
    '/api/kyc/accessible',
    {
      schema: {
        tags,
        summary: 'A page of the KYC submissions you may see',
        operationId: 'getAccessibleKycs',
        querystring: listQuerySchema,
        response: { 200: kycPageSchema },
      },
    },
    async (request) => kyc.list(requireUser(request), request.query),
  );

  app.get(
    '/api/kyc/filter',
    {
      schema: {
        tags,
        summary: 'A page of the KYC submissions you may see that match every given filter',
        operationId: 'filterKycs',
        querystring: filterQuerySchema,
        response: { 200: kycPageSchema },
      },
    },
    async (request) => kyc.filter(requireUser(request), request.query),
  );

  app.get(
    '/api/kyc/:id',
    {
      schema: {
        tags,
        summary: 'One KYC submission by id, or by uuid with its insights (staff) computed now',
        operationId: 'getKyc',
        params: idOrUuidParamsSchema,
        response: { 200: submissionWithInsightsSchema },
      },
    },
    async (request) => {
      const ref = request.params.id;
      return 'uuid' in ref
        ? kyc.getWithInsights(requireUser(request), ref)
        : kyc.get(requireUser(request), ref);
    },
  );

  app.get(
    '/api/kyc/uuid/:uuid',
    {
      schema: {
        tags,
        summary: 'One KYC submission by uuid',
        operationId: 'getKycByUuid',
        params: uuidParamsSchema,
        response: { 200: kycSubmissionSchema },
      },
    },
    async (request) => kyc.get(requireUser(request), { uuid: request.params.uuid }),
  );

  await app.register(recordRoutes, { status });
  await app.register(stepRoutes, { steps });
  await app.register(collectionRoutes, { collection });
  await app.register(customerRoutes, { kyc });
  await app.register(insightsRoutes);
  await app.register(exportRoutes, { config: opts.config });
};

export default kycRoutes;
