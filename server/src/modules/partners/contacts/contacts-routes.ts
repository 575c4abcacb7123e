import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSchema } from '#common/partners.js';
import { requireUser } from '#server/plugins/auth.js';
import { expectedVersion } from '#server/versions.js';
import { uuidParamsSchema } from '#server/api-schemas.js';
import { partnerIdParamsSchema, partnerUuidParamsSchema } from '../partners-schemas.js';
import { contactInputSchema, contactPatchSchema } from '#common/partner-bodies.js';
import { contactParamsSchema } from './contacts-schemas.js';
import { createContactService } from './contacts-service.js';

const tags = ['contacts'];

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const contacts = createContactService(app.db);

  app.get(
    '/api/partners/:id/contacts',
    {
      schema: {
        tags,
        summary: "A trade partner's contacts by partner id, in the order they were added",
        params: partnerIdParamsSchema,
        response: { 200: z.array(contactSchema) },
      },
    },
    async (request) => contacts.list(requireUser(request), { id: request.params.id }),
  );

  app.get(
    '/api/partners/uuid/:uuid/contacts',
    {
      schema: {
        tags,
        summary: "A trade partner's contacts by partner uuid, in the order they were added",
        params: partnerUuidParamsSchema,
        response: { 200: z.array(contactSchema) },
      },
    },
    async (request) => contacts.list(requireUser(request), { uuid: request.params.uuid }),
  );

  app.get(
    '/api/partners/contacts/uuid/:uuid',
    {
      schema: {
        tags,
        summary: 'One contact by its uuid',
        params: uuidParamsSchema,
        response: { 200: contactSchema },
      },
    },
    async (request) => contacts.get(requireUser(request), request.params.uuid),
  );

  app.post(
    '/api/partners/uuid/:uuid/contacts',
    {
      schema: {
        tags,
        summary:
          'Add a contact (staff, OWNER, ADMIN, EDITOR); an e-mail address or a name is required',
        params: partnerUuidParamsSchema,
        body: contactInputSchema,
        response: { 201: contactSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await contacts.create(requireUser(request), { uuid: request.params.uuid }, request.body),
        ),
  );

  app.patch(
    '/api/partners/uuid/:uuid/contacts/:contactUuid',
    {
      schema: {
        tags,
        summary: 'Change a contact (staff, OWNER, ADMIN, EDITOR)',
        params: contactParamsSchema,
        body: contactPatchSchema,
        response: { 200: contactSchema },
      },
    },
    async (request) =>
      contacts.update(
        requireUser(request),
        { uuid: request.params.uuid },
        request.params.contactUuid,
        request.body,
        expectedVersion(request),
      ),
  );

  app.delete(
    '/api/partners/uuid/:uuid/contacts/:contactUuid',
    {
      schema: {
        tags,
        summary: 'Remove a contact (staff, OWNER, ADMIN)',
        params: contactParamsSchema,
        response: { 204: z.null().describe('removed') },
      },
    },
    async (request, reply) => {
      await contacts.delete(
        requireUser(request),
        { uuid: request.params.uuid },
        request.params.contactUuid,
        expectedVersion(request),
      );
      return reply.status(204).send(null);
    },
  );
};

export default contactRoutes;
