import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '@/app/router';
import { sessionStarted } from '@/session/authSlice';
import type { TokenIdentity } from '@/lib/token';
import { makeStore, markToken, renderWithProviders } from './render-with-providers';

/** jsdom has no matchMedia; react-bootstrap's off-canvas asks it about breakpoints. */
export function stubMatchMedia() {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/**
 * The whole app at `path`, signed in with `token`; start-up runs as in the browser. Resolves
 * once the shell is there. Stub matchMedia first (stubMatchMedia).
 */
export async function renderApp(path: string, token: TokenIdentity = markToken) {
  const store = makeStore();
  store.dispatch(sessionStarted(token));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const { container } = renderWithProviders(<RouterProvider router={router} />, { store });
  await screen.findByRole('banner');
  return { router, store, container };
}
