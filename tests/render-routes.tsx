import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { sessionStarted } from '@/session/authSlice';
import { fetchUser } from '@/session/userSlice';
import { markDeVries } from './msw-handlers';
import { makeStore, markToken, renderWithProviders } from './render-with-providers';

/**
 * Pages at `path` in a router of their own, signed in as Mark with `roles` (his user record
 * holding them too), without the shell: a screen's test. Returns the store and the router.
 */
export function renderRoutes(routes: RouteObject[], path: string, roles: string[]) {
  const store = makeStore();
  store.dispatch(sessionStarted({ ...markToken, roles }));
  store.dispatch(fetchUser.fulfilled({ ...markDeVries, roles }, 'test', 'kc'));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { store });
  return { store, router };
}
