import { act, render, screen } from '@testing-library/react';
import NProgress from 'nprogress';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { RouteProgress } from '@/components/ui/RouteProgress';
import * as dedup from '@/lib/request-dedup';

function renderRouter() {
  let finishLoading: () => void = () => {};
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <RouteProgress />
          <Link to="/slow">Slow page</Link>
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
    expect(done).toHaveBeenCalledTimes(1);
    expect(clear).toHaveBeenCalledTimes(1);
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
