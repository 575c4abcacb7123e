import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationCreatedSchema, invitationSchema } from '#common/partners.js';
import type { Config } from '#server/config.js';
import { requireUser } from '#server/plugins/auth.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';
import { createMailer } from '#server/mail/mailer.js';
import { partnerUuidParamsSchema } from '../partners-schemas.js';
import { invitationInputSchema } from '#common/partner-bodies.js';
import { invitationParamsSchema } from './invitations-schemas.js';
import { createInvitationService } from './invitations-service.js';

const tags = ['invitations'];

const invitationRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, opts) => {
  const mailer = createMailer(opts.config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  const invitations = createInvitationService(app.db, {
    publicUrl: opts.config.publicUrl,
    mailer,
    log: app.log,
  });

  app.get(
    '/api/partners/uuid/:uuid/invitations',
    {
      schema: {
        tags,
        summary: "A trade partner's invitations, the newest first (staff, OWNER, ADMIN)",
        params: partnerUuidParamsSchema,
        response: { 200: z.array(invitationSchema) },
      },
    },
    async (request) => invitations.list(requireUser(request), { uuid: request.params.uuid }),
  );

  app.post(
    '/api/partners/uuid/:uuid/invitations',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary:
          'Invite someone by e-mail for 14 days (staff, OWNER, ADMIN); mailed when SMTP is configured',
        params: partnerUuidParamsSchema,
        body: invitationInputSchema,
        response: { 201: invitationCreatedSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await invitations.create(
            requireUser(request),
            { uuid: request.params.uuid },
            request.body,
          ),
        ),
  );

  app.delete(
    '/api/partners/uuid/:uuid/invitations/:invitationUuid',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary: 'Revoke an invitation (staff, OWNER, ADMIN)',
        params: invitationParamsSchema,
        response: { 204: z.null().describe('revoked') },
      },
    },
    async (request, reply) => {
      await invitations.revoke(
        requireUser(request),
        { uuid: request.params.uuid },
        request.params.invitationUuid,
      );
      return reply.status(204).send(null);
    },
  );
};

export default invitationRoutes;
