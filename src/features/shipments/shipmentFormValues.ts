import Big from 'big.js';
import { decimalText, readDecimal, type Decimal, type DecimalReading } from '@common/money';
import { QUANTITY_RULES, type Order, type OrderUnit } from '@common/orders';
import type { TradePartner } from '@common/partners';
import {
  quantityExceedsRemainingSchema,
  SHIPMENT_FIELD_MAX,
  SHIPMENT_MESSAGES,
  type OrderShipments,
  type Shipment,
  type ShipmentPlace,
  type ShipmentUpdate,
} from '@common/shipments';
import { fieldIssues, type ApiError } from '@/lib/api-error';

/** A place as typed: '' for what is not filled in. */
export interface PlaceValues {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export type PlaceField = keyof PlaceValues;
export const PLACE_FIELDS: readonly PlaceField[] = [
  'name',
  'street',
  'postalCode',
  'city',
  'country',
];

/** The shipment form's values, as typed; quantities in the app language's notation. */
export interface ShipmentFormValues {
  /** By order line id: '' or 0 leaves the line out of the shipment. */
  quantities: Record<number, string>;
  origin: PlaceValues;
  destination: PlaceValues;
  plannedPickupDate: string;
  plannedDeliveryDate: string;
  notes: string;
}

/** An order line as the form offers it, with what this shipment may still take of it. */
export interface ShippableLine {
  orderLineId: number;
  position: number;
  description: string;
  unit: OrderUnit;
  ordered: Decimal;
  shipped: Decimal;
  /** What is left to ship, plus what the shipment being changed holds already. */
  left: Decimal;
}

/**
 * The order's lines with what a shipment may take: what is left to ship, and when `shipment`
 * is being changed, its own quantities on top (they count as shipped until it is saved).
 */
export function shippableLines(
  quantities: OrderShipments['lines'],
  shipment?: Pick<Shipment, 'lines'>,
): ShippableLine[] {
  return quantities.map((line) => {
    const own = shipment?.lines.find((item) => item.orderLineId === line.orderLineId);
    return {
      orderLineId: line.orderLineId,
      position: line.position,
      description: line.description,
      unit: line.unit,
      ordered: line.ordered as Decimal,
      shipped: line.shipped as Decimal,
      left: new Big(line.remaining).plus(own?.quantity ?? 0).toFixed(3) as Decimal,
    };
  });
}

const emptyPlace = (): PlaceValues => ({
  name: '',
  street: '',
  postalCode: '',
  city: '',
  country: '',
});

/** One of the partner's addresses as a place, named for the partner. */
function partnerPlace(partner: TradePartner, addressId: number | null): PlaceValues | null {
  const address = partner.addresses.find((item) => item.id === addressId);
  if (!address) return null;
  return {
    name: partner.name,
    street: [address.street, address.houseNumber].filter(Boolean).join(' '),
    postalCode: address.postCode,
    city: address.city,
    country: address.country,
  };
}

/**
 * A new shipment of `order`: nothing taken yet; the order's delivery address is where a sale
 * goes, and where a purchase is collected (the provider's own site is not known to the app);
 * the requested delivery date is the planned one.
 */
export function newShipmentValues(order: Order, partner: TradePartner | null): ShipmentFormValues {
  const place = (partner && partnerPlace(partner, order.deliveryAddressId)) ?? emptyPlace();
  const sale = order.direction === 'SALE';
  return {
    quantities: {},
    origin: sale ? emptyPlace() : place,
    destination: sale ? place : emptyPlace(),
    plannedPickupDate: '',
    plannedDeliveryDate: order.requestedDeliveryDate ?? '',
    notes: '',
  };
}

const placeValues = (place: ShipmentPlace): PlaceValues => ({
  name: place.name ?? '',
  street: place.street,
  postalCode: place.postalCode ?? '',
  city: place.city,
  country: place.country,
});

/** The shipment as its form shows it, quantities written as a person types them in `language`. */
export function shipmentValues(shipment: Shipment, language: string): ShipmentFormValues {
  return {
    quantities: Object.fromEntries(
      shipment.lines.map((line) => [
        line.orderLineId,
        decimalText(line.quantity as Decimal, language),
      ]),
    ),
    origin: placeValues(shipment.origin),
    destination: placeValues(shipment.destination),
    plannedPickupDate: shipment.plannedPickupDate,
    plannedDeliveryDate: shipment.plannedDeliveryDate,
    notes: shipment.notes ?? '',
  };
}

/** What a quantity as typed reads as: null for a blank field. */
export const readQuantity = (text: string | undefined, language: string): DecimalReading | null =>
  text?.trim() ? readDecimal(text, language, QUANTITY_RULES) : null;

/** Whether a quantity read takes something of the line (0 leaves it out, as a blank does). */
const takes = (reading: DecimalReading | null): reading is { ok: true; value: Decimal } =>
  reading?.ok === true && new Big(reading.value).gt(0);

/** The form's own messages: the contract's (SHIPMENT_MESSAGES' names), and more than is left. */
export type ProblemKey = keyof typeof SHIPMENT_MESSAGES | 'exceedsLeft';

/** What the client finds wrong, by field path ('lines', 'lines.12', 'origin.city'). */
export type FormProblems = Record<string, ProblemKey>;

const REQUIRED_PLACE_FIELDS: readonly PlaceField[] = ['street', 'city', 'country'];

/**
 * The checks the server makes (common/shipments.ts), made before sending so that each shows at
 * its field; a quantity that does not read shows its own refusal as it is typed.
 */
export function validateShipment(
  values: ShipmentFormValues,
  lines: readonly ShippableLine[],
  language: string,
): FormProblems {
  const problems: FormProblems = {};
  let taken = 0;
  for (const line of lines) {
    const reading = readQuantity(values.quantities[line.orderLineId], language);
    if (!takes(reading)) continue;
    taken += 1;
    if (new Big(reading.value).gt(line.left)) problems[`lines.${line.orderLineId}`] = 'exceedsLeft';
  }
  if (taken === 0) problems.lines = 'noLines';
  for (const end of ['origin', 'destination'] as const) {
    for (const field of PLACE_FIELDS) {
      const text = values[end][field].trim();
      const max = field === 'country' ? null : SHIPMENT_FIELD_MAX[field];
      if (REQUIRED_PLACE_FIELDS.includes(field) && !text) problems[`${end}.${field}`] = 'required';
      else if (max !== null && text.length > max) problems[`${end}.${field}`] = 'tooLong';
    }
  }
  if (!values.plannedPickupDate) problems.plannedPickupDate = 'required';
  if (!values.plannedDeliveryDate) problems.plannedDeliveryDate = 'required';
  else if (values.plannedPickupDate && values.plannedDeliveryDate < values.plannedPickupDate) {
    problems.plannedDeliveryDate = 'deliveryBeforePickup';
  }
  if (values.notes.trim().length > SHIPMENT_FIELD_MAX.notes) problems.notes = 'tooLong';
  return problems;
}

/** Whether every quantity typed reads (their refusals show at their fields as they are typed). */
export const quantitiesRead = (values: ShipmentFormValues, language: string): boolean =>
  Object.values(values.quantities).every((text) => readQuantity(text, language)?.ok !== false);

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

const placeBody = (place: PlaceValues) => ({
  name: orNull(place.name),
  street: place.street.trim(),
  postalCode: orNull(place.postalCode),
  city: place.city.trim(),
  country: place.country,
});

/** The order lines the shipment takes, in the order's order: the ones sent, by their index. */
const takenLines = (
  values: ShipmentFormValues,
  lines: readonly ShippableLine[],
  language: string,
) =>
  lines.flatMap((line) => {
    const reading = readQuantity(values.quantities[line.orderLineId], language);
    return takes(reading) ? [{ orderLineId: line.orderLineId, quantity: reading.value }] : [];
  });

/** What the form sends (POST and PUT alike): quantities as exact decimal strings. */
export function shipmentBody(
  values: ShipmentFormValues,
  lines: readonly ShippableLine[],
  language: string,
): Omit<ShipmentUpdate, 'version'> {
  return {
    lines: takenLines(values, lines, language),
    origin: placeBody(values.origin),
    destination: placeBody(values.destination),
    plannedPickupDate: values.plannedPickupDate,
    plannedDeliveryDate: values.plannedDeliveryDate,
    notes: orNull(values.notes),
  };
}

/** A refusal of the server at one field: a message the contract names, its own text, or less left. */
export type ServerProblem = { key: ProblemKey } | { text: string } | { left: Decimal };

const MESSAGE_KEYS = new Map<string, ProblemKey>(
  Object.entries(SHIPMENT_MESSAGES).map(([key, message]) => [message, key as ProblemKey]),
);

/**
 * A 400's field messages by the form's paths (`pathOf` turns the server's into the form's). A
 * message the contract names becomes its key, to be shown in the person's language; any other
 * stays.
 */
export function fieldProblems(
  error: ApiError | null,
  pathOf: (field: string) => string,
): Record<string, ServerProblem> {
  const found: Record<string, ServerProblem> = {};
  for (const { field, message } of fieldIssues(error)) {
    const path = pathOf(field);
    if (Object.hasOwn(found, path)) continue;
    const key = MESSAGE_KEYS.get(message);
    found[path] = key ? { key } : { text: message };
  }
  return found;
}

/**
 * The server's refusals by the form's field paths: a 400's field messages (the lines sent are
 * mapped back to their order lines), and a 409 quantityExceedsRemaining's lines with what is
 * left of each now.
 */
export function serverProblems(
  error: ApiError | null,
  values: ShipmentFormValues,
  lines: readonly ShippableLine[],
  language: string,
): Record<string, ServerProblem> {
  const exceeded = quantityExceedsRemainingSchema.safeParse(error?.details);
  if (error?.status === 409 && exceeded.success) {
    return Object.fromEntries(
      exceeded.data.lines.map((line) => [
        `lines.${line.orderLineId}`,
        { left: line.remaining as Decimal },
      ]),
    );
  }
  const sent = takenLines(values, lines, language);
  return fieldProblems(error, (field) =>
    field.replace(/^lines\.(\d+)(\.\w+)?$/, (whole, index: string) => {
      const line = sent[Number(index)];
      return line ? `lines.${line.orderLineId}` : whole;
    }),
  );
}
