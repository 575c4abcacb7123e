import {
  ensureUserResponseSchema,
  sessionInfoSchema,
  type EnsureUserResponse,
  type SessionInfo,
} from '@common/users';
import { apiClient } from '@/lib/api-client';
import { cachedGet } from '@/lib/cached-get';

const ENSURE_USER_CACHE_MS = 5 * 60_000;

interface CacheEntry {
  expiresAt: number;
  response: Promise<EnsureUserResponse>;
}

// Keyed by identity id (token `sub`); holds the promise so concurrent callers share one call.
const ensureUserCache = new Map<string, CacheEntry>();

/**
 * POST /api/auth/keycloak/ensure-user: creates the caller's user record if it is missing.
 * The server identifies the caller by the bearer token; `identityId` only keys the 5-minute cache.
 */
export function ensureUser(identityId: string): Promise<EnsureUserResponse> {
  const cached = ensureUserCache.get(identityId);
  if (cached && cached.expiresAt > Date.now()) return cached.response;

  const response = apiClient
    .post<unknown>('/api/auth/keycloak/ensure-user')
    .then(({ data }) => ensureUserResponseSchema.parse(data));
  ensureUserCache.set(identityId, { expiresAt: Date.now() + ENSURE_USER_CACHE_MS, response });
  // Failures are not remembered: the next attempt asks the server again.
  response.catch(() => {
    if (ensureUserCache.get(identityId)?.response === response) ensureUserCache.delete(identityId);
  });
  return response;
}

export function clearEnsureUserCache(): void {
  ensureUserCache.clear();
}

/**
 * GET /api/auth/session/info: what the server makes of the caller's token (401 when invalid);
 * the answer is kept for a minute (SPEC section 9).
 */
export async function getSessionInfo(): Promise<SessionInfo> {
  return cachedGet('sessionInfo', '/api/auth/session/info', sessionInfoSchema);
}
