import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { setupStore, type AppStore, type RootState, type ThunkExtra } from '@/app/store';
import type { TokenIdentity } from '@/lib/token';
import { markDeVries, markIdentityId } from './msw-handlers';

/** Stand-ins for the identity-provider redirects. */
export function fakeAuth() {
  return {
    login: vi.fn<(returnTo?: string) => void>(),
    logout: vi.fn<() => void>(),
    register: vi.fn<(returnTo: string) => void>(),
  } satisfies ThunkExtra['auth'];
}

export const markToken: TokenIdentity = {
  identityId: markIdentityId,
  username: 'mark',
  email: markDeVries.email,
  givenName: 'Mark',
  familyName: 'de Vries',
  roles: ['NT24_MANAGER', 'offline_access'],
  expiresAt: null,
};

/** A fresh store; `extra` defaults to fake redirects. */
export function makeStore(
  preloadedState?: Partial<RootState>,
  extra: ThunkExtra = { auth: fakeAuth() },
) {
  return setupStore({ preloadedState, extra });
}

interface ExtendedRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Initial address for components that use the router; omit for a data router in `ui`. */
  route?: string;
}

/** Renders inside the app's providers with a store of its own (Redux docs, "Writing Tests"). */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    store = makeStore(preloadedState),
    route,
    ...options
  }: ExtendedRenderOptions = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders store={store}>
        {route === undefined ? (
          children
        ) : (
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        )}
      </AppProviders>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...options }) };
}
