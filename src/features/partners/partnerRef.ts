/** How a page names a trade partner in its address (SPEC section 2): a UUID or a legacy id. */
export type PartnerRef = { kind: 'uuid'; uuid: string } | { kind: 'id'; id: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POSITIVE_INTEGER = /^[1-9]\d*$/;

/** A UUID-shaped value is a UUID, a positive integer a numeric id; anything else is null. */
export function parsePartnerRef(value: string | null | undefined): PartnerRef | null {
  const text = value?.trim() ?? '';
  if (UUID.test(text)) return { kind: 'uuid', uuid: text.toLowerCase() };
  if (POSITIVE_INTEGER.test(text)) {
    const id = Number(text);
    return Number.isSafeInteger(id) ? { kind: 'id', id } : null;
  }
  return null;
}

/** Whether `partner` is the one `ref` names. */
export function refersTo(ref: PartnerRef, partner: { id: number; uuid: string }): boolean {
  return ref.kind === 'uuid' ? partner.uuid.toLowerCase() === ref.uuid : partner.id === ref.id;
}

/** `partner` if it is the one `value` (from a page's address) names; null otherwise. */
export function partnerNamed<T extends { id: number; uuid: string }>(
  partner: T | null | undefined,
  value: string | null | undefined,
): T | null {
  const ref = parsePartnerRef(value);
  return ref && partner && refersTo(ref, partner) ? partner : null;
}
