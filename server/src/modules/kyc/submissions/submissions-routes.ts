import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  kycPageSchema,
  kycSubmissionSchema,
  submissionWithInsightsSchema,
} from '#common/kyc-responses.js';
import { requireUser } from '#server/plugins/auth.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';
import { createSchema } from '#common/kyc-bodies.js';
import {
  filterQuerySchema,
  idOrUuidParamsSchema,
  listQuerySchema,
  tags,
  uuidParamsSchema,
} from '../kyc-schemas.js';
import { requireBody } from '../variants.js';
import type { createKycService } from './submissions-service.js';

/** Starting a KYC submission, and reading one or a page of them. */
const submissionRoutes: FastifyPluginAsyncZod<{
  kyc: ReturnType<typeof createKycService>;
}> = async (app, { kyc }) => {
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
};

export default submissionRoutes;
