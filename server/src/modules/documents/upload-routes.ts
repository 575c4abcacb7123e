import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentSchema, profilePictureUploadSchema, type UploadPlace } from '#common/documents.js';
import { PLACE_DOCUMENT_TYPES } from '#common/kyc.js';
import { AppError, ValidationError } from '#server/errors.js';
import { requireUser } from '#server/plugins/auth.js';
import { COMMON_ERRORS, type ErrorStatus } from '#server/plugins/errors.js';
import { requireParameters } from '#server/api-parameters.js';
import {
  linkedUploadQuerySchema,
  shipmentParamsSchema,
  tags,
  transportParamsSchema,
  uploadQuerySchema,
} from './documents-schemas.js';
import type { UploadService } from './uploads-service.js';
import type { UploadSource } from './upload.js';

/** An upload may also be too large (413) or of a type not accepted (415). */
export const UPLOAD_ERRORS: readonly ErrorStatus[] = [...COMMON_ERRORS, 413, 415];

export const uploadDescription =
  'multipart/form-data with the file in the field `file`. The type is sniffed from the bytes ' +
  '(PDF, PNG, JPEG, WebP, TIFF; 415 otherwise); larger than DOCUMENT_MAX_BYTES is 413. ' +
  '`documentType` must be a type of the place the document goes (decision 043): ' +
  "an order its commercial papers, a shipment or leg its transport papers, a link its file's " +
  'evidence, a company any paper, PROFILE_PICTURE only as a profile picture; 400 otherwise.';

/** The types an upload route takes, for its description. */
const accepts = (place: UploadPlace) =>
  `Here \`documentType\` is one of ${PLACE_DOCUMENT_TYPES[place].join(', ')}.`;

export function contentLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header === undefined ? undefined : Number(header);
}

/** The multipart part named `file`, or undefined when the request carries none. */
export async function filePart(
  request: FastifyRequest,
): Promise<{ filename: string; stream: UploadSource } | undefined> {
  if (!request.isMultipart()) return undefined;
  let part;
  try {
    part = await request.file();
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new ValidationError('The multipart body could not be read.');
  }
  if (!part) return undefined;
  if (part.fieldname !== 'file') {
    part.file.resume();
    return undefined;
  }
  return { filename: part.filename, stream: part.file };
}

/** Uploads: the query is checked first, then the right to upload, then the bytes stream in. */
const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadService }> = async (
  app,
  { uploads },
) => {
  app.post(
    '/api/documents',
    {
      config: { errors: UPLOAD_ERRORS },
      schema: {
        tags,
        summary:
          "Upload a document for a trade partner (or its contact or address), or a user's profile picture",
        description: `${uploadDescription} ${accepts('company')} Linked to an order: ${PLACE_DOCUMENT_TYPES.order.join(', ')}; to a shipment or a leg: ${PLACE_DOCUMENT_TYPES.shipment.join(', ')}. Or PROFILE_PICTURE, with no link (tradePartnerId, orderId, …): the profile picture of the user userId.`,
        operationId: 'uploadDocument',
        querystring: uploadQuerySchema,
        response: { 201: z.union([documentSchema, profilePictureUploadSchema]) },
      },
      preValidation: requireParameters('uploadDocument', {
        querystring: ['userId', 'documentType'],
      }),
    },
    async (request, reply) => {
      const result = await uploads.upload({
        actor: requireUser(request),
        target: { kind: 'document', query: request.query },
        operation: 'uploadDocument',
        contentLength: contentLength(request),
        file: () => filePart(request),
      });
      return reply
        .status(201)
        .send(
          result.imageUrl === undefined
            ? result.document
            : { imageUrl: result.imageUrl, document: result.document },
        );
    },
  );

  app.post(
    '/api/documents/shipment/:shipmentId',
    {
      config: { errors: UPLOAD_ERRORS },
      schema: {
        tags,
        summary: 'Upload a document for a shipment',
        description: `${uploadDescription} ${accepts('shipment')}`,
        operationId: 'uploadShipmentDocument',
        params: shipmentParamsSchema,
        querystring: linkedUploadQuerySchema,
        response: { 201: documentSchema },
      },
      preValidation: requireParameters('uploadShipmentDocument', {
        params: ['shipmentId'],
        querystring: ['userId', 'documentType'],
      }),
    },
    async (request, reply) => {
      const result = await uploads.upload({
        actor: requireUser(request),
        target: {
          kind: 'shipment',
          shipmentId: request.params.shipmentId,
          query: request.query,
        },
        operation: 'uploadShipmentDocument',
        contentLength: contentLength(request),
        file: () => filePart(request),
      });
      return reply.status(201).send(result.document);
    },
  );

  app.post(
    '/api/documents/transport/:transportId',
    {
      config: { errors: UPLOAD_ERRORS },
      schema: {
        tags,
        summary: 'Upload a document for a transport',
        description: `${uploadDescription} ${accepts('leg')}`,
        operationId: 'uploadTransportDocument',
        params: transportParamsSchema,
        querystring: linkedUploadQuerySchema,
        response: { 201: documentSchema },
      },
      preValidation: requireParameters('uploadTransportDocument', {
        params: ['transportId'],
        querystring: ['userId', 'documentType'],
      }),
    },
    async (request, reply) => {
      const result = await uploads.upload({
        actor: requireUser(request),
        target: {
          kind: 'transport',
          transportId: request.params.transportId,
          query: request.query,
        },
        operation: 'uploadTransportDocument',
        contentLength: contentLength(request),
        file: () => filePart(request),
      });
      return reply.status(201).send(result.document);
    },
  );
};

export default uploadRoutes;
