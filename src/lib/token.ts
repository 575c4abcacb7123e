/** Token lifetime rules (SPEC section 9). Pure, so the schedule can be tested without keycloak-js. */

/** An API call never goes out with a token that expires within this many seconds. */
export const API_MIN_TOKEN_VALIDITY_S = 70;
/** Minimum validity asked for when keycloak-js reports that the token has expired. */
export const EXPIRED_MIN_TOKEN_VALIDITY_S = 20;
/** Passed to `updateToken` to refresh whatever the token's remaining lifetime. */
export const FORCE_REFRESH = -1;

const REFRESH_AT_FRACTION = 0.7;
/** The soonest a refresh is tried again. */
export const MIN_REFRESH_DELAY_MS = 10_000;

/**
 * How long to wait before refreshing a token that expires at `expSeconds` (epoch seconds):
 * 70 % of the remaining lifetime, never sooner than 10 s, and at once when it has already expired.
 */
export function refreshDelayMs(expSeconds: number, nowMs: number): number {
  const remainingMs = expSeconds * 1000 - nowMs;
  if (remainingMs <= 0) return 0;
  return Math.max(Math.floor(remainingMs * REFRESH_AT_FRACTION), MIN_REFRESH_DELAY_MS);
}

/** What the app reads from the access token. */
export interface TokenIdentity {
  identityId: string;
  username: string | null;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  roles: string[];
  /** Epoch seconds. */
  expiresAt: number | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** Reads the claims the app uses; null when the token has no subject. */
export function identityFromClaims(
  claims: Record<string, unknown> | undefined,
): TokenIdentity | null {
  const identityId = text(claims?.sub);
  if (!claims || !identityId) return null;
  const realmAccess = claims.realm_access as { roles?: unknown } | undefined;
  const roles = Array.isArray(realmAccess?.roles)
    ? realmAccess.roles.filter((role): role is string => typeof role === 'string')
    : [];
  return {
    identityId,
    username: text(claims.preferred_username),
    email: text(claims.email),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    roles,
    expiresAt: typeof claims.exp === 'number' ? claims.exp : null,
  };
}

/**
 * Why a token refresh failed (keycloak-js's `updateToken` rejected with `error`):
 * - `ended`: the identity provider refused the refresh token (400 or 401: the session ended,
 *   or there is none);
 * - `unreachable`: no answer at all (fetch's TypeError: offline, server down);
 * - `failed`: any other answer (5xx...).
 */
export type RefreshFailure = 'ended' | 'unreachable' | 'failed';

export function refreshFailure(error: unknown): RefreshFailure {
  // keycloak-js's NetworkError carries the token endpoint's Response.
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  if (typeof status === 'number') return status === 400 || status === 401 ? 'ended' : 'failed';
  if (error instanceof TypeError) return 'unreachable';
  // 'Unable to update token, no refresh token available.'
  return 'ended';
}
