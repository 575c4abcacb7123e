import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressSchema } from '#common/partners.js';
import { requireUser } from '#server/plugins/auth.js';
import { expectedVersion } from '#server/versions.js';
import { partnerUuidParamsSchema } from '../partners-schemas.js';
import { addressInputSchema, addressPatchSchema } from '#common/partner-bodies.js';
import { addressParamsSchema } from './addresses-schemas.js';
import type { PartnerChangeListener } from '../partners-service.js';
import { createAddressService } from './addresses-service.js';

const tags = ['addresses'];

const addressRoutes: FastifyPluginAsyncZod<{ onPartnerChange?: PartnerChangeListener }> = async (
  app,
  opts,
) => {
  const addresses = createAddressService(app.db, opts.onPartnerChange);

  app.get(
    '/api/partners/uuid/:uuid/addresses',
    {
      schema: {
        tags,
        summary:
          "A trade partner's addresses, in order of position (the first is the company address)",
        params: partnerUuidParamsSchema,
        response: { 200: z.array(addressSchema) },
      },
    },
    async (request) => addresses.list(requireUser(request), { uuid: request.params.uuid }),
  );

  app.post(
    '/api/partners/uuid/:uuid/addresses',
    {
      schema: {
        tags,
        summary: 'Add an address after the last one (staff, OWNER, ADMIN, EDITOR)',
        params: partnerUuidParamsSchema,
        body: addressInputSchema,
        response: { 201: addressSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addresses.create(requireUser(request), { uuid: request.params.uuid }, request.body),
        ),
  );

  app.patch(
    '/api/partners/uuid/:uuid/addresses/:addressUuid',
    {
      schema: {
        tags,
        summary: 'Change an address (staff, OWNER, ADMIN, EDITOR)',
        params: addressParamsSchema,
        body: addressPatchSchema,
        response: { 200: addressSchema },
      },
    },
    async (request) =>
      addresses.update(
        requireUser(request),
        { uuid: request.params.uuid },
        request.params.addressUuid,
        request.body,
        expectedVersion(request),
      ),
  );

  app.delete(
    '/api/partners/uuid/:uuid/addresses/:addressUuid',
    {
      schema: {
        tags,
        summary: 'Remove an address (staff, OWNER, ADMIN, EDITOR)',
        params: addressParamsSchema,
        response: { 204: z.null().describe('removed') },
      },
    },
    async (request, reply) => {
      await addresses.delete(
        requireUser(request),
        { uuid: request.params.uuid },
        request.params.addressUuid,
        expectedVersion(request),
      );
      return reply.status(204).send(null);
    },
  );
};

export default addressRoutes;
