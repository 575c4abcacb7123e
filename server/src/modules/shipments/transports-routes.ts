import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  transportCreateSchema,
  transportSchema,
  transportStatusChangeSchema,
  transportUpdateSchema,
} from '#common/shipments.js';
import { requireUser } from '#server/plugins/auth.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';
import { expectedVersion } from '#server/versions.js';
import {
  shipmentParamsSchema,
  tags,
  transportChangeConflictSchema,
  transportParamsSchema,
  transportStatusConflictSchema,
} from './shipments-schemas.js';
import { createTransportService } from './transports-service.js';

/** The legs of shipments (docs/api/shipments.md): staff add, change and move them. */
const transportRoutes: FastifyPluginAsyncZod = async (app) => {
  const transports = createTransportService(app.db);

  app.post(
    '/api/shipments/:idOrUuid/transports',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary:
          'Add a leg after the shipment’s last one, while it is PLANNED or IN_TRANSIT (staff)',
        params: shipmentParamsSchema,
        body: transportCreateSchema,
        response: { 201: transportSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await transports.create(requireUser(request), request.params.idOrUuid, request.body)),
  );

  app.get(
    '/api/transports/:idOrUuid',
    {
      schema: {
        tags,
        summary: 'One leg of a shipment',
        params: transportParamsSchema,
        response: { 200: transportSchema },
      },
    },
    async (request) => transports.get(requireUser(request), request.params.idOrUuid),
  );

  app.put(
    '/api/transports/:idOrUuid',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary: "Replace a PLANNED leg's carrier, places and dates (staff)",
        params: transportParamsSchema,
        body: transportUpdateSchema,
        response: { 200: transportSchema, 409: transportChangeConflictSchema },
      },
    },
    async (request) =>
      transports.update(
        requireUser(request),
        request.params.idOrUuid,
        request.body,
        expectedVersion(request),
      ),
  );

  app.post(
    '/api/transports/:idOrUuid/status',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary:
          'Move a leg (staff): legs depart in sequence, the first through the compliance gate; the last arriving delivers the shipment',
        params: transportParamsSchema,
        body: transportStatusChangeSchema,
        response: { 200: transportSchema, 409: transportStatusConflictSchema },
      },
    },
    async (request) =>
      transports.changeStatus(
        requireUser(request),
        request.params.idOrUuid,
        request.body,
        expectedVersion(request),
      ),
  );
};

export default transportRoutes;
