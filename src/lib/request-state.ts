import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '@/lib/api-error';

/** The life cycle of one request as a slice records it. */
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/**
 * One request as a slice records it: a state machine and a serializable error. An entry that
 * holds the answer too (a list, a cache) extends it, and is recorded the same way.
 */
export interface RequestState {
  status: RequestStatus;
  /** Why the last attempt failed; null unless it did. */
  error: ApiError | null;
}

/** What a rejected thunk action carries (createAppAsyncThunk rejects with an ApiError). */
export interface Rejection {
  payload?: ApiError | undefined;
  error: SerializedError;
}

/** A request not made yet: the initial value of every request state. */
export const idleRequest = (): RequestState => ({ status: 'idle', error: null });

/** The ApiError a thunk rejected with; else, when it threw, what Redux Toolkit kept of that. */
export const rejectionError = ({ payload, error }: Rejection): ApiError =>
  payload ?? { status: 0, message: error.message ?? 'Unknown error' };

// A slice answers its thunk's pending, fulfilled and rejected actions with these, on the entry
// the request belongs to (Immer drafts: they change `entry` in place).

export function recordPending(entry: RequestState): void {
  entry.status = 'loading';
  entry.error = null;
}

export function recordFulfilled(entry: RequestState): void {
  entry.status = 'succeeded';
  entry.error = null;
}

export function recordRejected(entry: RequestState, action: Rejection): void {
  entry.status = 'failed';
  entry.error = rejectionError(action);
}
