import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentPageSchema,
  documentSchema,
  documentStatusesSchema,
  documentTypesSchema,
  storeDiagnosisSchema,
} from '#common/documents.js';
import type { Config } from '#server/config.js';
import { DOCUMENT_STATUSES } from '#server/db/schema/documents.js';
import { requireUser } from '#server/plugins/auth.js';
import { createAccessTokens } from './access-tokens.js';
import fileRoutes from './file-routes.js';
import { requireParameters } from '#server/api-parameters.js';
import { createDocumentRepository } from './documents-repository.js';
import {
  byEntityParamsSchema,
  byEntityQuerySchema,
  byEntityUuidParamsSchema,
  customerParamsSchema,
  customerQuerySchema,
  documentIdParamsSchema,
  entityParamsSchema,
  entityQuerySchema,
  entityUuidParamsSchema,
  filterQuerySchema,
  listQuerySchema,
  shipmentParamsSchema,
  shipmentQuerySchema,
  statusQuerySchema,
  tags,
  typeQuerySchema,
} from './documents-schemas.js';
import { createDocumentService } from './documents-service.js';
import { createThumbnails } from './thumbnails-service.js';
import type { CompanyDocumentListener, EvidenceKeeper, SelfServiceCaller } from './types.js';
import uploadRoutes from './upload-routes.js';
import { createUploadService } from './uploads-service.js';

/** Documents: lists and lookups here; bytes in file-routes.ts, uploads in upload-routes.ts. */
const documentRoutes: FastifyPluginAsyncZod<{
  config: Config;
  /** Hears of every change to a company's document, once it has committed. */
  onCompanyDocumentChange?: CompanyDocumentListener;
  /** Who a self-service link's access token stands for (issue 19). */
  selfServiceCaller?: SelfServiceCaller;
  /** The KYC files' side of their evidence (decision 035). */
  evidence: EvidenceKeeper;
}> = async (app, opts) => {
  const tokens = createAccessTokens(createDocumentRepository(app.db));
  const onChange = opts.onCompanyDocumentChange;
  const documents = createDocumentService(app.db, app.storage, tokens, opts.evidence, onChange);
  const maxBytes = opts.config.documents.maxBytes;

  // Streaming uploads, for these routes only: one file, no larger than the limit.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 },
  });

  app.get(
    '/api/documents/types',
    {
      config: { errors: [401] },
      schema: {
        tags,
        summary: 'Every document type with its English label (the app translates by code)',
        operationId: 'getDocumentTypes',
        response: { 200: documentTypesSchema },
      },
    },
    async () => documents.types(),
  );

  app.get(
    '/api/documents/statuses',
    {
      config: { errors: [401] },
      schema: {
        tags,
        summary: 'The document statuses',
        operationId: 'getDocumentStatuses',
        response: { 200: documentStatusesSchema },
      },
    },
    async () => [...DOCUMENT_STATUSES],
  );

  app.get(
    '/api/documents/diagnose-s3',
    {
      config: { errors: [401, 403] },
      schema: {
        tags,
        summary: 'Whether the document store answers and accepts writes (staff only)',
        operationId: 'diagnoseS3',
        response: { 200: storeDiagnosisSchema },
      },
    },
    async (request) => documents.diagnose(requireUser(request)),
  );

  app.get(
    '/api/documents/filter',
    {
      schema: {
        tags,
        summary: 'A page of the documents you may read that match every given filter',
        operationId: 'filterDocuments',
        querystring: filterQuerySchema,
        response: { 200: documentPageSchema },
      },
    },
    async (request) => documents.filter(requireUser(request), request.query),
  );

  app.get(
    '/api/documents',
    {
      config: { errors: [400, 401] },
      schema: {
        tags,
        summary: 'A page of every document you may read',
        operationId: 'getDocuments',
        querystring: listQuerySchema,
        response: { 200: documentPageSchema },
      },
    },
    async (request) => documents.list(requireUser(request), request.query),
  );

  app.get(
    '/api/documents/customer/:customerTradePartnerId',
    {
      schema: {
        tags,
        summary: "A trade partner's documents",
        operationId: 'getDocumentsByCustomer',
        params: customerParamsSchema,
        querystring: customerQuerySchema,
        response: { 200: z.array(documentSchema) },
      },
      preValidation: requireParameters('getDocumentsByCustomer', {
        params: ['customerTradePartnerId'],
      }),
    },
    async (request) =>
      documents.byCustomer(
        requireUser(request),
        request.params.customerTradePartnerId,
        request.query,
      ),
  );

  app.get(
    '/api/documents/by-entity/:entityType/:entityId',
    {
      schema: {
        tags,
        summary: 'The ACTIVE documents of an entity, by its id',
        operationId: 'getDocumentsByEntity',
        params: byEntityParamsSchema,
        querystring: byEntityQuerySchema,
        response: { 200: z.array(documentSchema) },
      },
      preValidation: requireParameters('getDocumentsByEntity', {
        params: ['entityType', 'entityId'],
      }),
    },
    async (request) =>
      documents.byEntity(
        requireUser(request),
        request.params.entityType,
        { id: request.params.entityId },
        request.query.documentType,
      ),
  );

  app.get(
    '/api/documents/by-entity-uuid/:entityType/:entityUuid',
    {
      schema: {
        tags,
        summary: 'The ACTIVE documents of an entity, by its uuid',
        operationId: 'getDocumentsByEntityUuid',
        params: byEntityUuidParamsSchema,
        querystring: byEntityQuerySchema,
        response: { 200: z.array(documentSchema) },
      },
      preValidation: requireParameters('getDocumentsByEntityUuid', {
        params: ['entityType', 'entityUuid'],
      }),
    },
    async (request) =>
      documents.byEntity(
        requireUser(request),
        request.params.entityType,
        { uuid: request.params.entityUuid },
        request.query.documentType,
      ),
  );

  app.get(
    '/api/documents/entity/:entityName/:entityId',
    {
      schema: {
        tags,
        summary: 'A page of the documents of an entity, by its id',
        operationId: 'getDocumentsForEntity',
        params: entityParamsSchema,
        querystring: entityQuerySchema,
        response: { 200: documentPageSchema },
      },
      preValidation: requireParameters('getDocumentsForEntity', {
        params: ['entityName', 'entityId'],
      }),
    },
    async (request) =>
      documents.entityPage(
        requireUser(request),
        request.params.entityName,
        { id: request.params.entityId },
        request.query,
      ),
  );

  app.get(
    '/api/documents/entity-uuid/:entityName/:entityUuid',
    {
      schema: {
        tags,
        summary: 'A page of the documents of an entity, by its uuid',
        operationId: 'getDocumentsForEntityUuid',
        params: entityUuidParamsSchema,
        querystring: entityQuerySchema,
        response: { 200: documentPageSchema },
      },
      preValidation: requireParameters('getDocumentsForEntityUuid', {
        params: ['entityName', 'entityUuid'],
      }),
    },
    async (request) =>
      documents.entityPage(
        requireUser(request),
        request.params.entityName,
        { uuid: request.params.entityUuid },
        request.query,
      ),
  );

  app.get(
    '/api/documents/shipment/:shipmentId',
    {
      schema: {
        tags,
        summary: "A shipment's documents (none until shipments are stored)",
        operationId: 'getShipmentDocuments',
        params: shipmentParamsSchema,
        querystring: shipmentQuerySchema,
        response: { 200: z.array(documentSchema) },
      },
      preValidation: requireParameters('getShipmentDocuments', { params: ['shipmentId'] }),
    },
    async (request) =>
      documents.byShipment(
        requireUser(request),
        request.params.shipmentId,
        request.query.includeArchived,
      ),
  );

  app.get(
    '/api/documents/:documentId',
    {
      schema: {
        tags,
        summary: 'One document',
        operationId: 'getDocument',
        params: documentIdParamsSchema,
        response: { 200: documentSchema },
      },
      preValidation: requireParameters('getDocument', { params: ['documentId'] }),
    },
    async (request) => documents.get(requireUser(request), request.params.documentId),
  );

  app.patch(
    '/api/documents/:documentId/status',
    {
      schema: {
        tags,
        summary: 'Archive a document or restore it (never deletes it)',
        operationId: 'updateDocumentStatus',
        params: documentIdParamsSchema,
        querystring: statusQuerySchema,
        response: { 200: documentSchema },
      },
      preValidation: requireParameters('updateDocumentStatus', {
        params: ['documentId'],
        querystring: ['status'],
      }),
    },
    async (request) =>
      documents.setStatus(
        requireUser(request),
        request.params.documentId,
        request.query.status,
        request.query.reason,
      ),
  );

  app.patch(
    '/api/documents/:documentId/type',
    {
      schema: {
        tags,
        summary: "Change a document's type",
        operationId: 'updateDocumentType',
        params: documentIdParamsSchema,
        querystring: typeQuerySchema,
        response: { 200: documentSchema },
      },
      preValidation: requireParameters('updateDocumentType', {
        params: ['documentId'],
        querystring: ['documentType'],
      }),
    },
    async (request) =>
      documents.setType(
        requireUser(request),
        request.params.documentId,
        request.query.documentType,
        request.query.reason,
      ),
  );

  await app.register(fileRoutes, {
    documents,
    tokens,
    thumbnails: createThumbnails(app.storage, app.log),
    selfServiceCaller: opts.selfServiceCaller ?? (async () => undefined),
  });
  await app.register(uploadRoutes, {
    uploads: createUploadService(
      app.db,
      app.storage,
      tokens,
      maxBytes,
      app.log,
      opts.evidence,
      onChange,
    ),
  });
};

export default documentRoutes;
