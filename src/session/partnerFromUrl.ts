import { matchPath } from 'react-router-dom';
import { isUuid, parsePositiveId } from '@/lib/recordRef';

/** The partner an address names; both null when it names none. */
export interface UrlPartner {
  id: number | null;
  uuid: string | null;
}

const NO_URL_PARTNER: UrlPartner = { id: null, uuid: null };

/** SPEC section 2: the pages whose address names a trade partner, and what they accept. */
const PARTNER_PATTERNS = [
  { path: '/partners/:ref', accepts: 'idOrUuid' },
  { path: '/kyc/:ref', accepts: 'id' },
  { path: '/orders/modify/:ref', accepts: 'idOrUuid' },
  { path: '/orders/detail/:ref', accepts: 'idOrUuid' },
] as const;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The current trade partner as the address names it (SPEC section 2): a UUID-shaped segment
 * is a uuid, a positive integer a legacy id. Pages below these (/partners/{uuid}/contacts)
 * count too; anything else (/partners/new, /kyc/selfservice/...) names no partner.
 */
export function partnerFromPath(pathname: string): UrlPartner {
  for (const { path, accepts } of PARTNER_PATTERNS) {
    const ref = matchPath({ path, end: false }, pathname)?.params.ref;
    if (!ref) continue;
    const text = decoded(ref);
    if (accepts === 'idOrUuid' && isUuid(text)) return { id: null, uuid: text.toLowerCase() };
    const id = parsePositiveId(text);
    if (id !== null) return { id, uuid: null };
  }
  return NO_URL_PARTNER;
}
