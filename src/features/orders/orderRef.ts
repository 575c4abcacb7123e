import { isUuid, parsePositiveId } from '@/lib/recordRef';

/**
 * How an order's address names it (SPEC section 2): a UUID (any case) or a positive numeric id,
 * as GET /api/orders/{idOrUuid} takes it; null for anything else ('not found' without asking).
 */
export function parseOrderRef(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (isUuid(text)) return text.toLowerCase();
  const id = parsePositiveId(text);
  return id === null ? null : String(id);
}

/** `order` if it is the one `ref` (from an address) names; null otherwise. */
export function orderNamed<T extends { id: number; uuid: string }>(
  order: T | null | undefined,
  ref: string | null | undefined,
): T | null {
  const parsed = parseOrderRef(ref);
  if (!order || parsed === null) return null;
  return order.uuid.toLowerCase() === parsed || String(order.id) === parsed ? order : null;
}
