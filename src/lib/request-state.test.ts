import { configureStore, createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { ApiError } from '@/lib/api-error';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  rejectionError,
  type RequestState,
} from '@/lib/request-state';

/** A thunk that answers, refuses with an ApiError or throws, as its argument says. */
const ask = createAsyncThunk<string, 'answer' | 'refuse' | 'throw', { rejectValue: ApiError }>(
  'test/ask',
  async (how, { rejectWithValue }) => {
    await Promise.resolve();
    if (how === 'refuse') return rejectWithValue({ status: 409, message: 'Taken', details: {} });
    if (how === 'throw') throw new Error('boom');
    return 'an answer';
  },
);

/** An entry that holds its answer next to its request state, as slices keep lists. */
type Entry = RequestState & { answer: string | null };

const slice = createSlice({
  name: 'test',
  initialState: { entry: { ...idleRequest(), answer: null } as Entry },
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(ask.pending, (state) => recordPending(state.entry))
      .addCase(ask.fulfilled, (state, action) => {
        recordFulfilled(state.entry);
        state.entry.answer = action.payload;
      })
      .addCase(ask.rejected, (state, action) => recordRejected(state.entry, action));
  },
});

const makeStore = () => configureStore({ reducer: { test: slice.reducer } });

describe('request state', () => {
  it('starts idle, with a fresh object each time', () => {
    expect(idleRequest()).toEqual({ status: 'idle', error: null });
    expect(idleRequest()).not.toBe(idleRequest());
  });

  it('records pending and fulfilled on the entry, leaving what else it holds', async () => {
    const store = makeStore();
    const asking = store.dispatch(ask('answer'));
    expect(store.getState().test.entry).toEqual({ status: 'loading', error: null, answer: null });
    await asking;
    expect(store.getState().test.entry).toEqual({
      status: 'succeeded',
      error: null,
      answer: 'an answer',
    });
  });

  it('records a refusal with the ApiError the thunk rejected with, and forgets it on the next try', async () => {
    const store = makeStore();
    await store.dispatch(ask('refuse'));
    expect(store.getState().test.entry).toEqual({
      status: 'failed',
      error: { status: 409, message: 'Taken', details: {} },
      answer: null,
    });
    const again = store.dispatch(ask('answer'));
    expect(store.getState().test.entry.error).toBeNull();
    await again;
    expect(store.getState().test.entry.status).toBe('succeeded');
  });

  it('records a thrown error as status 0 with its message', async () => {
    const store = makeStore();
    await store.dispatch(ask('throw'));
    expect(store.getState().test.entry).toMatchObject({
      status: 'failed',
      error: { status: 0, message: 'boom' },
    });
  });

  it('reads the error of a rejected action', () => {
    const refusal = { status: 400, message: 'Invalid' };
    expect(rejectionError({ payload: refusal, error: { message: 'Rejected' } })).toBe(refusal);
    expect(rejectionError({ error: { message: 'boom' } })).toEqual({ status: 0, message: 'boom' });
    expect(rejectionError({ error: {} })).toEqual({ status: 0, message: 'Unknown error' });
  });
});
