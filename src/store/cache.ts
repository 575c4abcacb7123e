import type { ActionReducerMapBuilder, Draft } from '@reduxjs/toolkit';
import type { RootState } from '@/app/store';
import { recordFulfilled, recordPending, recordRejected } from '@/lib/request-state';
import { createFetch, idleKeyed, type KeyedFetch, type KeyedRequest } from '@/store/requests';

// Answers kept for a while (SPEC section 9's caches).

/** A keyed answer that is shown again, without asking, until it is `maxAgeMs` old. */
export interface CachedRequest<T> extends KeyedRequest<T> {
  /** Epoch ms of the last answer. */
  fetchedAt: number | null;
}

export const idleCached = <T>(data: T): CachedRequest<T> => ({
  ...idleKeyed(data),
  fetchedAt: null,
});

/** An answer for `key` that came with another request's: fresh as of `fetchedAt`. */
export function answeredCached<T>(data: T, key: string, fetchedAt: number): CachedRequest<T> {
  const entry = idleCached(data);
  recordFulfilled(entry);
  entry.key = key;
  entry.fetchedAt = fetchedAt;
  return entry;
}

/** What a cached fetch answers: the data, and when it came. */
export interface Fetched<T> {
  data: T;
  fetchedAt: number;
}

/** A cached fetch's argument; `force` asks even when a fresh answer is at hand. */
export interface CacheArg {
  force?: boolean;
}

/**
 * Whether to ask the server for `key`: always when the entry holds another key; never while
 * the same key is on its way; otherwise when asked to (`force`), when the answer is missing,
 * failed, stale or older than `maxAgeMs`.
 */
function shouldFetch(
  entry: CachedRequest<unknown> | undefined,
  key: string,
  maxAgeMs: number,
  force = false,
  now = Date.now(),
): boolean {
  if (!entry || entry.key !== key) return true;
  if (entry.status === 'loading') return false;
  if (force || entry.stale || entry.status !== 'succeeded' || entry.fetchedAt === null) return true;
  return now - entry.fetchedAt >= maxAgeMs;
}

/**
 * The thunk that fetches one cached answer with `call` (payload: the answer and its time): it
 * rejects with the call's ApiError, and is dispatched only when `shouldFetch` says so for the
 * entry `entryOf` finds.
 */
export function createCachedFetch<Arg extends CacheArg, T>(
  typePrefix: string,
  call: (arg: Arg) => Promise<T>,
  entryOf: (state: RootState, arg: Arg) => CachedRequest<unknown> | undefined,
  keyOf: (arg: Arg) => string,
  maxAgeMs: number,
) {
  return createFetch<Arg, Fetched<T>>(
    typePrefix,
    async (arg) => ({ data: await call(arg), fetchedAt: Date.now() }),
    {
      condition: (arg, { getState }) =>
        shouldFetch(entryOf(getState(), arg), keyOf(arg), maxAgeMs, arg.force),
    },
  );
}

export type CachedFetch<Arg, T> = KeyedFetch<Arg, Fetched<T>>;

interface CachedOptions<Arg, T> {
  keyOf: (arg: Arg) => string;
  /**
   * What the entry holds while another key's answer is on its way; absent: the last answer stays
   * (a list keeps its page while the next one loads).
   */
  empty?: T;
}

/**
 * The reducers of a cached fetch into the entry `entryOf` finds (or makes) for its argument.
 * Matchers, so call it after the slice's addCase calls. Unlike addKeyedFetch, a refusal leaves
 * `stale` as it was: a screen that reads again whenever its entry turns stale would otherwise
 * ask again at once after each refusal.
 */
export function addCachedFetch<S, Arg, T>(
  builder: ActionReducerMapBuilder<S>,
  fetch: CachedFetch<Arg, T>,
  entryOf: (state: Draft<S>, arg: Arg) => CachedRequest<T>,
  { keyOf, empty }: CachedOptions<Arg, T>,
): void {
  builder
    .addMatcher(fetch.pending.match, (state, action) => {
      const entry = entryOf(state, action.meta.arg);
      const key = keyOf(action.meta.arg);
      if (empty !== undefined && entry.key !== key) Object.assign(entry, idleCached(empty));
      recordPending(entry);
      entry.key = key;
    })
    .addMatcher(fetch.fulfilled.match, (state, action) => {
      const entry = entryOf(state, action.meta.arg);
      if (entry.key !== keyOf(action.meta.arg)) return;
      recordFulfilled(entry);
      entry.data = action.payload.data;
      entry.fetchedAt = action.payload.fetchedAt;
      entry.stale = false;
    })
    .addMatcher(fetch.rejected.match, (state, action) => {
      const entry = entryOf(state, action.meta.arg);
      if (entry.key !== keyOf(action.meta.arg)) return;
      recordRejected(entry, action);
    });
}
