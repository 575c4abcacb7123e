/** SPEC section 5: 8-4-4-4-12 hexadecimal digits, in either case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POSITIVE_INTEGER = /^[1-9]\d*$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A legacy numeric id: a positive integer that a number holds exactly. */
export function parsePositiveId(value: string): number | null {
  if (!POSITIVE_INTEGER.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * How an address names a record (an order, a shipment; SPEC section 2): a UUID (any case) or a
 * positive numeric id, as GET /api/{records}/{idOrUuid} takes it; null for anything else ('not
 * found' without asking).
 */
export function parseRecordRef(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (isUuid(text)) return text.toLowerCase();
  const id = parsePositiveId(text);
  return id === null ? null : String(id);
}

/** `record` if it is the one `ref` (from an address) names; null otherwise. */
export function recordNamed<T extends { id: number; uuid: string }>(
  record: T | null | undefined,
  ref: string | null | undefined,
): T | null {
  const parsed = parseRecordRef(ref);
  if (!record || parsed === null) return null;
  return record.uuid.toLowerCase() === parsed || String(record.id) === parsed ? record : null;
}
