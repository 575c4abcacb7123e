import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RootState } from '@/app/store';
import { RequireRole } from '@/session/RequireRole';
import { makeStore, renderWithProviders } from '../../tests/render-with-providers';

function renderGuarded(roles: string[], path = '/upload') {
  const auth: RootState['auth'] = { ...makeStore().getState().auth, authenticated: true, roles };
  const store = makeStore({ auth });
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      {
        element: <RequireRole roles={['OWNER', 'CONTACT']} />,
        children: [{ path: '/upload', element: <h1>Upload</h1> }],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, { store });
  return { router, store };
}

describe('RequireRole', () => {
  it.each([['OWNER'], ['CONTACT']])('lets a user holding %s in', (role) => {
    const { router, store } = renderGuarded([role]);
    expect(screen.getByRole('heading', { name: 'Upload' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/upload');
    expect(store.getState().notifications.items).toEqual([]);
  });

  it.each([['NT24_SUPER_ADMIN'], ['NT24_MANAGER'], ['NT24_TRADE_PARTNER'], ['offline_access']])(
    'sends a user holding only %s to the site root, with the Access Denied notice',
    async (role) => {
      const { router, store } = renderGuarded([role]);
      expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(store.getState().notifications.items).toMatchObject([
        {
          type: 'error',
          title: 'auth.notices.insufficientPermissions.title',
          message: 'auth.notices.insufficientPermissions.message',
        },
      ]);
    },
  );

  it('sends a visitor who is not signed in to the site root', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <h1>Home</h1> },
        {
          element: <RequireRole roles={['OWNER']} />,
          children: [{ path: '/x', element: <h1>X</h1> }],
        },
      ],
      { initialEntries: ['/x'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
