/**
 * Orders (issue 20, decision 033): what the provider sells to or buys from a trade partner, its
 * lines and totals, its statuses and the compliance gate that keeps an order from going ahead
 * while the partner's KYC file is not approved. The server validates and answers with these; the
 * app parses with them and computes the same totals as the person types.
 */
import Big from 'big.js';
import { z } from 'zod';
import {
  businessDateSchema,
  DATE_MESSAGES,
  dateTimeSchema,
  pageSchema,
  versionSchema,
} from './api.js';
import { KYC_STATUSES, type KycStatus } from './kyc.js';
import { exactDecimal, type AmountRefusal, type Decimal, type DecimalRules } from './money.js';

// ---- statuses and their transitions ---------------------------------------------------------

export const ORDER_STATUSES = [
  'DRAFT',
  'CONFIRMED',
  'IN_PROGRESS',
  'COMPLETED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where each status may go (decision 033). Only staff move an order; cancelling needs a reason;
 * COMPLETED and CANCELLED are final. CONFIRMED may go back to DRAFT to be reworked.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  DRAFT: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['IN_PROGRESS', 'DRAFT', 'CANCELLED'],
  IN_PROGRESS: ['COMPLETED', 'CANCELLED'],
  COMPLETED: [],
  CANCELLED: [],
};

export const mayMoveOrder = (from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/** The statuses in which the order's own fields and lines may change. */
export const EDITABLE_ORDER_STATUSES: readonly OrderStatus[] = ['DRAFT', 'CONFIRMED'];

/** An order going ahead: held while its partner's latest KYC file is not approved. */
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = ['CONFIRMED', 'IN_PROGRESS'];

/** The moves the compliance gate stops while the partner's latest KYC file is not approved. */
export const GATED_ORDER_STATUSES: readonly OrderStatus[] = [
  'CONFIRMED',
  'IN_PROGRESS',
  'COMPLETED',
];

/** The KYC status that lets an order go ahead: the partner's latest file must have it. */
export const CLEARED_KYC_STATUS: KycStatus = 'APPROVED';

/** Whether a move to `to` is allowed with the partner's latest file in `kycStatus` (null: none). */
export const gateAllows = (to: OrderStatus, kycStatus: KycStatus | null): boolean =>
  !GATED_ORDER_STATUSES.includes(to) || kycStatus === CLEARED_KYC_STATUS;

/** 'On hold: KYC': an order going ahead whose partner's latest file is not approved. */
export const isHeld = (status: OrderStatus, kycStatus: KycStatus | null): boolean =>
  ACTIVE_ORDER_STATUSES.includes(status) && kycStatus !== CLEARED_KYC_STATUS;

/** The most characters of a cancellation reason; at least 3 are needed. */
export const CANCEL_REASON_MAX = 500;

// ---- the order's own fields -----------------------------------------------------------------

export const ORDER_DIRECTIONS = ['SALE', 'PURCHASE'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];

/** Incoterms 2020: the seven for any mode of transport, then the four for sea and inland water. */
export const INCOTERMS = [
  'EXW',
  'FCA',
  'CPT',
  'CIP',
  'DAP',
  'DPU',
  'DDP',
  'FAS',
  'FOB',
  'CFR',
  'CIF',
] as const;
export type Incoterm = (typeof INCOTERMS)[number];

/** The currencies an order may be in (ISO 4217); EUR unless chosen. */
export const ORDER_CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'PLN',
  'CZK',
  'SEK',
  'DKK',
  'NOK',
] as const;
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number];
export const DEFAULT_CURRENCY: OrderCurrency = 'EUR';

/** Units of measure a line is counted in (UN/ECE Recommendation 20 codes where one exists). */
export const ORDER_UNITS = [
  'PCE', // piece
  'KGM', // kilogram
  'TNE', // tonne
  'LTR', // litre
  'MTQ', // cubic metre
  'MTR', // metre
  'MTK', // square metre
  'PAL', // pallet (PX in Rec. 21; PAL is what traders write)
  'BOX',
  'CTR', // container
  'HUR', // hour
] as const;
export type OrderUnit = (typeof ORDER_UNITS)[number];

/** Quantities: up to 3 decimals (2.125 t), at most 9 digits before the point. */
export const QUANTITY_RULES: DecimalRules = { decimals: 3, max: '999999999.999' };
/** Unit prices: up to 4 decimals (0.0125 per kg), at most 11 digits before the point. */
export const UNIT_PRICE_RULES: DecimalRules = { decimals: 4, max: '99999999999.9999' };

export const ORDER_LINES_MAX = 200;
export const ORDER_FIELD_MAX = {
  description: 500,
  customerReference: 100,
  notes: 4000,
  incotermPlace: 100,
};

/** An HS code: the 6 digits of the Harmonized System, or a national extension up to 10. */
export const HS_CODE = /^\d{6}(\d{2}){0,2}$/;

// ---- totals, exact ---------------------------------------------------------------------------

/**
 * A line's amount: quantity × unit price, rounded half up to cents (commercial rounding, per
 * line, as the line is printed on the order). big.js does the arithmetic in decimal.
 */
export const lineAmount = (quantity: Decimal, unitPrice: Decimal): Decimal =>
  new Big(quantity).times(unitPrice).round(2, Big.roundHalfUp).toFixed(2) as Decimal;

/** The order's total: the sum of its lines' amounts ('0.00' for none). */
export const orderTotal = (lines: readonly { quantity: Decimal; unitPrice: Decimal }[]): Decimal =>
  lines
    .reduce((sum, line) => sum.plus(lineAmount(line.quantity, line.unitPrice)), new Big(0))
    .toFixed(2) as Decimal;

// ---- requests --------------------------------------------------------------------------------

/** The field messages of the order schemas: the app shows its own text for each. */
export const ORDER_MESSAGES = {
  required: 'is required',
  tooLong: 'is too long',
  decimalFormat: 'must be a decimal number written like 1250.50',
  decimalPlaces: 'has too many decimals',
  negative: 'must not be negative',
  tooLarge: 'is too large',
  positive: 'must be more than 0',
  hsCode: 'must be 6, 8 or 10 digits',
  date: DATE_MESSAGES.date,
  businessDateRange: DATE_MESSAGES.businessDateRange,
  deliveryBeforeOrder: 'must not be before the order date',
  cancelReason: 'a reason of at least 3 characters is needed to cancel',
  reasonTooShort: 'a reason needs at least 3 characters',
} as const;

const M = ORDER_MESSAGES;

const REFUSALS: Record<AmountRefusal, string> = {
  format: M.decimalFormat,
  decimals: M.decimalPlaces,
  negative: M.negative,
  tooLarge: M.tooLarge,
};

/** A decimal string or a JSON number within `rules`, answered as its canonical string. */
export const decimal = (rules: DecimalRules) =>
  z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined ? M.required : M.decimalFormat),
    })
    .transform((value, ctx): Decimal => {
      const reading = exactDecimal(value, rules);
      if (reading.ok) return reading.value;
      ctx.addIssue({ code: 'custom', message: REFUSALS[reading.refusal] });
      return z.NEVER;
    });

export const requiredText = (max: number) =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required })
    .max(max, { error: M.tooLong });

/** Optional text: blank is null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: M.tooLong })
    .transform((value) => (value === '' ? null : value))
    .nullish();

export const orderLineInputSchema = z.object({
  description: requiredText(ORDER_FIELD_MAX.description),
  quantity: decimal(QUANTITY_RULES).refine((value) => new Big(value).gt(0), { error: M.positive }),
  unit: z.enum(ORDER_UNITS),
  unitPrice: decimal(UNIT_PRICE_RULES),
  hsCode: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s.]/g, ''))
    .refine((value) => value === '' || HS_CODE.test(value), { error: M.hsCode })
    .transform((value) => (value === '' ? null : value))
    .nullish(),
});

export type OrderLineInput = z.input<typeof orderLineInputSchema>;

/** What an order's form sends: the same for a new order and a change (lines are replaced). */
const orderFieldsSchema = z.object({
  contactId: z.number().int().positive().nullish().describe("the partner's contact for this order"),
  direction: z.enum(ORDER_DIRECTIONS),
  customerReference: optionalText(ORDER_FIELD_MAX.customerReference),
  orderDate: businessDateSchema,
  requestedDeliveryDate: businessDateSchema.nullish(),
  deliveryAddressId: z
    .number()
    .int()
    .positive()
    .nullish()
    .describe("one of the partner's addresses"),
  incoterm: z.enum(INCOTERMS).nullish(),
  incotermPlace: optionalText(ORDER_FIELD_MAX.incotermPlace).describe(
    'the named place: FOB Rotterdam',
  ),
  currency: z.enum(ORDER_CURRENCIES).default(DEFAULT_CURRENCY),
  lines: z.array(orderLineInputSchema).max(ORDER_LINES_MAX, { error: M.tooLong }),
  notes: optionalText(ORDER_FIELD_MAX.notes),
});

const deliveryNotBeforeOrder = <
  T extends { orderDate: string; requestedDeliveryDate?: string | null | undefined },
>(
  order: T,
) => !order.requestedDeliveryDate || order.requestedDeliveryDate >= order.orderDate;

const DELIVERY_CHECK = { error: M.deliveryBeforeOrder, path: ['requestedDeliveryDate'] };

export const orderCreateSchema = orderFieldsSchema
  .extend({ tradePartnerUuid: z.uuid() })
  .refine(deliveryNotBeforeOrder, DELIVERY_CHECK)
  .meta({ id: 'OrderCreate' });

export type OrderCreate = z.input<typeof orderCreateSchema>;

export const orderUpdateSchema = orderFieldsSchema
  .extend({ version: versionSchema.optional().describe('or If-Match; one of them is needed') })
  .refine(deliveryNotBeforeOrder, DELIVERY_CHECK)
  .meta({ id: 'OrderUpdate' });

export type OrderUpdate = z.input<typeof orderUpdateSchema>;

export const orderStatusChangeSchema = z
  .object({
    status: z.enum(ORDER_STATUSES),
    reason: optionalText(CANCEL_REASON_MAX).describe(
      'at least 3 characters; needed to cancel, and to complete with goods left to ship',
    ),
    version: versionSchema.optional().describe('or If-Match; one of them is needed'),
  })
  .refine((change) => change.status !== 'CANCELLED' || (change.reason?.length ?? 0) >= 3, {
    error: M.cancelReason,
    path: ['reason'],
  })
  .refine((change) => change.reason == null || change.reason.length >= 3, {
    error: M.reasonTooShort,
    path: ['reason'],
  })
  .meta({ id: 'OrderStatusChange' });

export type OrderStatusChange = z.input<typeof orderStatusChangeSchema>;

/** The sorts the list offers, in the order the app offers them; each has its index. */
export const ORDER_SORTS = [
  'orderDate,desc',
  'orderDate,asc',
  'number,desc',
  'number,asc',
  'updatedAt,desc',
  'total,desc',
  'total,asc',
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: OrderSort = 'orderDate,desc';

/** The list's filters as the address and the API's query carry them. */
export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(ORDER_SORTS).default(DEFAULT_ORDER_SORT),
  status: z
    .union([z.enum(ORDER_STATUSES), z.array(z.enum(ORDER_STATUSES))])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional()
    .describe('repeatable'),
  tradePartnerUuid: z.uuid().optional(),
  direction: z.enum(ORDER_DIRECTIONS).optional(),
  from: businessDateSchema.optional().describe('order date on or after'),
  to: businessDateSchema.optional().describe('order date on or before'),
  held: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe("true: only orders on hold for the partner's KYC"),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('the start of the order number or the customer reference'),
  cursor: z.string().max(500).optional().describe('decision 020: the rows after this one'),
});

export type OrderListQuery = z.input<typeof orderListQuerySchema>;

// ---- answers ---------------------------------------------------------------------------------

export const decimalString = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .describe('an exact decimal');

export const orderLineSchema = z
  .object({
    id: z.number().int(),
    position: z.number().int().describe('from 1, in the order they were sent'),
    description: z.string(),
    quantity: decimalString.describe('3 decimals'),
    unit: z.enum(ORDER_UNITS),
    unitPrice: decimalString.nullable().describe('4 decimals; null for who may not see amounts'),
    hsCode: z.string().nullable(),
    amount: decimalString.nullable().describe('quantity × unit price, to cents, half up'),
  })
  .meta({ id: 'OrderLine' });

export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * An order line with something left to ship: ordered, and what no shipment that is not
 * cancelled holds (decision 036). Completing the order leaves it undelivered.
 */
export const orderLineLeftSchema = z
  .object({
    orderLineId: z.number().int(),
    position: z.number().int(),
    description: z.string(),
    unit: z.enum(ORDER_UNITS),
    ordered: decimalString,
    remaining: decimalString.describe('ordered − on shipments not cancelled'),
  })
  .meta({ id: 'OrderLineLeft' });

export type OrderLineLeft = z.infer<typeof orderLineLeftSchema>;

/** The partner's latest KYC file as the gate reads it. */
export const orderKycSchema = z
  .object({ id: z.number().int(), uuid: z.uuid(), status: z.enum(KYC_STATUSES) })
  .meta({ id: 'OrderKyc' });

const partnerRefSchema = z.object({ id: z.number().int(), uuid: z.uuid(), name: z.string() });
const personRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** What the list shows of an order. */
export const orderSummarySchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    number: z.string().describe('ORD-2026-000123'),
    tradePartner: partnerRefSchema,
    direction: z.enum(ORDER_DIRECTIONS),
    customerReference: z.string().nullable(),
    orderDate: z.string().describe('YYYY-MM-DD'),
    requestedDeliveryDate: z.string().nullable(),
    currency: z.enum(ORDER_CURRENCIES),
    total: decimalString.nullable().describe('null for who may not see amounts'),
    lineCount: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    held: z
      .boolean()
      .describe("'On hold: KYC': going ahead while the partner's KYC is not approved"),
    version: versionSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'OrderSummary' });

export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = orderSummarySchema
  .extend({
    contactId: z.number().int().nullable(),
    deliveryAddressId: z.number().int().nullable(),
    incoterm: z.enum(INCOTERMS).nullable(),
    incotermPlace: z.string().nullable(),
    notes: z.string().nullable(),
    lines: z.array(orderLineSchema),
    cancelReason: z.string().nullable(),
    leftToShip: z
      .array(orderLineLeftSchema)
      .describe('the lines with something left to ship, by position; empty once all is shipped'),
    allDelivered: z
      .boolean()
      .describe('every line delivered in full: completing is the next step (decision 036)'),
    kyc: orderKycSchema.nullable().describe("the partner's latest KYC file; null when it has none"),
    createdBy: personRefSchema.nullable(),
    createdAt: dateTimeSchema,
    confirmedAt: dateTimeSchema.nullable(),
    permissions: z
      .object({
        edit: z.boolean(),
        changeStatus: z.boolean(),
        uploadDocuments: z.boolean(),
        viewAmounts: z.boolean(),
      })
      .describe("what the caller may do with this order (policy.ts), for the app's buttons"),
  })
  .meta({ id: 'Order' });

export type Order = z.infer<typeof orderSchema>;

export const orderPageSchema = pageSchema(orderSummarySchema).meta({ id: 'OrderPage' });
export type OrderPage = z.infer<typeof orderPageSchema>;

/** The order audit trail's actions: the status history is its `status` entries. */
export const ORDER_AUDIT_ACTIONS = [
  'created',
  'updated',
  'status',
  'documentUploaded',
  'documentArchived',
  'shipmentCreated',
  'shipmentUpdated',
  'shipmentStatus',
  'transportAdded',
  'transportUpdated',
  'transportStatus',
] as const;
export type OrderAuditAction = (typeof ORDER_AUDIT_ACTIONS)[number];

export const orderAuditEventSchema = z
  .object({
    id: z.number().int(),
    action: z.enum(ORDER_AUDIT_ACTIONS),
    fromValue: z.string().nullable(),
    toValue: z.string().nullable(),
    reason: z.string().nullable(),
    shipmentId: z.number().int().nullable().describe('the shipment the entry is about'),
    transportId: z.number().int().nullable().describe('the leg the entry is about'),
    details: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('changed fields, versions, the document, the shipment’s number'),
    userName: z.string().nullable(),
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'OrderAuditEvent' });

export type OrderAuditEvent = z.infer<typeof orderAuditEventSchema>;

/** The 409 of the compliance gate: why, and the file to look at. */
export const KYC_NOT_APPROVED = 'kycNotApproved';

export const kycGateRefusalSchema = z
  .object({
    reason: z.literal(KYC_NOT_APPROVED),
    kyc: orderKycSchema.nullable().describe("the partner's latest file; null when it has none"),
    tradePartnerUuid: z.uuid(),
  })
  .meta({ id: 'KycGateRefusal' });

export type KycGateRefusal = z.infer<typeof kycGateRefusalSchema>;

/** The 409 of a confirmation the order is not ready for: which fields are missing. */
export const ORDER_INCOMPLETE = 'orderIncomplete';
export const ORDER_CONFIRM_NEEDS = [
  'lines',
  'deliveryAddressId',
  'requestedDeliveryDate',
  'incoterm',
] as const;
export type OrderConfirmNeed = (typeof ORDER_CONFIRM_NEEDS)[number];

export const orderIncompleteSchema = z
  .object({ reason: z.literal(ORDER_INCOMPLETE), missing: z.array(z.enum(ORDER_CONFIRM_NEEDS)) })
  .meta({ id: 'OrderIncomplete' });

/** What a confirmation needs of the order: every field in ORDER_CONFIRM_NEEDS filled. */
export const missingToConfirm = (order: {
  lines: readonly unknown[];
  deliveryAddressId: number | null;
  requestedDeliveryDate: string | null;
  incoterm: string | null;
}): OrderConfirmNeed[] =>
  ORDER_CONFIRM_NEEDS.filter((need) =>
    need === 'lines' ? order.lines.length === 0 : order[need] === null,
  );

/**
 * The 409 of completing an order with goods left to ship and no reason (decision 036): the
 * `reason` field is needed, and these lines are what is left.
 */
export const GOODS_LEFT_TO_SHIP = 'goodsLeftToShip';

export const goodsLeftToShipSchema = z
  .object({
    reason: z.literal(GOODS_LEFT_TO_SHIP),
    field: z.literal('reason').describe('the field the move needs'),
    lines: z.array(orderLineLeftSchema),
  })
  .meta({ id: 'GoodsLeftToShip' });

export type GoodsLeftToShip = z.infer<typeof goodsLeftToShipSchema>;

/** The PDF export's file name for an order (SPEC 9). */
export const orderPdfName = (orderUuid: string) => `order-${orderUuid}.pdf`;

export const orderHistorySchema = z
  .object({ events: z.array(orderAuditEventSchema).describe('oldest first') })
  .meta({ id: 'OrderHistory' });

export type OrderHistory = z.infer<typeof orderHistorySchema>;

/** The dashboard's order card: what the caller may see, counted. */
export const orderCountsSchema = z
  .object({
    held: z.number().int().describe("'On hold: KYC'"),
    open: z.number().int().describe('DRAFT, CONFIRMED or IN_PROGRESS'),
  })
  .meta({ id: 'OrderCounts' });

export type OrderCounts = z.infer<typeof orderCountsSchema>;
