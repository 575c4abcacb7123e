import Big from 'big.js';
import { lineAmount, ORDER_INCOMPLETE, orderTotal, type OrderConfirmNeed } from '#common/orders.js';
import { ConflictError, ValidationError } from '#server/errors.js';
import type { NewOrder, NewOrderLine, OrderLineRow, OrderRow } from './orders-repository.js';
import type { OrderCreateInput, OrderUpdateInput } from './orders-schemas.js';

/*
 * What an order's form sends, as the order keeps it: its columns, its lines priced exactly, what
 * a change alters, and the refusals of what it sends (decision 033).
 */

/** The largest total numeric(24, 2) holds. */
const MAX_TOTAL = new Big('9999999999999999999999.99');

/** 400 on `body.{field}`. */
export const invalid = (field: string, message: string) =>
  new ValidationError(`body.${field}: ${message}`, [{ field: `body.${field}`, message }]);

/** What a confirmation lacks, in words. */
const NEED_WORDS: Record<OrderConfirmNeed, string> = {
  lines: 'at least one line',
  deliveryAddressId: 'a delivery address',
  requestedDeliveryDate: 'a requested delivery date',
  incoterm: 'an Incoterm',
};

export const incomplete = (missing: OrderConfirmNeed[], what: string) =>
  new ConflictError(`${what}: it needs ${missing.map((need) => NEED_WORDS[need]).join(', ')}.`, {
    reason: ORDER_INCOMPLETE,
    missing,
  });

/** The order's own fields as its form sends them, in the columns they are kept in. */
export function columnsOf(input: OrderCreateInput | OrderUpdateInput) {
  return {
    contactId: input.contactId ?? null,
    direction: input.direction,
    customerReference: input.customerReference ?? null,
    orderDate: input.orderDate,
    requestedDeliveryDate: input.requestedDeliveryDate ?? null,
    deliveryAddressId: input.deliveryAddressId ?? null,
    incoterm: input.incoterm ?? null,
    incotermPlace: input.incotermPlace ?? null,
    currency: input.currency,
    notes: input.notes ?? null,
  } satisfies Partial<NewOrder>;
}

export type Columns = ReturnType<typeof columnsOf>;

/** The lines with their amounts, and the total: exact, as common/orders.ts computes them. */
export function priced(input: OrderCreateInput['lines']) {
  const lines: NewOrderLine[] = input.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unit: line.unit,
    unitPrice: line.unitPrice,
    hsCode: line.hsCode ?? null,
    amount: lineAmount(line.quantity, line.unitPrice),
  }));
  const total = orderTotal(input);
  if (new Big(total).gt(MAX_TOTAL)) throw invalid('lines', 'add up to a total that is too large');
  return { lines, total, lineCount: lines.length };
}

/** A line as it is compared for a change: what the form sends of it. */
const lineKey = (line: NewOrderLine | OrderLineRow) =>
  JSON.stringify([line.description, line.quantity, line.unit, line.unitPrice, line.hsCode ?? null]);

/** The names of the fields (and `lines`) a change alters. */
export function changedFields(
  current: OrderRow,
  currentLines: readonly OrderLineRow[],
  columns: Columns,
  lines: readonly NewOrderLine[],
): string[] {
  const changed = (Object.keys(columns) as (keyof Columns)[]).filter(
    (key) => columns[key] !== current[key],
  );
  const same =
    lines.length === currentLines.length &&
    lines.every((line, index) => lineKey(line) === lineKey(currentLines[index]!));
  return same ? changed : [...changed, 'lines'];
}
