import type { ActionReducerMapBuilder, Draft } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '@/store/hooks';
import type { AppDispatch, RootState } from '@/app/store';
import { toApiError, type ApiError } from '@/lib/api-error';
import { refusedChange } from '@/store/refusedChange';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type Rejection,
  type RequestState,
} from '@/lib/request-state';

/**
 * One answer a screen shows at a time, of several it may ask for: a page of a list (`key` names
 * the query), one record (its id or uuid). An answer to a key the screen has left is dropped.
 */
export interface KeyedRequest<T> extends RequestState {
  /** What the entry holds, or waits for. */
  key: string | null;
  data: T;
  /** A change elsewhere may have made it out of date: asked for again while shown. */
  stale: boolean;
}

export const idleKeyed = <T>(data: T): KeyedRequest<T> => ({
  ...idleRequest(),
  key: null,
  data,
  stale: false,
});

type WithArg<Arg> = { meta: { arg: Arg } };

/** A fetch thunk's three actions, as `createAppAsyncThunk` makes them. */
export interface KeyedFetch<Arg, T> {
  pending: { match: (action: unknown) => action is WithArg<Arg> };
  fulfilled: { match: (action: unknown) => action is WithArg<Arg> & { payload: T } };
  rejected: { match: (action: unknown) => action is WithArg<Arg> & Rejection };
}

interface KeyedOptions<Arg, T, D> {
  /** Which answer an argument asks for. */
  keyOf: (arg: Arg) => string;
  /**
   * What the entry keeps of an answer; absent: all of it. A record another slice holds (a trade
   * partner) is kept as its uuid, so that there is one copy of it.
   */
  keep?: (answer: T) => D;
  /**
   * What shows while another key's answer is on its way; absent: the last answer stays (a list
   * keeps its page, dimmed, while the next one loads).
   */
  empty?: D;
  /** A failed answer leaves what its key showed before (`empty` otherwise). */
  keepOnFailure?: boolean;
}

/**
 * The reducers of a fetch into a KeyedRequest (`entryOf` finds it in the state). Matchers, so
 * call it after the slice's addCase calls.
 */
export function addKeyedFetch<S, Arg, T, D = T>(
  builder: ActionReducerMapBuilder<S>,
  fetch: KeyedFetch<Arg, T>,
  entryOf: (state: Draft<S>) => KeyedRequest<D>,
  { keyOf, keep, empty, keepOnFailure = false }: KeyedOptions<Arg, T, D>,
): void {
  builder
    .addMatcher(fetch.pending.match, (state, action) => {
      const entry = entryOf(state);
      const key = keyOf(action.meta.arg);
      if (empty !== undefined && entry.key !== key) entry.data = empty;
      recordPending(entry);
      entry.key = key;
    })
    .addMatcher(fetch.fulfilled.match, (state, action) => {
      const entry = entryOf(state);
      if (entry.key !== keyOf(action.meta.arg)) return;
      recordFulfilled(entry);
      entry.data = keep ? keep(action.payload) : (action.payload as unknown as D);
      entry.stale = false;
    })
    .addMatcher(fetch.rejected.match, (state, action) => {
      const entry = entryOf(state);
      if (entry.key !== keyOf(action.meta.arg)) return;
      recordRejected(entry, action);
      entry.stale = false;
      if (empty !== undefined && !keepOnFailure) entry.data = empty;
    });
}

/** A thunk's condition: the same answer already on its way is not asked for twice. */
export const notLoading =
  <State, Arg>(entryOf: (state: State) => KeyedRequest<unknown>, keyOf: (arg: Arg) => string) =>
  (arg: Arg, { getState }: { getState: () => State }) => {
    const { status, key } = entryOf(getState());
    return !(status === 'loading' && key === keyOf(arg));
  };

/** A thunk's condition: a request already on its way into `entryOf`'s entry is not made twice. */
export const notBusy =
  <State>(entryOf: (state: State) => RequestState) =>
  (_arg: unknown, { getState }: { getState: () => State }) =>
    entryOf(getState()).status !== 'loading';

/**
 * A change's condition: not while the request `entryOf` finds for this argument (its record's
 * change, its run) is on its way.
 */
export const notChanging =
  <State, Arg>(entryOf: (state: State, arg: Arg) => RequestState | undefined) =>
  (arg: Arg, { getState }: { getState: () => State }) =>
    entryOf(getState(), arg)?.status !== 'loading';

/**
 * The reducers of a request whose answer the slice keeps itself (or none): its state machine in
 * `entryOf`'s entry. Matchers, so call it after the slice's addCase calls.
 */
export function addRequest<S, Arg, T>(
  builder: ActionReducerMapBuilder<S>,
  thunk: KeyedFetch<Arg, T>,
  entryOf: (state: Draft<S>) => RequestState,
): void {
  builder
    .addMatcher(thunk.pending.match, (state) => recordPending(entryOf(state)))
    .addMatcher(thunk.fulfilled.match, (state) => recordFulfilled(entryOf(state)))
    .addMatcher(thunk.rejected.match, (state, action) => recordRejected(entryOf(state), action));
}

interface FetchOptions<Arg> {
  /** Not dispatched when false (the same answer already on its way). */
  condition?: (arg: Arg, api: { getState: () => RootState }) => boolean;
}

interface ThunkApi {
  dispatch: AppDispatch;
  getState: () => RootState;
}

/**
 * The thunk that makes one request with `call` and, when it fails, rejects with the ApiError
 * `refused` makes of the failure. Every fetch and change thunk of the app is one of these.
 */
function requestThunk<Arg, T>(
  typePrefix: string,
  call: (arg: Arg, api: ThunkApi) => Promise<T>,
  refused: (error: unknown, arg: Arg, api: ThunkApi) => ApiError,
  condition: FetchOptions<Arg>['condition'],
) {
  return createAppAsyncThunk<T, Arg>(
    typePrefix,
    async (arg, { dispatch, getState, rejectWithValue }) => {
      try {
        return await call(arg, { dispatch, getState });
      } catch (error) {
        return rejectWithValue(refused(error, arg, { dispatch, getState }));
      }
    },
    condition ? { condition } : {},
  );
}

/** The thunk that fetches with `call`: it rejects with the call's ApiError. */
export const createFetch = <Arg = void, T = unknown>(
  typePrefix: string,
  call: (arg: Arg, api: ThunkApi) => Promise<T>,
  { condition }: FetchOptions<Arg> = {},
) => requestThunk(typePrefix, call, toApiError, condition);

/**
 * The thunk that fetches one keyed answer with `call`: it rejects with the call's ApiError, and
 * is not dispatched while the same key is on its way into `entryOf`'s entry.
 */
export const createKeyedFetch = <Arg, T>(
  typePrefix: string,
  call: (arg: Arg) => Promise<T>,
  entryOf: (state: RootState) => KeyedRequest<unknown>,
  keyOf: (arg: Arg) => string,
) => createFetch(typePrefix, call, { condition: notLoading(entryOf, keyOf) });

interface ChangeOptions<Arg> extends FetchOptions<Arg> {
  /** After a refusal, before the thunk rejects: e.g. read the record again after a 409. */
  onRefused?: (error: ApiError, arg: Arg, api: ThunkApi) => void;
}

/**
 * The thunk that makes one change with `call`: it rejects with the call's ApiError, and a 409
 * (someone else changed the record first, decision 023) tells the user so (`refusedChange`).
 */
export const createChangeThunk = <Arg, T>(
  typePrefix: string,
  call: (arg: Arg, api: ThunkApi) => Promise<T>,
  { condition, onRefused }: ChangeOptions<Arg> = {},
) =>
  requestThunk(
    typePrefix,
    call,
    (error, arg, api) => {
      const apiError = refusedChange(error, api.dispatch);
      onRefused?.(apiError, arg, api);
      return apiError;
    },
    condition,
  );

/** `entry` if it holds (or waits for) the answer for `key`; null otherwise. */
export const entryFor = <T>(entry: KeyedRequest<T>, key: string | null | undefined) =>
  key && entry.key === key ? entry : null;
