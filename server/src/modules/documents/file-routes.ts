import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessTokenSchema } from '#common/documents.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { requireUser } from '#server/plugins/auth.js';
import { errorBody, errorResponseSchema } from '#server/plugins/errors.js';
import type { AccessTokens } from './access-tokens.js';
import type { SelfServiceCaller } from './types.js';
import {
  contentSecurityPolicy,
  fileHeaders,
  openObject,
  parseRange,
} from '#server/storage/delivery.js';
import { requireParameters } from '#server/api-parameters.js';
import {
  contentQuerySchema,
  documentIdParamsSchema,
  streamQuerySchema,
  tags,
  thumbnailQuerySchema,
} from './documents-schemas.js';
import type { DocumentService } from './documents-service.js';
import { thumbnailEtag, type Thumbnails } from './thumbnails-service.js';

const bytes = z.unknown().describe('the file’s bytes, with its own Content-Type');

/**
 * A document's bytes and thumbnail. These routes are public to the bearer check because an
 * `<img>` or `<iframe>` cannot send a header: they take a document access token (`?token=`)
 * or else the bearer header, and then ask the policy as every other route does.
 */
const fileRoutes: FastifyPluginAsyncZod<{
  documents: DocumentService;
  tokens: AccessTokens;
  thumbnails: Thumbnails;
  /**
   * The caller an access token's subject stands for when it is not a person: a self-service
   * link's holder (issue 19), while the link may still be used.
   */
  selfServiceCaller: SelfServiceCaller;
}> = async (app, { documents, tokens, thumbnails, selfServiceCaller }) => {
  /**
   * The caller, by access token or bearer token, counted against their own rate limit; a
   * caller with neither (or a refused one) counts against their address's (decision 025), so
   * a page of thumbnails costs each person their own calls, not their office's.
   */
  async function reader(
    request: FastifyRequest,
    documentId: number,
    token: string | undefined,
  ): Promise<AuthUser> {
    let actor: AuthUser;
    try {
      if (token === undefined) {
        actor = await app.authenticate(request);
      } else {
        const holder = await tokens.verify(token, documentId);
        actor = (await selfServiceCaller(holder.sub)) ?? holder;
      }
    } catch (error) {
      await app.limits.api(request);
      throw error;
    }
    await app.limits.api(request, actor.sub);
    return actor;
  }

  app.get(
    '/api/documents/:documentId/content',
    {
      config: { public: true, limited: 'by-route' },
      schema: {
        tags,
        summary: 'The whole file (a download unless disposition=inline); bearer or ?token=',
        operationId: 'getDocumentContent',
        params: documentIdParamsSchema,
        querystring: contentQuerySchema,
        response: { 200: bytes },
      },
      preValidation: requireParameters('getDocumentContent', { params: ['documentId'] }),
    },
    async (request, reply) => {
      const { documentId } = request.params;
      const actor = await reader(request, documentId, request.query.token);
      const { document: row } = await documents.readable(actor, documentId);
      const object = await openObject(app.storage, request.log, row);
      fileHeaders(reply, row, request.query.disposition);
      return reply.header('content-length', object.size).send(object.body);
    },
  );

  app.get(
    '/api/documents/:documentId/stream',
    {
      config: { public: true, limited: 'by-route' },
      schema: {
        tags,
        summary: 'The file for viewing (inline unless disposition=attachment), honouring Range',
        operationId: 'streamDocument',
        params: documentIdParamsSchema,
        querystring: streamQuerySchema,
        // The handler answers 416 itself: declared here, so that reply.status(416) type-checks.
        response: { 200: bytes, 206: bytes, 416: errorResponseSchema },
      },
      preValidation: requireParameters('streamDocument', { params: ['documentId'] }),
    },
    async (request, reply) => {
      const { documentId } = request.params;
      const actor = await reader(request, documentId, request.query.token);
      const { document: row } = await documents.readable(actor, documentId);
      reply.header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, row.size);
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${row.size}`)
          .send(
            errorBody(
              request,
              416,
              `The range ${request.headers.range} lies outside the file (${row.size} bytes).`,
            ),
          );
      }
      const object = await openObject(app.storage, request.log, row, range);
      fileHeaders(reply, row, request.query.disposition);
      if (!range) return reply.header('content-length', object.size).send(object.body);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(object.body);
    },
  );

  app.get(
    '/api/documents/:documentId/thumbnail',
    {
      config: { public: true, limited: 'by-route' },
      schema: {
        tags,
        summary: 'A picture of the image or first PDF page; bearer or ?token=',
        description:
          'X-Thumbnail-Cache says whether it came from the cache (hit) or was drawn now (miss).',
        operationId: 'getDocumentThumbnail',
        params: documentIdParamsSchema,
        querystring: thumbnailQuerySchema,
        response: { 200: bytes, 304: z.null().describe('not modified') },
      },
      preValidation: requireParameters('getDocumentThumbnail', { params: ['documentId'] }),
    },
    async (request, reply) => {
      const { documentId } = request.params;
      const { format, width, height, fit, token } = request.query;
      const actor = await reader(request, documentId, token);
      const { document: row } = await documents.readable(actor, documentId);
      const variant = { format, width, height, fit };
      const etag = thumbnailEtag(row, variant);
      reply
        .header('etag', etag)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', contentSecurityPolicy('image/*'));
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      const thumbnail = await thumbnails.get(row, variant);
      return reply
        .header('content-type', thumbnail.contentType)
        .header('content-length', thumbnail.size)
        .header('x-thumbnail-cache', thumbnail.cache)
        .send(thumbnail.body);
    },
  );

  app.post(
    '/api/documents/:documentId/token',
    {
      schema: {
        tags,
        summary: 'A fresh access token for this document and you (15 minutes)',
        operationId: 'createDocumentAccessToken',
        params: documentIdParamsSchema,
        response: { 200: accessTokenSchema },
      },
      preValidation: requireParameters('createDocumentAccessToken', { params: ['documentId'] }),
    },
    async (request) => {
      const issued = await documents.token(requireUser(request), request.params.documentId);
      return { token: issued.token, expiresAt: issued.expiresAt.toISOString() };
    },
  );
};

export default fileRoutes;
