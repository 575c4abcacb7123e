import { z } from 'zod';
import { staleVersionSchema } from '#common/api.js';
import {
  goodsLeftToShipSchema,
  kycGateRefusalSchema,
  orderIncompleteSchema,
  orderSchema,
  type orderCreateSchema,
  type orderListQuerySchema,
  type orderStatusChangeSchema,
  type orderUpdateSchema,
} from '#common/orders.js';
import { shipmentRefusalSchema } from '#common/shipments.js';
import { idOrUuidSchema } from '#server/api-schemas.js';
import { errorResponseSchema } from '#server/plugins/errors.js';

export const tags = ['orders'];

/** `/orders/{idOrUuid}`: a positive integer is the id, a UUID the uuid; anything else 400. */
export const orderParamsSchema = z.object({
  idOrUuid: idOrUuidSchema.describe('the order’s numeric id or its uuid'),
});

/**
 * A change: someone else changed the order first, a confirmed order would lack a field, or its
 * shipments hold its lines.
 */
export const orderChangeConflictSchema = errorResponseSchema
  .extend({
    details: z
      .union([staleVersionSchema(orderSchema), orderIncompleteSchema, shipmentRefusalSchema])
      .optional(),
  })
  .meta({ id: 'OrderChangeConflict' });

/**
 * A status change: a stale version, a confirmation the order is not ready for, the compliance
 * gate (the partner's KYC file is not approved), its shipments in the way, goods left to ship
 * when it is completed without a reason (decision 036), or a move the table does not allow (no
 * details).
 */
export const orderStatusConflictSchema = errorResponseSchema
  .extend({
    details: z
      .union([
        staleVersionSchema(orderSchema),
        orderIncompleteSchema,
        kycGateRefusalSchema,
        shipmentRefusalSchema,
        goodsLeftToShipSchema,
      ])
      .optional(),
  })
  .meta({ id: 'OrderStatusConflict' });

export type OrderListQuery = z.output<typeof orderListQuerySchema>;
export type OrderCreateInput = z.output<typeof orderCreateSchema>;
export type OrderUpdateInput = z.output<typeof orderUpdateSchema>;
export type OrderStatusInput = z.output<typeof orderStatusChangeSchema>;
