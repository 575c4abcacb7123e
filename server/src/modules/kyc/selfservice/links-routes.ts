import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdLinkSchema,
  linkCreateSchema,
  linkUseSchema,
  selfServiceLinkSchema,
} from '#common/selfservice.js';
import { requireUser } from '#server/plugins/auth.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';
import { tags } from '../kyc-schemas.js';
import { KYC_VARIANTS, refOf } from '../variants.js';
import { linkIdParamsSchema, linkUuidParamsSchema } from './selfservice-schemas.js';
import type { SelfServiceService } from './selfservice-service.js';

/**
 * A file's self-service links (issue 19): staff and the company's OWNER/ADMIN make them (the
 * token shown once), list them, revoke them and read their access log.
 */
const linksRoutes: FastifyPluginAsyncZod<{ service: SelfServiceService }> = async (
  app,
  { service },
) => {
  for (const variant of KYC_VARIANTS) {
    const { suffix } = variant;
    const by = `by ${variant.by}`;
    const linkParams = variant.param === 'id' ? linkIdParamsSchema : linkUuidParamsSchema;

    app.post(
      `${variant.base}/selfservice-links`,
      {
        config: { errors: CONFLICT_ERRORS },
        schema: {
          tags,
          summary: `Make a self-service link to the file (staff, the company's OWNER or ADMIN), ${by}`,
          description:
            'The token is in this answer only (and in the e-mail when SMTP is configured): only ' +
            'its SHA-256 is kept. 409 unless the file is DRAFT or CHANGES_REQUESTED.',
          operationId: `createSelfServiceLink${suffix}`,
          params: variant.params,
          body: linkCreateSchema,
          response: { 201: createdLinkSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.create(requireUser(request), refOf(request.params), request.body)),
    );

    app.get(
      `${variant.base}/selfservice-links`,
      {
        schema: {
          tags,
          summary: `The file's self-service links, newest first, ${by}`,
          operationId: `getSelfServiceLinks${suffix}`,
          params: variant.params,
          response: { 200: z.array(selfServiceLinkSchema) },
        },
      },
      async (request) => service.list(requireUser(request), refOf(request.params)),
    );

    app.post(
      `${variant.base}/selfservice-links/:linkId/revoke`,
      {
        schema: {
          tags,
          summary: `End a self-service link at once (one already ended stays as it is), ${by}`,
          operationId: `revokeSelfServiceLink${suffix}`,
          params: linkParams,
          response: { 200: selfServiceLinkSchema },
        },
      },
      async (request) =>
        service.revoke(requireUser(request), refOf(request.params), request.params.linkId),
    );

    app.get(
      `${variant.base}/selfservice-links/:linkId/uses`,
      {
        schema: {
          tags,
          summary: `A self-service link's access log, newest first (at most 200), ${by}`,
          operationId: `getSelfServiceLinkUses${suffix}`,
          params: linkParams,
          response: { 200: z.array(linkUseSchema) },
        },
      },
      async (request) =>
        service.uses(requireUser(request), refOf(request.params), request.params.linkId),
    );
  }
};

export default linksRoutes;
