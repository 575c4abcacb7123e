import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { responseCache, type CacheKind } from '@/lib/response-cache';

/**
 * GET `url` through the response cache (SPEC section 9): the parsed answer is kept for `kind`'s
 * lifetime under `key` (the URL unless the SPEC names another key).
 */
export function cachedGet<T>(kind: CacheKind, url: string, schema: z.ZodType<T>, key = url) {
  const { pathname } = new URL(url, window.location.origin);
  return responseCache.get(key, kind, pathname, async () => {
    const { data } = await apiClient.get<unknown>(url);
    return schema.parse(data);
  });
}
