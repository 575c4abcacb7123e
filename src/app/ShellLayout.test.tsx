import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '@/app/router';
import { RouteErrorPage } from '@/features/errors/RouteErrorPage';
import { renderApp, stubMatchMedia } from '../../tests/render-app';
import { markToken, renderWithProviders } from '../../tests/render-with-providers';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

const renderShell = (path: string, roles = markToken.roles) =>
  renderApp(path, { ...markToken, roles });

const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' });

beforeEach(() => {
  localStorage.clear();
  setWidth(1280);
  stubMatchMedia();
});

afterEach(() => vi.unstubAllGlobals());

afterAll(() => setWidth(1024));

describe('the shell', () => {
  it('frames the dashboard: landmarks, one h1, one Sign out button, the footer', async () => {
    await renderShell('/dashboard');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Welcome, Mark de Vries',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} NT24`);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'Version 1.0.0, build NT24-PROD-20251026 of 26.10.2025',
    );
    expect(mainMenu()).toHaveAttribute('data-layout', 'vertical');
    expect(screen.getAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Dashboard | NT24'));
  });

  it('switches between light and dark, naming what the button will do', async () => {
    const { store } = await renderShell('/dashboard');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(store.getState().layout.theme).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(store.getState().layout.theme).toBe('light');
  });

  it('moves the menu to the top navigation from Display settings', async () => {
    await renderShell('/dashboard');

    await userEvent.click(screen.getByRole('button', { name: 'Display settings' }));
    expect(screen.getByRole('menuitemradio', { name: 'Vertical layout' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Horizontal layout' }));

    expect(mainMenu()).toHaveAttribute('data-layout', 'horizontal');
    expect(within(mainMenu()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('collapses the sidebar to icons and back on a wide screen', async () => {
    const { store } = await renderShell('/dashboard');

    await userEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(store.getState().layout.menuSize).toBe('sm-hover');
    await userEvent.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(store.getState().layout.menuSize).toBe('default');
  });

  it('on a phone opens the menu off-canvas and closes it on navigation or with Close menu', async () => {
    setWidth(390);
    const { router } = await renderShell('/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Main menu' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Settings' }));

    // The page loads lazily (issue 16): the address changes once it has.
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog', { name: 'Main menu' });
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('follows the window across the breakpoints', async () => {
    const { store } = await renderShell('/dashboard');
    expect(store.getState().layout.menuSize).toBe('default');

    act(() => {
      setWidth(1100);
      window.dispatchEvent(new Event('resize'));
    });
    expect(store.getState().layout.menuSize).toBe('sm-hover');

    act(() => {
      setWidth(700);
      window.dispatchEvent(new Event('resize'));
    });
    expect(store.getState().layout.menuSize).toBe('full');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('shows the trail and the title of a nested page', async () => {
    await renderShell('/partners/new');

    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(trail).getByRole('link', { name: 'Trade Partners' })).toHaveAttribute(
      'href',
      '/partners',
    );
    expect(within(trail).getByText('New Trade Partner')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('New Trade Partner | NT24'));
  });

  it.each([['/passport', 'Passport']])(
    'gives %s a titled page that says it is not available yet',
    async (path, title) => {
      await renderShell(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(
        screen.getByText(`${title}: this part of the portal is not available yet.`),
      ).toBeInTheDocument();
    },
  );

  it('opens Document Upload for an owner only; others land on the dashboard', async () => {
    await renderShell('/documents/upload', ['OWNER']);
    expect(await screen.findByRole('heading', { name: 'Document Upload' })).toBeInTheDocument();
  });

  it('sends a manager away from Document Upload and a partner away from Passport', async () => {
    const { router } = await renderShell('/documents/upload');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));

    const partner = await renderShell('/passport', ['NT24_TRADE_PARTNER']);
    await waitFor(() => expect(partner.router.state.location.pathname).toBe('/dashboard'));
  });

  it('redirects the old partner/create address to partners/new', async () => {
    const { router } = await renderShell('/partner/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/partners/new'));
  });
});

describe('error pages', () => {
  it.each([
    ['/error/404', 'Page not found'],
    ['/error/403', 'Access denied'],
    ['/error/500', 'Something went wrong'],
  ])('%s shows "%s" with a way back to the dashboard', async (path, title) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    renderWithProviders(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    // The title follows the page in an effect: under load it may come a moment after.
    await waitFor(() => expect(document.title).toBe(`${title} | NT24`));
  });

  it('shows the server-error page when a route fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteErrorPage standalone /> },
    ]);
    renderWithProviders(<RouterProvider router={router} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
