import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderCountsSchema,
  orderCreateSchema,
  orderHistorySchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  orderStatusChangeSchema,
  orderUpdateSchema,
} from '#common/orders.js';
import { requireUser } from '#server/plugins/auth.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';
import { expectedVersion } from '#server/versions.js';
import {
  orderChangeConflictSchema,
  orderParamsSchema,
  orderStatusConflictSchema,
  tags,
} from './orders-schemas.js';
import { createOrderService, type OrderShipmentRules } from './orders-service.js';

/**
 * Orders (docs/api/orders.md, decision 033): staff make, change and move them; a trade
 * partner's members read their company's. Their documents go through /api/documents.
 */
const orderRoutes: FastifyPluginAsyncZod<{
  /** What an order's change asks of its shipments (issue 21). */
  shipments: OrderShipmentRules;
}> = async (app, opts) => {
  const orders = createOrderService(app.db, opts.shipments);

  app.get(
    '/api/orders',
    {
      config: { errors: [400, 401] },
      schema: {
        tags,
        summary: 'A page of orders: all for staff, your companies’ for everyone else',
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema },
      },
    },
    async (request) => orders.list(requireUser(request), request.query),
  );

  app.get(
    '/api/orders/counts',
    {
      config: { errors: [401] },
      schema: {
        tags,
        summary: 'How many of the orders you may see are on hold for KYC, and how many are open',
        response: { 200: orderCountsSchema },
      },
    },
    async (request) => orders.counts(requireUser(request)),
  );

  app.post(
    '/api/orders',
    {
      schema: {
        tags,
        summary: "Make an order for a trade partner, in DRAFT (staff); totals are the server's",
        body: orderCreateSchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await orders.create(requireUser(request), request.body)),
  );

  app.get(
    '/api/orders/:idOrUuid',
    {
      schema: {
        tags,
        summary: 'One order, with its lines, its partner’s KYC standing and what you may do',
        params: orderParamsSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => orders.get(requireUser(request), request.params.idOrUuid),
  );

  app.put(
    '/api/orders/:idOrUuid',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary: "Replace an order's fields and lines, in DRAFT or CONFIRMED (staff)",
        params: orderParamsSchema,
        body: orderUpdateSchema,
        response: { 200: orderSchema, 409: orderChangeConflictSchema },
      },
    },
    async (request) =>
      orders.update(
        requireUser(request),
        request.params.idOrUuid,
        request.body,
        expectedVersion(request),
      ),
  );

  app.post(
    '/api/orders/:idOrUuid/status',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary:
          "Move an order (staff): the transition table, a confirmation's required fields, and the partner's approved KYC file to go ahead",
        params: orderParamsSchema,
        body: orderStatusChangeSchema,
        response: { 200: orderSchema, 409: orderStatusConflictSchema },
      },
    },
    async (request) =>
      orders.changeStatus(
        requireUser(request),
        request.params.idOrUuid,
        request.body,
        expectedVersion(request),
      ),
  );

  app.get(
    '/api/orders/:idOrUuid/history',
    {
      schema: {
        tags,
        summary: "The order's audit trail, its status history included, oldest first",
        params: orderParamsSchema,
        response: { 200: orderHistorySchema },
      },
    },
    async (request) => orders.history(requireUser(request), request.params.idOrUuid),
  );
};

export default orderRoutes;
