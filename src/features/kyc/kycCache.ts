import { idleRequest, recordFulfilled, type RequestState } from '@/lib/request-state';

// SPEC section 9's caches, as the KYC thunks' `condition`s apply them.

/** Steps are read again after 5 s at the earliest. */
export const KYC_STEP_CACHE_MS = 5_000;
/** SPEC's 'status delay': the status history is read again after 3 s at the earliest. */
export const KYC_STATUS_CACHE_MS = 3_000;
/** Everything else (the list, a submission, comments, audit trail, insights): 2 minutes. */
export const KYC_CACHE_MS = 120_000;

/** One answer the slice keeps, with the life cycle of the request for it. */
export interface Cached<T> extends RequestState {
  data: T;
  /** Epoch ms of the last answer. */
  fetchedAt: number | null;
  /** Something changed (a status change) that the answer may not show yet. */
  stale: boolean;
}

export const emptyCache = <T>(data: T): Cached<T> => ({
  ...idleRequest(),
  data,
  fetchedAt: null,
  stale: false,
});

/** An answer that came with another request's: fresh as of `fetchedAt`. */
export function answeredCache<T>(data: T, fetchedAt: number): Cached<T> {
  const entry = emptyCache(data);
  recordFulfilled(entry);
  entry.fetchedAt = fetchedAt;
  return entry;
}

/**
 * Whether to ask the server: never while the same request is on its way; otherwise when asked
 * to (`force`), when the answer is missing, failed, stale or older than `maxAgeMs`.
 */
export function shouldFetch(
  entry: Pick<Cached<unknown>, 'status' | 'fetchedAt' | 'stale'> | undefined,
  maxAgeMs: number,
  force = false,
  now = Date.now(),
): boolean {
  if (!entry) return true;
  if (entry.status === 'loading') return false;
  if (force || entry.stale || entry.status !== 'succeeded' || entry.fetchedAt === null) return true;
  return now - entry.fetchedAt >= maxAgeMs;
}
