import { createSlice } from '@reduxjs/toolkit';
import { act, screen, waitFor } from '@testing-library/react';
import { rootReducer, type RootState } from '@/app/store';
import { addKeyedFetch, createKeyedFetch, idleKeyed } from '@/store/requests';
import { usePagedList } from '@/store/usePagedList';
import { renderWithProviders } from '../../tests/render-with-providers';

const asked: number[] = [];
const waiting = new Map<number, () => void>();
const release = (page: number) => act(() => waiting.get(page)?.());

/** Answers page N with 'Page N', once released. */
const fetchPage = createKeyedFetch(
  'pagedTest/fetch',
  (page: number) => {
    asked.push(page);
    return new Promise<string>((resolve) => waiting.set(page, () => resolve(`Page ${page}`)));
  },
  (state) => selectPage(state),
  String,
);

const pagedTest = createSlice({
  name: 'pagedTest',
  initialState: { list: idleKeyed<string | null>(null) },
  reducers: {},
  extraReducers: (builder) =>
    addKeyedFetch(builder, fetchPage, (state) => state.list, { keyOf: String }),
});
const injected = pagedTest.injectInto(rootReducer);
// The test's slice is not one of the app's LazyLoadedSlices: the root state's type does not name it.
const selectPage = (state: RootState) =>
  injected.selectSlice(state as Parameters<typeof injected.selectSlice>[0]).list;

/** Shows the page the list holds and whether it answers the query asked for. */
function List({ page }: { page: number }) {
  const { list, current } = usePagedList(page, {
    keyOf: String,
    fetch: fetchPage,
    select: selectPage,
  });
  return (
    <>
      <p>{`shown: ${list.data ?? 'none'}`}</p>
      <p>{`current: ${current?.status ?? 'no'}`}</p>
    </>
  );
}

describe('usePagedList', () => {
  it('fetches each query once and keeps the last page while the next loads', async () => {
    const { rerender } = renderWithProviders(<List page={0} />);
    await waitFor(() => expect(asked).toEqual([0]));
    release(0);
    expect(await screen.findByText('shown: Page 0')).toBeInTheDocument();
    expect(screen.getByText('current: succeeded')).toBeInTheDocument();

    rerender(<List page={0} />);
    rerender(<List page={1} />);
    await waitFor(() => expect(asked).toEqual([0, 1]));
    // The old page stays, but it is not the answer to this query.
    expect(screen.getByText('shown: Page 0')).toBeInTheDocument();
    expect(screen.getByText('current: loading')).toBeInTheDocument();
    release(1);
    expect(await screen.findByText('shown: Page 1')).toBeInTheDocument();
    expect(screen.getByText('current: succeeded')).toBeInTheDocument();
  });
});
