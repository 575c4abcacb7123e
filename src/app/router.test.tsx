import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { isValidElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from '@/app/router';
import { MAIN_MENU } from '@/shell/menuItems';
import { visibleMenuItems } from '@/shell/menu';
import { hasAnyRole, ROLES, type Role } from '@/lib/roles';
import { RequireRole } from '@/session/RequireRole';
import { sessionStarted } from '@/session/authSlice';
import { errorBody } from '../../tests/msw-handlers';
import { server } from '../../tests/msw-server';
import {
  fakeAuth,
  makeStore,
  markToken,
  renderWithProviders,
} from '../../tests/render-with-providers';

function renderApp(path: string, { signedIn = true, auth = fakeAuth() } = {}) {
  const store = makeStore(undefined, { auth });
  if (signedIn) store.dispatch(sessionStarted(markToken));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { store });
  return { router, store, auth };
}

/** The roles of every RequireRole guard on the way to the route at `path` (none: open). */
function guardsOf(
  path: string,
  list: RouteObject[] = routes,
  above: Role[][] = [],
): Role[][] | null {
  for (const route of list) {
    const guards =
      isValidElement<{ roles: Role[] }>(route.element) && route.element.type === RequireRole
        ? [...above, route.element.props.roles]
        : above;
    if (route.path === path) return guards;
    const inside = route.children ? guardsOf(path, route.children, guards) : null;
    if (inside) return inside;
  }
  return null;
}

describe('the menu and the routes (issue 18, point 2)', () => {
  it.each([...ROLES])('shows %s only entries and buttons whose page lets them in', (role) => {
    const viewer = { authenticated: true, roles: [role] };
    const entries = visibleMenuItems(MAIN_MENU, viewer).filter(
      (item) => item.url && !item.isDisabled,
    );
    for (const item of entries) {
      // A button may open a page with a query ('New Shipment': the orders to ship).
      const guards = guardsOf(new URL(item.url!, window.location.origin).pathname);
      expect(guards, item.key).not.toBeNull();
      for (const roles of guards!) expect(hasAnyRole([role], roles), item.key).toBe(true);
    }
  });
});

describe('routes', () => {
  it('sends the empty path to the dashboard, loading the user first', async () => {
    const { router } = renderApp('/');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(
      await screen.findByRole('heading', { name: /Welcome, Mark de Vries/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard | NT24'));
  });

  it('shows a translated error with Retry when start-up fails, and recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post('/api/auth/keycloak/ensure-user', () =>
        HttpResponse.json(errorBody(503, 'Service Unavailable', 'Database down'), { status: 503 }),
      ),
    );
    renderApp('/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not prepare your account');

    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(
      await screen.findByRole('heading', { name: /Welcome, Mark de Vries/ }),
    ).toBeInTheDocument();
  });

  it('asks an anonymous visitor to sign in, coming back to the requested address', async () => {
    const { auth } = renderApp('/dashboard?tab=orders', { signedIn: false });

    // Once the lazily loaded page's chunk is there (issue 16), behind the loader.
    await waitFor(() =>
      expect(auth.login).toHaveBeenCalledWith(`${window.location.origin}/dashboard?tab=orders`),
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('shows not found for unknown paths', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await waitFor(() => expect(document.title).toBe('Page not found | NT24'));
  });
});
