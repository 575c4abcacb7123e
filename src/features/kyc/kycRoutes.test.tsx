import { screen, waitFor, within } from '@testing-library/react';
import { mockKycApi } from '../../../tests/data/kyc';
import { renderApp, stubMatchMedia } from '../../../tests/render-app';
import { markToken } from '../../../tests/render-with-providers';

beforeEach(() => stubMatchMedia());
afterEach(() => vi.unstubAllGlobals());

describe('the KYC pages in the app', () => {
  it("names a file 'KYC #{id}' under 'KYC Reviews' in the trail and the window title", async () => {
    mockKycApi();
    await renderApp('/kyc/12');

    expect(await screen.findByRole('heading', { level: 1, name: 'KYC #12' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'KYC Reviews' })).toHaveAttribute(
      'href',
      '/kyc',
    );
    expect(within(trail).getByText('KYC #12')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('KYC #12 | NT24'));
    // The menu entry lights up for the file too.
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'KYC Reviews' })).toHaveClass('active');
  });

  it('sends someone without KYC access (a contact) to the start', async () => {
    const { router } = await renderApp('/kyc', { ...markToken, roles: ['CONTACT'] });
    expect(
      await screen.findByRole('heading', { name: /Welcome, Mark de Vries/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
