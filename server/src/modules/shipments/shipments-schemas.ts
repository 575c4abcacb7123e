import { z } from 'zod';
import { staleVersionSchema } from '#common/api.js';
import { kycGateRefusalSchema } from '#common/orders.js';
import {
  orderNotShippableSchema,
  quantityExceedsRemainingSchema,
  shipmentRefusalSchema,
  shipmentSchema,
  transportSchema,
  type shipmentCreateSchema,
  type shipmentStatusChangeSchema,
  type shipmentUpdateSchema,
  type transportCreateSchema,
  type transportStatusChangeSchema,
  type transportUpdateSchema,
} from '#common/shipments.js';
import { idOrUuidSchema } from '#server/api-schemas.js';
import { errorResponseSchema } from '#server/plugins/errors.js';

export const tags = ['shipments'];

/** `/shipments/{idOrUuid}`: a positive integer is the id, a UUID the uuid; anything else 400. */
export const shipmentParamsSchema = z.object({
  idOrUuid: idOrUuidSchema.describe('the shipment’s numeric id or its uuid'),
});

/** `/transports/{idOrUuid}`, likewise. */
export const transportParamsSchema = z.object({
  idOrUuid: idOrUuidSchema.describe('the leg’s numeric id or its uuid'),
});

/** `/orders/{idOrUuid}/shipments`. */
export const orderParamsSchema = z.object({
  idOrUuid: idOrUuidSchema.describe('the order’s numeric id or its uuid'),
});

/** Planning: the order is not shippable, or a line asks for more than is left. */
export const shipmentCreateConflictSchema = errorResponseSchema
  .extend({
    details: z.union([orderNotShippableSchema, quantityExceedsRemainingSchema]).optional(),
  })
  .meta({ id: 'ShipmentCreateConflict' });

/** A change: someone else changed it first, or a line asks for more than is left. */
export const shipmentChangeConflictSchema = errorResponseSchema
  .extend({
    details: z
      .union([staleVersionSchema(shipmentSchema), quantityExceedsRemainingSchema])
      .optional(),
  })
  .meta({ id: 'ShipmentChangeConflict' });

/**
 * A status change: a stale version, the compliance gate, a shipment that follows its legs, the
 * order no longer shippable, or a move the table does not allow (no details).
 */
export const shipmentStatusConflictSchema = errorResponseSchema
  .extend({
    details: z
      .union([
        staleVersionSchema(shipmentSchema),
        kycGateRefusalSchema,
        shipmentRefusalSchema,
        orderNotShippableSchema,
      ])
      .optional(),
  })
  .meta({ id: 'ShipmentStatusConflict' });

/** A leg's change: someone else changed it first, or it has left (no details). */
export const transportChangeConflictSchema = errorResponseSchema
  .extend({ details: staleVersionSchema(transportSchema).optional() })
  .meta({ id: 'TransportChangeConflict' });

/** A leg's move: a stale version, the gate (its first departure), a leg ahead still open. */
export const transportStatusConflictSchema = errorResponseSchema
  .extend({
    details: z
      .union([
        staleVersionSchema(transportSchema),
        kycGateRefusalSchema,
        shipmentRefusalSchema,
        orderNotShippableSchema,
      ])
      .optional(),
  })
  .meta({ id: 'TransportStatusConflict' });

export type ShipmentCreateInput = z.output<typeof shipmentCreateSchema>;
export type ShipmentUpdateInput = z.output<typeof shipmentUpdateSchema>;
export type ShipmentStatusInput = z.output<typeof shipmentStatusChangeSchema>;
export type TransportCreateInput = z.output<typeof transportCreateSchema>;
export type TransportUpdateInput = z.output<typeof transportUpdateSchema>;
export type TransportStatusInput = z.output<typeof transportStatusChangeSchema>;
