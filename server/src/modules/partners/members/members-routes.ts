import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberSchema } from '#common/partners.js';
import { requireUser } from '#server/plugins/auth.js';
import { expectedVersion } from '#server/versions.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';
import { partnerUuidParamsSchema } from '../partners-schemas.js';
import { memberPatchSchema } from '#common/partner-bodies.js';
import { memberParamsSchema } from './members-schemas.js';
import { createMemberService } from './members-service.js';

const tags = ['members'];

const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = createMemberService(app.db);

  app.get(
    '/api/partners/uuid/:uuid/members',
    {
      schema: {
        tags,
        summary: "A trade partner's members (users), the longest-standing first",
        params: partnerUuidParamsSchema,
        response: { 200: z.array(memberSchema) },
      },
    },
    async (request) => members.list(requireUser(request), { uuid: request.params.uuid }),
  );

  app.patch(
    '/api/partners/uuid/:uuid/members/:userUuid',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary:
          "Change a member's access level (staff, OWNER, ADMIN; only an OWNER grants or takes OWNER)",
        params: memberParamsSchema,
        body: memberPatchSchema,
        response: { 200: memberSchema },
      },
    },
    async (request) =>
      members.update(
        requireUser(request),
        { uuid: request.params.uuid },
        request.params.userUuid,
        request.body.accessLevel,
        expectedVersion(request),
      ),
  );

  app.delete(
    '/api/partners/uuid/:uuid/members/:userUuid',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary: 'Remove a member (staff, OWNER, ADMIN; never the last OWNER)',
        params: memberParamsSchema,
        response: { 204: z.null().describe('removed') },
      },
    },
    async (request, reply) => {
      await members.delete(
        requireUser(request),
        { uuid: request.params.uuid },
        request.params.userUuid,
        expectedVersion(request),
      );
      return reply.status(204).send(null);
    },
  );
};

export default memberRoutes;
