import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../plugins/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { identityParamsSchema, userSchema } from './schemas.js';
import { createUserService } from './service.js';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUserService(app.db);

  app.get(
    '/api/users/keycloak/:identityId',
    {
      schema: {
        tags: ['users'],
        summary: 'The user record of an identity (yourself, or anyone for staff)',
        params: identityParamsSchema,
        response: { 200: userSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => users.getByIdentityId(requireUser(request), request.params.identityId),
  );
};

export default userRoutes;
