import { configureStore, createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { ApiError } from '@/lib/api-error';
import { addKeyedFetch, idleKeyed, notLoading, type KeyedRequest } from '@/store/requests';

interface State {
  kept: KeyedRequest<string | null>;
  emptied: KeyedRequest<string | null>;
}

/** Answers `answer-{key}` when released, or refuses with a 404. */
function setup() {
  const waiting = new Map<string, () => void>();
  const ask = createAsyncThunk<
    string,
    { key: string; refuse?: boolean },
    { rejectValue: ApiError; state: { test: State } }
  >(
    'test/ask',
    async ({ key, refuse }, { rejectWithValue }) => {
      await new Promise<void>((release) => waiting.set(key, release));
      return refuse ? rejectWithValue({ status: 404, message: 'Gone' }) : `answer-${key}`;
    },
    {
      condition: notLoading(
        (state: { test: State }) => state.test.kept,
        ({ key }) => key,
      ),
    },
  );
  const slice = createSlice({
    name: 'test',
    initialState: {
      kept: idleKeyed<string | null>(null),
      emptied: idleKeyed<string | null>(null),
    } as State,
    reducers: {},
    extraReducers: (builder) => {
      addKeyedFetch(builder, ask, (state) => state.kept, { keyOf: ({ key }) => key });
      addKeyedFetch(builder, ask, (state) => state.emptied, {
        keyOf: ({ key }) => key,
        empty: null,
      });
    },
  });
  const store = configureStore({ reducer: { test: slice.reducer } });
  const release = async (key: string) => {
    waiting.get(key)?.();
    await new Promise((resolve) => setTimeout(resolve));
  };
  return { store, ask, release, state: () => store.getState().test };
}

describe('keyed requests', () => {
  it('keeps or empties what is shown while another key loads, and drops an answer left behind', async () => {
    const { store, ask, release, state } = setup();
    void store.dispatch(ask({ key: 'a' }));
    await release('a');
    expect(state().kept).toMatchObject({ key: 'a', data: 'answer-a', status: 'succeeded' });

    void store.dispatch(ask({ key: 'b' }));
    expect(state().kept).toMatchObject({ key: 'b', data: 'answer-a', status: 'loading' });
    expect(state().emptied).toMatchObject({ key: 'b', data: null, status: 'loading' });

    void store.dispatch(ask({ key: 'c' }));
    await release('b');
    // b's answer came after the screen moved on to c.
    expect(state().kept).toMatchObject({ key: 'c', data: 'answer-a', status: 'loading' });
    await release('c');
    expect(state().kept).toMatchObject({ key: 'c', data: 'answer-c', status: 'succeeded' });
  });

  it('records a refusal, and does not ask twice for what is on its way', async () => {
    const { store, ask, release, state } = setup();
    void store.dispatch(ask({ key: 'a', refuse: true }));
    const again = await store.dispatch(ask({ key: 'a' }));
    expect(again.meta).toMatchObject({ condition: true });
    await release('a');
    expect(state().kept).toMatchObject({ key: 'a', status: 'failed', error: { status: 404 } });
    expect(state().emptied.data).toBeNull();
  });
});
