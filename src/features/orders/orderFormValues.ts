import {
  DEFAULT_CURRENCY,
  HS_CODE,
  lineAmount,
  ORDER_FIELD_MAX,
  ORDER_MESSAGES,
  orderTotal,
  QUANTITY_RULES,
  UNIT_PRICE_RULES,
  type Incoterm,
  type Order,
  type OrderCreate,
  type OrderCurrency,
  type OrderDirection,
  type OrderUnit,
} from '@common/orders';
import {
  decimalText,
  readDecimal,
  type Decimal,
  type DecimalReading,
  type DecimalRules,
} from '@common/money';
import { BUSINESS_DATE_RANGE } from '@common/api';
import { fieldIssues, type ApiError } from '@/lib/api-error';
import { formatDateRange, toApiDate } from '@/lib/format';

/** The days a business date may name, for the messages that say so ({{min}}, {{max}}). */
export const BUSINESS_DAYS = formatDateRange(BUSINESS_DATE_RANGE);

/** One line as typed: quantity and price in the app language's notation (decision 015). */
export interface LineValues {
  /** Keeps a row's inputs its own while rows are added and removed. */
  key: string;
  description: string;
  quantity: string;
  unit: OrderUnit;
  unitPrice: string;
  hsCode: string;
}

/** The order form's values, as typed; '' for what is not chosen. */
export interface OrderFormValues {
  contactId: string;
  direction: OrderDirection;
  customerReference: string;
  orderDate: string;
  requestedDeliveryDate: string;
  deliveryAddressId: string;
  incoterm: Incoterm | '';
  incotermPlace: string;
  currency: OrderCurrency;
  notes: string;
  lines: LineValues[];
}

let lineKeys = 0;
const nextKey = () => `line-${(lineKeys += 1)}`;

export const emptyLine = (): LineValues => ({
  key: nextKey(),
  description: '',
  quantity: '',
  unit: 'PCE',
  unitPrice: '',
  hsCode: '',
});

/** A new order: a sale, dated today, in euros, with one line to fill in. */
export const newOrderValues = (): OrderFormValues => ({
  contactId: '',
  direction: 'SALE',
  customerReference: '',
  orderDate: toApiDate(new Date()),
  requestedDeliveryDate: '',
  deliveryAddressId: '',
  incoterm: '',
  incotermPlace: '',
  currency: DEFAULT_CURRENCY,
  notes: '',
  lines: [emptyLine()],
});

/** The order as its form shows it, numbers written as a person types them in `language`. */
export function orderValues(order: Order, language: string): OrderFormValues {
  const text = (value: string | null) =>
    value === null ? '' : decimalText(value as Decimal, language);
  return {
    contactId: order.contactId === null ? '' : String(order.contactId),
    direction: order.direction,
    customerReference: order.customerReference ?? '',
    orderDate: order.orderDate,
    requestedDeliveryDate: order.requestedDeliveryDate ?? '',
    deliveryAddressId: order.deliveryAddressId === null ? '' : String(order.deliveryAddressId),
    incoterm: order.incoterm ?? '',
    incotermPlace: order.incotermPlace ?? '',
    currency: order.currency,
    notes: order.notes ?? '',
    lines: order.lines.map((line) => ({
      key: nextKey(),
      description: line.description,
      quantity: text(line.quantity),
      unit: line.unit,
      unitPrice: text(line.unitPrice),
      hsCode: line.hsCode ?? '',
    })),
  };
}

/** A line nobody has typed anything in: left out when the order is saved. */
const isBlankLine = (line: LineValues) =>
  [line.description, line.quantity, line.unitPrice, line.hsCode].every((text) => !text.trim());

const read = (text: string, language: string, rules: DecimalRules): DecimalReading | null =>
  text.trim() === '' ? null : readDecimal(text, language, rules);

/** What a line's numbers read as: null for a blank field. */
export function readLine(line: LineValues, language: string) {
  return {
    quantity: read(line.quantity, language, QUANTITY_RULES),
    unitPrice: read(line.unitPrice, language, UNIT_PRICE_RULES),
  };
}

/** A line's amount as typed so far; null while its quantity or price does not read. */
export function lineAmountOf(line: LineValues, language: string): Decimal | null {
  const { quantity, unitPrice } = readLine(line, language);
  return quantity?.ok && unitPrice?.ok ? lineAmount(quantity.value, unitPrice.value) : null;
}

/** The total as typed so far (blank lines aside); null while a line's amount is not known. */
export function totalOf(lines: readonly LineValues[], language: string): Decimal | null {
  const readings = lines
    .filter((line) => !isBlankLine(line))
    .map((line) => readLine(line, language));
  const exact: { quantity: Decimal; unitPrice: Decimal }[] = [];
  for (const { quantity, unitPrice } of readings) {
    if (!quantity?.ok || !unitPrice?.ok) return null;
    exact.push({ quantity: quantity.value, unitPrice: unitPrice.value });
  }
  return orderTotal(exact);
}

/** What the client finds wrong, by field path ('orderDate', 'lines.0.quantity'). */
export type FormProblems = Record<string, ProblemKey>;

/** The form's own messages: a key under orders.form.errors (ORDER_MESSAGES' names). */
export type ProblemKey = keyof typeof ORDER_MESSAGES;

/**
 * The checks the server makes (common/orders.ts), made before sending so that each shows at
 * its field. A number that does not read shows its own refusal as it is typed (OrderLines).
 */
export function validateOrder(values: OrderFormValues, language: string): FormProblems {
  const problems: FormProblems = {};
  const tooLong = (field: keyof typeof ORDER_FIELD_MAX, text: string, path: string = field) => {
    if (text.trim().length > ORDER_FIELD_MAX[field]) problems[path] = 'tooLong';
  };
  if (!values.orderDate) problems.orderDate = 'required';
  if (values.requestedDeliveryDate && values.requestedDeliveryDate < values.orderDate) {
    problems.requestedDeliveryDate = 'deliveryBeforeOrder';
  }
  tooLong('customerReference', values.customerReference);
  tooLong('incotermPlace', values.incotermPlace);
  tooLong('notes', values.notes);
  values.lines.forEach((line, index) => {
    if (isBlankLine(line)) return;
    const at = (field: string) => `lines.${index}.${field}`;
    if (!line.description.trim()) problems[at('description')] = 'required';
    tooLong('description', line.description, at('description'));
    const { quantity, unitPrice } = readLine(line, language);
    if (!quantity) problems[at('quantity')] = 'required';
    else if (quantity.ok && /^0+(\.0+)?$/.test(quantity.value))
      problems[at('quantity')] = 'positive';
    if (!unitPrice) problems[at('unitPrice')] = 'required';
    const hsCode = line.hsCode.replace(/[\s.]/g, '');
    if (hsCode && !HS_CODE.test(hsCode)) problems[at('hsCode')] = 'hsCode';
  });
  return problems;
}

/** Whether every number typed reads (their refusals show at their fields as they are typed). */
export function numbersRead(values: OrderFormValues, language: string): boolean {
  return values.lines.every((line) => {
    if (isBlankLine(line)) return true;
    const { quantity, unitPrice } = readLine(line, language);
    return quantity?.ok !== false && unitPrice?.ok !== false;
  });
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const idOrNull = (text: string) => (text === '' ? null : Number(text));

/** What the form sends (POST and PUT alike): numbers as exact decimal strings. */
export function orderBody(
  values: OrderFormValues,
  language: string,
): Omit<OrderCreate, 'tradePartnerUuid'> {
  return {
    contactId: idOrNull(values.contactId),
    direction: values.direction,
    customerReference: orNull(values.customerReference),
    orderDate: values.orderDate,
    requestedDeliveryDate: orNull(values.requestedDeliveryDate),
    deliveryAddressId: idOrNull(values.deliveryAddressId),
    incoterm: values.incoterm || null,
    incotermPlace: orNull(values.incotermPlace),
    currency: values.currency,
    notes: orNull(values.notes),
    lines: values.lines
      .filter((line) => !isBlankLine(line))
      .map((line) => {
        const { quantity, unitPrice } = readLine(line, language);
        if (!quantity?.ok || !unitPrice?.ok) throw new Error('A line does not read: check first');
        return {
          description: line.description.trim(),
          quantity: quantity.value,
          unit: line.unit,
          unitPrice: unitPrice.value,
          hsCode: orNull(line.hsCode),
        };
      }),
  };
}

/**
 * The server's field messages of a 400, by the form's field paths. Blank lines are not sent, so
 * the server's line numbers are mapped back to the form's rows. A message the contract names
 * (ORDER_MESSAGES) becomes its key, to be shown in the person's language; any other stays.
 */
export function serverProblems(
  error: ApiError | null,
  values: OrderFormValues,
): Record<string, { key: ProblemKey } | { text: string }> {
  const rows = values.lines.flatMap((line, index) => (isBlankLine(line) ? [] : [index]));
  const keys = new Map<string, ProblemKey>(
    Object.entries(ORDER_MESSAGES).map(([key, message]) => [message, key as ProblemKey]),
  );
  const found: Record<string, { key: ProblemKey } | { text: string }> = {};
  for (const { field, message } of fieldIssues(error)) {
    const path = field.replace(
      /^lines\.(\d+)/,
      (_, sent: string) => `lines.${rows[Number(sent)] ?? sent}`,
    );
    if (Object.hasOwn(found, path)) continue;
    const key = keys.get(message);
    found[path] = key ? { key } : { text: message };
  }
  return found;
}
