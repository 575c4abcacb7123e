/**
 * Shipments and transports (issue 21, decision 034): what leaves for an order, in which
 * quantities of its lines, and the legs it travels in. The server validates and answers with
 * these; the app parses with them and reads what is left to ship and which legs are late the
 * same way.
 */
import Big from 'big.js';
import countriesLib from 'i18n-iso-countries';
import { z } from 'zod';
import { businessDateSchema, dateTimeSchema, versionSchema } from './api.js';
import type { SHIPMENT_DOCUMENT_TYPES } from './documents.js';
import type { Decimal } from './money.js';
import {
  CANCEL_REASON_MAX,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  ORDER_UNITS,
  QUANTITY_RULES,
  decimal,
  decimalString,
  optionalText,
  orderKycSchema,
  requiredText,
  type OrderLineLeft,
  type OrderStatus,
} from './orders.js';

// ---- statuses and their transitions ---------------------------------------------------------

export const SHIPMENT_STATUSES = ['PLANNED', 'IN_TRANSIT', 'DELIVERED', 'CANCELLED'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/**
 * Where a shipment may go. A shipment with legs follows them: its first leg departing puts it
 * IN_TRANSIT, its last leg arriving DELIVERED; by hand only a shipment without legs moves to
 * IN_TRANSIT or DELIVERED. Cancelling (with a reason) gives its quantities back to the order.
 */
export const SHIPMENT_TRANSITIONS: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  PLANNED: ['IN_TRANSIT', 'CANCELLED'],
  IN_TRANSIT: ['DELIVERED', 'CANCELLED'],
  DELIVERED: [],
  CANCELLED: [],
};

export const mayMoveShipment = (from: ShipmentStatus, to: ShipmentStatus): boolean =>
  SHIPMENT_TRANSITIONS[from].includes(to);

/** A shipment's lines, places and planned dates change only while it is planned. */
export const EDITABLE_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['PLANNED'];

/** Shipments that hold quantities of the order's lines: every one but a cancelled one. */
export const LIVE_SHIPMENT_STATUSES: readonly ShipmentStatus[] = [
  'PLANNED',
  'IN_TRANSIT',
  'DELIVERED',
];

/** Shipments not yet done with: an order is not complete while it has one. */
export const OPEN_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['PLANNED', 'IN_TRANSIT'];

/** Legs may be added to a shipment that has not arrived nor been cancelled. */
export const LEG_ADDABLE_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['PLANNED', 'IN_TRANSIT'];

/** An order is shipped from while it is confirmed or in progress. */
export const SHIPPABLE_ORDER_STATUSES: readonly OrderStatus[] = ['CONFIRMED', 'IN_PROGRESS'];

export const TRANSPORT_STATUSES = ['PLANNED', 'DEPARTED', 'ARRIVED', 'CANCELLED'] as const;
export type TransportStatus = (typeof TRANSPORT_STATUSES)[number];

/**
 * Where a leg may go. Legs travel in their order: a leg departs once every live leg before it
 * has arrived. Only a leg that has not departed can be cancelled (with a reason).
 */
export const TRANSPORT_TRANSITIONS: Record<TransportStatus, readonly TransportStatus[]> = {
  PLANNED: ['DEPARTED', 'CANCELLED'],
  DEPARTED: ['ARRIVED'],
  ARRIVED: [],
  CANCELLED: [],
};

export const mayMoveTransport = (from: TransportStatus, to: TransportStatus): boolean =>
  TRANSPORT_TRANSITIONS[from].includes(to);

/** A leg's own fields change only before it departs. */
export const EDITABLE_TRANSPORT_STATUSES: readonly TransportStatus[] = ['PLANNED'];

export const TRANSPORT_MODES = ['ROAD', 'SEA', 'AIR', 'RAIL'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

/** The most lines a shipment has (as many as its order may have). */
export const SHIPMENT_LINES_MAX = 200;
/** The most legs a shipment travels in. */
export const TRANSPORTS_MAX = 20;

export const SHIPMENT_FIELD_MAX = {
  name: 200,
  street: 200,
  postalCode: 20,
  city: 100,
  notes: 2000,
  carrier: 200,
  vehicle: 100,
  trackingReference: 100,
  place: 200,
} as const;

/** A readable number: `SHP-2026-000123`, from the year and a database sequence. */
export const shipmentNumber = (year: number, sequence: number) =>
  `SHP-${year}-${String(sequence).padStart(6, '0')}`;

// ---- documents ------------------------------------------------------------------------------

/** The paper a leg's upload offers first: the consignment note of its mode. */
export const TRANSPORT_DEFAULT_DOCUMENT: Record<
  TransportMode,
  (typeof SHIPMENT_DOCUMENT_TYPES)[number]
> = {
  ROAD: 'CMR',
  SEA: 'BILL_OF_LADING',
  AIR: 'AIR_WAYBILL',
  RAIL: 'OTHER',
};

// ---- what is left to ship, and lateness -----------------------------------------------------

export interface LineQuantities {
  orderLineId: number;
  ordered: Decimal;
  /** On shipments that are not cancelled. */
  shipped: Decimal;
  /** On delivered shipments. */
  delivered: Decimal;
  /** ordered − shipped: what a new shipment may still take. */
  remaining: Decimal;
}

/**
 * Each order line's quantities: ordered, on live shipments, delivered, and left to ship. The
 * server checks a shipment against `remaining` (with the order locked); the app shows them.
 */
export function lineQuantities(
  orderLines: readonly { id: number; quantity: Decimal }[],
  shipments: readonly {
    status: ShipmentStatus;
    lines: readonly { orderLineId: number; quantity: Decimal }[];
  }[],
): LineQuantities[] {
  return orderLines.map((line) => {
    let shipped = new Big(0);
    let delivered = new Big(0);
    for (const shipment of shipments) {
      if (!LIVE_SHIPMENT_STATUSES.includes(shipment.status)) continue;
      for (const shipmentLine of shipment.lines) {
        if (shipmentLine.orderLineId !== line.id) continue;
        shipped = shipped.plus(shipmentLine.quantity);
        if (shipment.status === 'DELIVERED') delivered = delivered.plus(shipmentLine.quantity);
      }
    }
    return {
      orderLineId: line.id,
      ordered: line.quantity,
      shipped: shipped.toFixed(3) as Decimal,
      delivered: delivered.toFixed(3) as Decimal,
      remaining: new Big(line.quantity).minus(shipped).toFixed(3) as Decimal,
    };
  });
}

/**
 * The lines with something left to ship, by position: what completing the order by hand would
 * leave undelivered, and why it then needs a reason (decision 036).
 */
export const leftToShip = (
  quantities: readonly (LineQuantities &
    Pick<OrderLineLeft, 'position' | 'description' | 'unit'>)[],
): OrderLineLeft[] =>
  quantities
    .filter((line) => new Big(line.remaining).gt(0))
    .map(({ orderLineId, position, description, unit, ordered, remaining }) => ({
      orderLineId,
      position,
      description,
      unit,
      ordered,
      remaining,
    }));

/** Everything ordered has been delivered: the order completes. */
export const allDelivered = (quantities: readonly LineQuantities[]): boolean =>
  quantities.length > 0 && quantities.every((line) => new Big(line.delivered).gte(line.ordered));

/**
 * Late against a planned date (YYYY-MM-DD): done after it, or not done and the date has passed.
 * `today` is the caller's date (the server's, in UTC, for the answers).
 */
export const isLate = (planned: string | null, actual: string | null, today: string): boolean =>
  planned !== null && (actual !== null ? actual > planned : planned < today);

/** A leg is late when it departs or arrives after its planned date, or has not yet and should have. */
export const legLate = (
  leg: {
    status: TransportStatus;
    plannedDeparture: string;
    plannedArrival: string;
    actualDeparture: string | null;
    actualArrival: string | null;
  },
  today: string,
): { departure: boolean; arrival: boolean } =>
  leg.status === 'CANCELLED'
    ? { departure: false, arrival: false }
    : {
        departure: isLate(leg.plannedDeparture, leg.actualDeparture, today),
        arrival: isLate(leg.plannedArrival, leg.actualArrival, today),
      };

/** Today's date as YYYY-MM-DD in UTC. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

// ---- requests --------------------------------------------------------------------------------

export const SHIPMENT_MESSAGES = {
  ...ORDER_MESSAGES,
  country: 'must be an ISO 3166-1 alpha-2 country code',
  deliveryBeforePickup: 'must not be before the planned pickup',
  arrivalBeforeDeparture: 'must not be before the planned departure',
  duplicateLine: 'names an order line twice',
  noLines: 'a shipment needs at least one line',
} as const;

const M = SHIPMENT_MESSAGES;

const countryCode = z
  .string({ error: M.required })
  .trim()
  .toUpperCase()
  .refine((value) => /^[A-Z]{2}$/.test(value) && countriesLib.isValid(value), {
    error: M.country,
  });

/** Where a shipment is picked up or delivered: a postal address. */
export const shipmentPlaceSchema = z
  .object({
    name: optionalText(SHIPMENT_FIELD_MAX.name).describe('company or site'),
    street: requiredText(SHIPMENT_FIELD_MAX.street).describe('street and number'),
    postalCode: optionalText(SHIPMENT_FIELD_MAX.postalCode),
    city: requiredText(SHIPMENT_FIELD_MAX.city),
    country: countryCode,
  })
  .meta({ id: 'ShipmentPlace' });

export type ShipmentPlaceInput = z.input<typeof shipmentPlaceSchema>;

export const shipmentLineInputSchema = z.object({
  orderLineId: z.number().int().positive(),
  quantity: decimal(QUANTITY_RULES).refine((value) => new Big(value).gt(0), {
    error: M.positive,
  }),
});

export type ShipmentLineInput = z.input<typeof shipmentLineInputSchema>;

const shipmentFieldsSchema = z.object({
  lines: z
    .array(shipmentLineInputSchema)
    .min(1, { error: M.noLines })
    .max(SHIPMENT_LINES_MAX, { error: M.tooLong })
    .refine((lines) => new Set(lines.map((line) => line.orderLineId)).size === lines.length, {
      error: M.duplicateLine,
    }),
  origin: shipmentPlaceSchema,
  destination: shipmentPlaceSchema,
  plannedPickupDate: businessDateSchema,
  plannedDeliveryDate: businessDateSchema,
  notes: optionalText(SHIPMENT_FIELD_MAX.notes),
});

const DELIVERY_CHECK = {
  error: M.deliveryBeforePickup,
  path: ['plannedDeliveryDate'],
};
const deliveryNotBeforePickup = (shipment: {
  plannedPickupDate: string;
  plannedDeliveryDate: string;
}) => shipment.plannedDeliveryDate >= shipment.plannedPickupDate;

export const shipmentCreateSchema = shipmentFieldsSchema
  .extend({ orderUuid: z.uuid() })
  .refine(deliveryNotBeforePickup, DELIVERY_CHECK)
  .meta({ id: 'ShipmentCreate' });

export type ShipmentCreate = z.input<typeof shipmentCreateSchema>;

export const shipmentUpdateSchema = shipmentFieldsSchema
  .extend({ version: versionSchema.optional().describe('or If-Match; one of them is needed') })
  .refine(deliveryNotBeforePickup, DELIVERY_CHECK)
  .meta({ id: 'ShipmentUpdate' });

export type ShipmentUpdate = z.input<typeof shipmentUpdateSchema>;

const cancelNeedsReason = {
  error: M.cancelReason,
  path: ['reason'],
};

export const shipmentStatusChangeSchema = z
  .object({
    status: z.enum(SHIPMENT_STATUSES),
    date: businessDateSchema
      .optional()
      .describe('the actual pickup (IN_TRANSIT) or delivery (DELIVERED) date; today if left out'),
    reason: optionalText(CANCEL_REASON_MAX).describe('needed to cancel: at least 3 characters'),
    version: versionSchema.optional().describe('or If-Match; one of them is needed'),
  })
  .refine(
    (change) => change.status !== 'CANCELLED' || (change.reason?.length ?? 0) >= 3,
    cancelNeedsReason,
  )
  .meta({ id: 'ShipmentStatusChange' });

export type ShipmentStatusChange = z.input<typeof shipmentStatusChangeSchema>;

/** One end of a leg: a place (port, airport, terminal, city) and its country. */
export const transportEndSchema = z
  .object({ place: requiredText(SHIPMENT_FIELD_MAX.place), country: countryCode })
  .meta({ id: 'TransportEnd' });

const transportFieldsSchema = z.object({
  mode: z.enum(TRANSPORT_MODES),
  carrier: requiredText(SHIPMENT_FIELD_MAX.carrier),
  vehicle: optionalText(SHIPMENT_FIELD_MAX.vehicle).describe(
    'licence plate, vessel (name or IMO), flight or train number',
  ),
  trackingReference: optionalText(SHIPMENT_FIELD_MAX.trackingReference).describe(
    "the carrier's tracking, booking or container number",
  ),
  from: transportEndSchema,
  to: transportEndSchema,
  plannedDeparture: businessDateSchema,
  plannedArrival: businessDateSchema,
});

const ARRIVAL_CHECK = { error: M.arrivalBeforeDeparture, path: ['plannedArrival'] };
const arrivalNotBeforeDeparture = (leg: { plannedDeparture: string; plannedArrival: string }) =>
  leg.plannedArrival >= leg.plannedDeparture;

/** A new leg: it goes after the shipment's last one. */
export const transportCreateSchema = transportFieldsSchema
  .refine(arrivalNotBeforeDeparture, ARRIVAL_CHECK)
  .meta({ id: 'TransportCreate' });

export type TransportCreate = z.input<typeof transportCreateSchema>;

export const transportUpdateSchema = transportFieldsSchema
  .extend({ version: versionSchema.optional().describe('or If-Match; one of them is needed') })
  .refine(arrivalNotBeforeDeparture, ARRIVAL_CHECK)
  .meta({ id: 'TransportUpdate' });

export type TransportUpdate = z.input<typeof transportUpdateSchema>;

export const transportStatusChangeSchema = z
  .object({
    status: z.enum(TRANSPORT_STATUSES),
    date: businessDateSchema
      .optional()
      .describe('the actual departure (DEPARTED) or arrival (ARRIVED) date; today if left out'),
    reason: optionalText(CANCEL_REASON_MAX).describe('needed to cancel: at least 3 characters'),
    version: versionSchema.optional().describe('or If-Match; one of them is needed'),
  })
  .refine(
    (change) => change.status !== 'CANCELLED' || (change.reason?.length ?? 0) >= 3,
    cancelNeedsReason,
  )
  .meta({ id: 'TransportStatusChange' });

export type TransportStatusChange = z.input<typeof transportStatusChangeSchema>;

// ---- answers ---------------------------------------------------------------------------------

export const shipmentPlaceAnswerSchema = z
  .object({
    name: z.string().nullable(),
    street: z.string(),
    postalCode: z.string().nullable(),
    city: z.string(),
    country: z.string(),
  })
  .meta({ id: 'ShipmentPlaceAnswer' });

export type ShipmentPlace = z.infer<typeof shipmentPlaceAnswerSchema>;

export const transportSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    shipmentId: z.number().int(),
    sequence: z.number().int().describe('from 1, in the order the legs travel'),
    mode: z.enum(TRANSPORT_MODES),
    carrier: z.string(),
    vehicle: z.string().nullable(),
    trackingReference: z.string().nullable(),
    from: z.object({ place: z.string(), country: z.string() }),
    to: z.object({ place: z.string(), country: z.string() }),
    plannedDeparture: z.string().describe('YYYY-MM-DD'),
    plannedArrival: z.string().describe('YYYY-MM-DD'),
    actualDeparture: z.string().nullable(),
    actualArrival: z.string().nullable(),
    status: z.enum(TRANSPORT_STATUSES),
    cancelReason: z.string().nullable(),
    late: z
      .object({ departure: z.boolean(), arrival: z.boolean() })
      .describe('legLate against the server’s date (UTC)'),
    version: versionSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Transport' });

export type Transport = z.infer<typeof transportSchema>;

export const shipmentLineSchema = z
  .object({
    id: z.number().int(),
    orderLineId: z.number().int(),
    position: z.number().int().describe("the order line's position"),
    description: z.string(),
    unit: z.enum(ORDER_UNITS),
    quantity: decimalString.describe('3 decimals'),
  })
  .meta({ id: 'ShipmentLine' });

export type ShipmentLine = z.infer<typeof shipmentLineSchema>;

/** What an order's shipment list shows of a shipment. */
export const shipmentSummarySchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    number: z.string().describe('SHP-2026-000123'),
    status: z.enum(SHIPMENT_STATUSES),
    plannedPickupDate: z.string(),
    plannedDeliveryDate: z.string(),
    actualPickupDate: z.string().nullable(),
    actualDeliveryDate: z.string().nullable(),
    destination: shipmentPlaceAnswerSchema,
    lineCount: z.number().int(),
    legCount: z.number().int().describe('legs not cancelled'),
    late: z.boolean().describe('delivery late, or a leg late'),
    version: versionSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'ShipmentSummary' });

export type ShipmentSummary = z.infer<typeof shipmentSummarySchema>;

const partnerRefSchema = z.object({ id: z.number().int(), uuid: z.uuid(), name: z.string() });

export const shipmentOrderRefSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    held: z.boolean(),
    tradePartner: partnerRefSchema,
    kyc: orderKycSchema.nullable(),
  })
  .meta({ id: 'ShipmentOrderRef' });

export const shipmentSchema = shipmentSummarySchema
  .extend({
    order: shipmentOrderRefSchema,
    origin: shipmentPlaceAnswerSchema,
    notes: z.string().nullable(),
    lines: z.array(shipmentLineSchema),
    transports: z.array(transportSchema).describe('in sequence, cancelled ones included'),
    cancelReason: z.string().nullable(),
    createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    createdAt: dateTimeSchema,
    permissions: z
      .object({
        edit: z.boolean().describe('fields, lines and legs'),
        changeStatus: z.boolean(),
        uploadDocuments: z.boolean(),
      })
      .describe("what the caller may do with this shipment (policy.ts), for the app's buttons"),
  })
  .meta({ id: 'Shipment' });

export type Shipment = z.infer<typeof shipmentSchema>;

export const lineQuantitiesSchema = z
  .object({
    orderLineId: z.number().int(),
    position: z.number().int(),
    description: z.string(),
    unit: z.enum(ORDER_UNITS),
    ordered: decimalString,
    shipped: decimalString.describe('on shipments not cancelled'),
    delivered: decimalString,
    remaining: decimalString.describe('what a new shipment may still take'),
  })
  .meta({ id: 'LineQuantities' });

/** GET /api/orders/{id}/shipments: the order's shipments and what is left to ship. */
export const orderShipmentsSchema = z
  .object({
    lines: z.array(lineQuantitiesSchema),
    shipments: z.array(shipmentSummarySchema).describe('newest first'),
    mayCreate: z
      .boolean()
      .describe('the caller may plan a shipment, the order is shippable and has something left'),
  })
  .meta({ id: 'OrderShipments' });

export type OrderShipments = z.infer<typeof orderShipmentsSchema>;

// ---- refusals (409) --------------------------------------------------------------------------

/** A shipment asks for more of a line than is left to ship. */
export const QUANTITY_EXCEEDS_REMAINING = 'quantityExceedsRemaining';
export const quantityExceedsRemainingSchema = z
  .object({
    reason: z.literal(QUANTITY_EXCEEDS_REMAINING),
    lines: z.array(z.object({ orderLineId: z.number().int(), remaining: decimalString })),
  })
  .meta({ id: 'QuantityExceedsRemaining' });

/** The order is not in a status shipments are planned in, or the line is not the order's. */
export const ORDER_NOT_SHIPPABLE = 'orderNotShippable';
export const orderNotShippableSchema = z
  .object({ reason: z.literal(ORDER_NOT_SHIPPABLE), status: z.enum(ORDER_STATUSES) })
  .meta({ id: 'OrderNotShippable' });

/** A leg departs before the one ahead of it has arrived. */
export const PREVIOUS_LEG_OPEN = 'previousLegOpen';
/** A shipment with legs is moved by hand to IN_TRANSIT or DELIVERED: its legs decide. */
export const SHIPMENT_FOLLOWS_LEGS = 'shipmentFollowsLegs';
/**
 * The order's lines change, the order goes back to DRAFT, or it is cancelled while shipments
 * are on the way: its shipments stand in the way.
 */
export const ORDER_HAS_SHIPMENTS = 'orderHasShipments';
/** An order is completed by hand while a shipment is planned or in transit. */
export const SHIPMENTS_OPEN = 'shipmentsOpen';

export const shipmentRefusalSchema = z
  .object({
    reason: z.enum([PREVIOUS_LEG_OPEN, SHIPMENT_FOLLOWS_LEGS, ORDER_HAS_SHIPMENTS, SHIPMENTS_OPEN]),
    shipments: z
      .array(
        z.object({ id: z.number().int(), number: z.string(), status: z.enum(SHIPMENT_STATUSES) }),
      )
      .optional()
      .describe('the shipments in the way'),
  })
  .meta({ id: 'ShipmentRefusal' });
