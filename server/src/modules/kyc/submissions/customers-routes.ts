import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerPageSchema,
  customerSubmissionsSchema,
  kycSubmissionSchema,
  statusAndReviewSchema,
} from '#common/kyc-responses.js';
import { requireUser } from '#server/plugins/auth.js';
import { requireParameters } from '#server/api-parameters.js';
import {
  customerListQuerySchema,
  customerParamsSchema,
  idParamsSchema,
  statusAndReviewQuerySchema,
  tags,
  uuidParamsSchema,
} from '../kyc-schemas.js';
import type { createKycService } from './submissions-service.js';

/** KYC by company: a trade partner's submissions, the customers list, status and review. */
const customerRoutes: FastifyPluginAsyncZod<{
  kyc: ReturnType<typeof createKycService>;
}> = async (app, { kyc }) => {
  app.get(
    '/api/kyc/partner/:id',
    {
      schema: {
        tags,
        summary: "A trade partner's KYC submissions, newest first, by the partner's id",
        operationId: 'getKycsByPartner',
        params: idParamsSchema,
        response: { 200: z.array(kycSubmissionSchema) },
      },
      preValidation: requireParameters('getKycsByPartner', { params: ['id'] }),
    },
    async (request) => kyc.ofPartner(requireUser(request), { id: request.params.id }),
  );

  app.get(
    '/api/kyc/partner/uuid/:uuid',
    {
      schema: {
        tags,
        summary: "A trade partner's KYC submissions, newest first, by the partner's uuid",
        operationId: 'getKycsByPartnerUuid',
        params: uuidParamsSchema,
        response: { 200: z.array(kycSubmissionSchema) },
      },
      preValidation: requireParameters('getKycsByPartnerUuid', { params: ['uuid'] }),
    },
    async (request) => kyc.ofPartner(requireUser(request), { uuid: request.params.uuid }),
  );

  app.get(
    '/api/kyc/customers',
    {
      schema: {
        tags,
        summary: 'A page of the companies with a KYC submission, each with its latest (staff)',
        operationId: 'getKycCustomers',
        querystring: customerListQuerySchema,
        response: { 200: customerPageSchema },
      },
    },
    async (request) => kyc.customers(requireUser(request), request.query),
  );

  app.get(
    '/api/kyc/customers/:customerUuid',
    {
      schema: {
        tags,
        summary: 'A customer (trade partner) with its KYC submissions, newest first',
        operationId: 'getKycCustomer',
        params: customerParamsSchema,
        response: { 200: customerSubmissionsSchema },
      },
      preValidation: requireParameters('getKycCustomer', { params: ['customerUuid'] }),
    },
    async (request) => kyc.customer(requireUser(request), request.params.customerUuid),
  );

  app.get(
    '/api/kyc/customer/:customerUuid/status-and-review',
    {
      schema: {
        tags,
        summary: "A customer's latest KYC status and review for an obliged entity",
        operationId: 'getCustomerStatusAndReview',
        params: customerParamsSchema,
        querystring: statusAndReviewQuerySchema,
        response: { 200: statusAndReviewSchema },
      },
      preValidation: requireParameters('getCustomerStatusAndReview', {
        params: ['customerUuid'],
        querystring: ['obligedEntityUuid'],
      }),
    },
    async (request) =>
      kyc.statusAndReview(
        requireUser(request),
        request.params.customerUuid,
        request.query.obligedEntityUuid,
      ),
  );
};

export default customerRoutes;
