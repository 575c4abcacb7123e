import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import NProgress from 'nprogress';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import {
  PAGE_DATA_SETTLE_MS,
  PAGE_DATA_START_MS,
  RouteProgress,
} from '@/components/ui/RouteProgress';
import { apiClient } from '@/lib/api-client';
import * as dedup from '@/lib/request-dedup';
import { server } from '../../../tests/msw-server';

/** A page that loads its data when shown, as the app's pages do (a thunk in an effect). */
function DataPage() {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    void apiClient.get<{ name: string }>('/api/slow-data').then(({ data }) => setName(data.name));
  }, []);
  return <p>{name ?? 'Loading data'}</p>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** /api/slow-data answers when the test says so. */
function slowData() {
  let answer: () => void = () => {};
  server.use(
    http.get(
      '/api/slow-data',
      () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(HttpResponse.json({ name: 'Van Dijk Logistics' }));
        }),
    ),
  );
  return () => answer();
}

function renderRouter() {
  let finishLoading: () => void = () => {};
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <RouteProgress />
          <Link to="/slow">Slow page</Link>
          <Link to="/data">Data page</Link>
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <p>Home</p> },
        {
          path: 'slow',
          loader: () =>
            new Promise<null>((resolve) => {
              finishLoading = () => resolve(null);
            }),
          element: <p>Slow</p>,
        },
        { path: 'data', element: <DataPage /> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return { router, finish: () => finishLoading() };
}

describe('RouteProgress', () => {
  it('runs the bar while the next page loads, and forgets recent API answers', async () => {
    const start = vi.spyOn(NProgress, 'start');
    const done = vi.spyOn(NProgress, 'done');
    const clear = vi.spyOn(dedup, 'clearRequestCache');
    const { finish } = renderRouter();
    expect(start).not.toHaveBeenCalled();
    expect(clear).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('link', { name: 'Slow page' }));

    expect(start).toHaveBeenCalledTimes(1);
    expect(done).not.toHaveBeenCalled();
    expect(clear).not.toHaveBeenCalled();

    await act(async () => finish());

    expect(await screen.findByText('Slow')).toBeInTheDocument();
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('keeps the bar running until the data the page asked for has come', async () => {
    const answer = slowData();
    renderRouter();
    // The first page has loaded (it asked for nothing).
    await wait(PAGE_DATA_START_MS + 100);
    const start = vi.spyOn(NProgress, 'start');
    const done = vi.spyOn(NProgress, 'done');

    await userEvent.click(screen.getByRole('link', { name: 'Data page' }));

    expect(await screen.findByText('Loading data')).toBeInTheDocument();
    await waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    // The page is shown, its data not yet: the bar stays.
    await wait(PAGE_DATA_SETTLE_MS + 100);
    expect(done).not.toHaveBeenCalled();

    act(() => answer());

    expect(await screen.findByText('Van Dijk Logistics')).toBeInTheDocument();
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does not run for calls a page makes after its data has come', async () => {
    renderRouter();
    // The first page has loaded (it asked for nothing).
    await wait(PAGE_DATA_START_MS + 100);
    const start = vi.spyOn(NProgress, 'start');
    const answer = slowData();

    const call = apiClient.get('/api/slow-data');
    await wait(50);
    act(() => answer());
    await call;

    expect(start).not.toHaveBeenCalled();
  });

  it('is configured as SPEC section 9 says', () => {
    expect(NProgress.settings).toMatchObject({
      minimum: 0.08,
      speed: 200,
      trickle: true,
      showSpinner: false,
    });
  });
});
