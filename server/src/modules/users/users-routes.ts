import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tradePartnerSchema } from '#common/partners.js';
import { userSchema } from '#common/users.js';
import { idParamsSchema, uuidParamsSchema } from '#server/api-schemas.js';
import { requireUser } from '#server/plugins/auth.js';
import { profilePatchSchema, profileSchema } from '#common/profile-body.js';
import { identityParamsSchema } from './users-schemas.js';
import { createUserService } from './users-service.js';

const tags = ['users'];

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUserService(app.db);

  app.get(
    '/api/users/keycloak/:identityId',
    {
      config: { errors: [401, 403, 404] },
      schema: {
        tags,
        summary: 'The user record of an identity (yourself, or anyone for staff)',
        params: identityParamsSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => users.getByIdentityId(requireUser(request), request.params.identityId),
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary:
          'Replace the profile: all seven fields, non-empty (yourself, super admin, manager)',
        params: idParamsSchema,
        body: profileSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => users.updateProfile(requireUser(request), request.params.id, request.body),
  );

  app.patch(
    '/api/users/:id',
    {
      schema: {
        tags,
        summary: 'Change any of the profile fields (yourself, super admin, manager)',
        params: idParamsSchema,
        body: profilePatchSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => users.updateProfile(requireUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/users/uuid/:uuid/trade-partners',
    {
      schema: {
        tags,
        summary: "The trade partners a user belongs to, with that user's role (yourself, staff)",
        params: uuidParamsSchema,
        response: { 200: z.array(tradePartnerSchema) },
      },
    },
    async (request) => users.tradePartners(requireUser(request), { uuid: request.params.uuid }),
  );

  app.get(
    '/api/users/:id/trade-partners',
    {
      schema: {
        tags,
        summary: "The trade partners a user belongs to, with that user's role (yourself, staff)",
        params: idParamsSchema,
        response: { 200: z.array(tradePartnerSchema) },
      },
    },
    async (request) => users.tradePartners(requireUser(request), { id: request.params.id }),
  );
};

export default userRoutes;
