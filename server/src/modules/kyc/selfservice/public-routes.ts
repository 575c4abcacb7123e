import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentSchema, documentTypeSchema } from '#common/documents.js';
import { kycStepSchema, readinessSchema } from '#common/kyc-responses.js';
import {
  SELF_SERVICE_API,
  SELF_SERVICE_TOKEN_HEADER,
  selfServiceDocumentsSchema,
  selfServiceDocumentStatusSchema,
  selfServiceDocumentTypeSchema,
  selfServiceFileSchema,
  selfServiceSubmitSchema,
  tokenBodySchema,
  type LinkAction,
} from '#common/selfservice.js';
import { claimAnswerSchema } from '#common/selfservice-claim.js';
import type { Config } from '#server/config.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { CONFLICT_ERRORS, COMMON_ERRORS } from '#server/plugins/errors.js';
import { expectedVersion } from '#server/versions.js';
import {
  documentIdParamsSchema,
  shipmentQuerySchema,
} from '#server/modules/documents/documents-schemas.js';
import {
  contentLength,
  createLinkDocumentService,
  filePart,
  UPLOAD_ERRORS,
  uploadDescription,
} from '#server/modules/documents/link-documents-service.js';
import type { StepCollector } from '../core/ports.js';
import { stepDataInputSchema, stepDraftInputSchema } from '#common/kyc-bodies.js';
import type { KycReactions } from '../core/reactions-service.js';
import { stepParamsSchema } from './selfservice-schemas.js';
import {
  invalidLink,
  linkActor,
  linkStillWrites,
  tokenHash,
  createGrants,
} from '../core/grants.js';
import type { SelfServiceService } from './selfservice-service.js';

const tags = ['kyc self-service'];

const headers = z.object({
  [SELF_SERVICE_TOKEN_HEADER]: z
    .string()
    .optional()
    .describe("the link's token; every public call but validate-token needs it"),
});

const description =
  `No bearer token: the link's token in the ${SELF_SERVICE_TOKEN_HEADER} header is the only ` +
  'credential, and reaches one KYC file of one company. An unknown, expired, revoked or ended ' +
  'token is 404 with one neutral message. Rate limited per client address and per link (429).';

/**
 * The public self-service API (issue 19, decision 032), under /api/kyc/selfservice. Each call
 * counts against its client address's limit before anything is looked up, then against its
 * link's once the token opens one; the link's holder then goes through the same services as
 * the signed-in partner, as the caller grants.ts makes of the link.
 */
const publicRoutes: FastifyPluginAsyncZod<{
  config: Config;
  service: SelfServiceService;
  collection: StepCollector;
  reactions: KycReactions;
}> = async (app, { config, service, collection, reactions }) => {
  const grants = createGrants(app.db);
  const maxBytes = config.documents.maxBytes;
  const documents = createLinkDocumentService(
    app.db,
    app.storage,
    maxBytes,
    app.log,
    reactions.evidence,
    reactions.documentChanged,
    linkStillWrites,
  );
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 },
  });

  const holders = new WeakMap<FastifyRequest, AuthUser>();

  // Before the body is read and before any lookup: a flood costs one counter each.
  app.addHook('onRequest', async (request) => {
    await app.limits.selfService.address(request);
  });
  // Nothing of a file is kept by a browser or a proxy, and no Referer carries the page's address.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    return payload;
  });

  /** The link `token` opens, counted against its own limit, as the caller it makes. */
  async function open(request: FastifyRequest, token: string | undefined): Promise<AuthUser> {
    if (!token) throw invalidLink();
    const { view, grant } = await grants.byToken(token);
    await app.limits.selfService.link(request, tokenHash(token));
    const actor = linkActor(view, grant);
    holders.set(request, actor);
    return actor;
  }

  const holder = async (request: FastifyRequest) => {
    await open(request, tokenOf(request));
  };
  const tokenOf = (request: FastifyRequest): string | undefined => {
    const value = request.headers[SELF_SERVICE_TOKEN_HEADER];
    return typeof value === 'string' ? value : undefined;
  };
  const actorOf = (request: FastifyRequest): AuthUser => holders.get(request)!;
  const origin = (request: FastifyRequest) => ({
    address: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });
  const used = (request: FastifyRequest, action: LinkAction) =>
    service.recordUse(actorOf(request), origin(request), action);

  const publicConfig = { public: true, limited: 'by-route' } as const;

  app.post(
    `${SELF_SERVICE_API}/validate-token`,
    {
      config: { ...publicConfig, errors: COMMON_ERRORS },
      schema: {
        tags,
        security: [],
        summary: 'Open a self-service link: what its page shows (an open in its access log)',
        description,
        operationId: 'validateSelfServiceToken',
        body: tokenBodySchema,
        response: { 200: selfServiceFileSchema },
      },
    },
    async (request) => {
      const actor = await open(request, request.body.token);
      await used(request, 'open');
      return service.file(actor);
    },
  );

  app.get(
    `${SELF_SERVICE_API}/file`,
    {
      config: { ...publicConfig, errors: COMMON_ERRORS },
      preHandler: holder,
      schema: {
        tags,
        security: [],
        summary: "The link's file: its status, its company and its steps",
        description,
        operationId: 'getSelfServiceFile',
        headers,
        response: { 200: selfServiceFileSchema },
      },
    },
    async (request) => service.file(actorOf(request)),
  );

  app.put(
    `${SELF_SERVICE_API}/steps/:stepType/data`,
    {
      config: { ...publicConfig, errors: CONFLICT_ERRORS },
      preHandler: holder,
      schema: {
        tags,
        security: [],
        summary: "Save a step's form data, validated as the signed-in form's (decision 013)",
        description,
        operationId: 'saveSelfServiceStepData',
        headers,
        params: stepParamsSchema,
        body: stepDataInputSchema,
        response: { 200: kycStepSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const step = await collection.saveData(
        actor,
        { id: actor.selfService!.kycId },
        request.params.stepType,
        actor.selfService!.userId,
        { ...request.body, version: expectedVersion(request) },
      );
      await used(request, 'save_data');
      return step;
    },
  );

  app.put(
    `${SELF_SERVICE_API}/steps/:stepType/draft`,
    {
      config: { ...publicConfig, errors: CONFLICT_ERRORS },
      preHandler: holder,
      schema: {
        tags,
        security: [],
        summary: "Keep the unsaved state of a step's form (not validated)",
        description,
        operationId: 'saveSelfServiceStepDraft',
        headers,
        params: stepParamsSchema,
        body: stepDraftInputSchema,
        response: { 200: kycStepSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const step = await collection.saveDraft(
        actor,
        { id: actor.selfService!.kycId },
        request.params.stepType,
        actor.selfService!.userId,
        request.body.draft,
      );
      await used(request, 'save_draft');
      return step;
    },
  );

  app.delete(
    `${SELF_SERVICE_API}/steps/:stepType/draft`,
    {
      config: { ...publicConfig, errors: CONFLICT_ERRORS },
      preHandler: holder,
      schema: {
        tags,
        security: [],
        summary: "Discard the draft of a step's form",
        description,
        operationId: 'deleteSelfServiceStepDraft',
        headers,
        params: stepParamsSchema,
        response: { 204: z.null().describe('discarded') },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await collection.clearDraft(
        actor,
        { id: actor.selfService!.kycId },
        request.params.stepType,
        actor.selfService!.userId,
      );
      await used(request, 'discard_draft');
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${SELF_SERVICE_API}/readiness`,
    {
      config: { ...publicConfig, errors: COMMON_ERRORS },
      preHandler: holder,
      schema: {
        tags,
        security: [],
        summary: 'What is missing before the file may be handed in',
        description,
        operationId: 'getSelfServiceReadiness',
        headers,
        response: { 200: readinessSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return collection.readiness(actor, { id: actor.selfService!.kycId });
    },
  );

  app.get(
    `${SELF_SERVICE_API}/documents`,
    {
      config: { ...publicConfig, errors: COMMON_ERRORS },
      preHandler: holder,
      schema: {
        tags,
        security: [],
        summary: "The documents uploaded through the file's links (no other of the company's)",
        description,
        operationId: 'getSelfServiceDocuments',
        headers,
        querystring: shipmentQuerySchema,
        response: { 200: selfServiceDocumentsSchema },
      },
    },
    async (request) => documents.list(actorOf(request), request.query.includeArchived),
  );

  app.post(
    `${SELF_SERVICE_API}/documents`,
    {
      config: { ...publicConfig, errors: UPLOAD_ERRORS },
      preHandler: holder,
      schema: {
        tags,
        security: [],
        summary: "Upload a document to the link's file, with every limit of ordinary uploads",
        description: `${description} ${uploadDescription}`,
        operationId: 'uploadSelfServiceDocument',
        headers,
        querystring: z.object({ documentType: documentTypeSchema }),
        response: { 201: documentSchema },
      },
    },
    async (request, reply) => {
      const result = await documents.upload({
        actor: actorOf(request),
        target: { kind: 'selfservice', query: request.query },
        operation: 'uploadSelfServiceDocument',
        contentLength: contentLength(request),
        file: () => filePart(request),
      });
      await used(request, 'upload');
      return reply.status(201).send(result.document);
    },
  );

  app.patch(
    `${SELF_SERVICE_API}/documents/:documentId/type`,
    {
      config: { ...publicConfig, errors: COMMON_ERRORS },
      preHandler: holder,
      schema: {
        tags,
        security: [],
        summary: "Change the type of a document of the link's file",
        description,
        operationId: 'setSelfServiceDocumentType',
        headers,
        params: documentIdParamsSchema,
        body: selfServiceDocumentTypeSchema,
        response: { 200: documentSchema },
      },
    },
    async (request) => {
      const document = await documents.setType(
        actorOf(request),
        request.params.documentId,
        request.body.type,
      );
      await used(request, 'retype_document');
      return document;
    },
  );

  app.patch(
    `${SELF_SERVICE_API}/documents/:documentId/status`,
    {
      config: { ...publicConfig, errors: COMMON_ERRORS },
      preHandler: holder,
      schema: {
        tags,
        security: [],
        summary: "Archive or restore a document of the link's file",
        description,
        operationId: 'setSelfServiceDocumentStatus',
        headers,
        params: documentIdParamsSchema,
        body: selfServiceDocumentStatusSchema,
        response: { 200: documentSchema },
      },
    },
    async (request) => {
      const { status } = request.body;
      const document = await documents.setStatus(
        actorOf(request),
        request.params.documentId,
        status,
      );
      await used(request, status === 'ARCHIVED' ? 'archive_document' : 'restore_document');
      return document;
    },
  );

  app.post(
    `${SELF_SERVICE_API}/submit`,
    {
      config: { ...publicConfig, errors: CONFLICT_ERRORS },
      preHandler: holder,
      schema: {
        tags,
        security: [],
        summary: 'Hand the file in (409 with what is missing); the link then shows its status',
        description,
        operationId: 'submitSelfServiceFile',
        headers,
        body: selfServiceSubmitSchema.optional(),
        response: { 200: selfServiceFileSchema },
      },
    },
    async (request) => {
      const file = await service.submit(actorOf(request), request.body?.version);
      await used(request, 'submit');
      return file;
    },
  );

  app.post(
    `${SELF_SERVICE_API}/claim`,
    {
      config: { ...publicConfig, errors: COMMON_ERRORS },
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "Follow the link's file with an account: its recipient, signed in with the verified " +
          "e-mail the link was made for, joins its company at the link's access level, and the " +
          'link ends',
        description:
          `Needs a bearer token and the link's token. 403 with details.reason (notRecipient, ` +
          `noRecipient, handedIn, notAllowed) for anyone else, or once the file was handed in. ` +
          description,
        operationId: 'claimSelfServiceLink',
        headers,
        response: { 200: claimAnswerSchema },
      },
    },
    async (request) => {
      const actor = await app.authenticate(request);
      const token = tokenOf(request);
      if (!token) throw invalidLink();
      await app.limits.selfService.link(request, tokenHash(token));
      return service.claim(actor, token, origin(request));
    },
  );
};

export default publicRoutes;
