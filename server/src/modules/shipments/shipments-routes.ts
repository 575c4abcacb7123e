import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderHistorySchema } from '#common/orders.js';
import {
  orderShipmentsSchema,
  shipmentCreateSchema,
  shipmentSchema,
  shipmentStatusChangeSchema,
  shipmentUpdateSchema,
} from '#common/shipments.js';
import { requireUser } from '#server/plugins/auth.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';
import { expectedVersion } from '#server/versions.js';
import {
  orderParamsSchema,
  shipmentChangeConflictSchema,
  shipmentCreateConflictSchema,
  shipmentParamsSchema,
  shipmentStatusConflictSchema,
  tags,
} from './shipments-schemas.js';
import { createShipmentService } from './shipments-service.js';

/**
 * Shipments (docs/api/shipments.md, issue 21): staff plan, change and move them; a trade
 * partner's members read their company's. Their legs are in transports-routes.ts, their papers
 * go through /api/documents.
 */
const shipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const shipments = createShipmentService(app.db);

  app.post(
    '/api/shipments',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary:
          'Plan a shipment of a CONFIRMED or IN_PROGRESS order (staff): never more of a line than is left to ship',
        body: shipmentCreateSchema,
        response: { 201: shipmentSchema, 409: shipmentCreateConflictSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await shipments.create(requireUser(request), request.body)),
  );

  app.get(
    '/api/shipments/:idOrUuid',
    {
      schema: {
        tags,
        summary:
          'One shipment, with its lines, its legs in sequence, its order and what you may do',
        params: shipmentParamsSchema,
        response: { 200: shipmentSchema },
      },
    },
    async (request) => shipments.get(requireUser(request), request.params.idOrUuid),
  );

  app.put(
    '/api/shipments/:idOrUuid',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary: "Replace a PLANNED shipment's places, dates, notes and lines (staff)",
        params: shipmentParamsSchema,
        body: shipmentUpdateSchema,
        response: { 200: shipmentSchema, 409: shipmentChangeConflictSchema },
      },
    },
    async (request) =>
      shipments.update(
        requireUser(request),
        request.params.idOrUuid,
        request.body,
        expectedVersion(request),
      ),
  );

  app.post(
    '/api/shipments/:idOrUuid/status',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary:
          "Move a shipment (staff): the transition table, a shipment with legs follows them, and the partner's approved KYC file to leave",
        params: shipmentParamsSchema,
        body: shipmentStatusChangeSchema,
        response: { 200: shipmentSchema, 409: shipmentStatusConflictSchema },
      },
    },
    async (request) =>
      shipments.changeStatus(
        requireUser(request),
        request.params.idOrUuid,
        request.body,
        expectedVersion(request),
      ),
  );

  app.get(
    '/api/shipments/:idOrUuid/history',
    {
      schema: {
        tags,
        summary: "The entries of the order's trail about this shipment and its legs, oldest first",
        params: shipmentParamsSchema,
        response: { 200: orderHistorySchema },
      },
    },
    async (request) => shipments.history(requireUser(request), request.params.idOrUuid),
  );

  app.get(
    '/api/orders/:idOrUuid/shipments',
    {
      schema: {
        tags,
        summary: "An order's shipments, newest first, and what is left to ship of each line",
        params: orderParamsSchema,
        response: { 200: orderShipmentsSchema },
      },
    },
    async (request) => shipments.ofOrder(requireUser(request), request.params.idOrUuid),
  );
};

export default shipmentRoutes;
