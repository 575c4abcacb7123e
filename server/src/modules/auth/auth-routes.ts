import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ensureUserResponseSchema, sessionInfoSchema } from '#common/users.js';
import { requireUser } from '#server/plugins/auth.js';
import { createUserService } from '#server/modules/users/users-service.js';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUserService(app.db);

  app.post(
    '/api/auth/keycloak/ensure-user',
    {
      config: { errors: [401] },
      schema: {
        tags: ['auth'],
        summary: 'Create the user record for the signed-in identity unless it exists',
        response: { 200: ensureUserResponseSchema },
      },
    },
    async (request) => users.ensureUser(requireUser(request)),
  );

  app.get(
    '/api/auth/session/info',
    {
      config: { errors: [401] },
      schema: {
        tags: ['auth'],
        summary: 'What the server knows of the current session',
        response: { 200: sessionInfoSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        subject: user.sub,
        username: user.username ?? null,
        email: user.email ?? null,
        roles: user.tokenRoles,
        effectiveRoles: user.roles,
        expiresAt: user.expiresAt,
      };
    },
  );
};

export default authRoutes;
