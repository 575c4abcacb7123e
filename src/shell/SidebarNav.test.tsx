import { screen, within } from '@testing-library/react';
import type { RootState } from '@/app/store';
import { SidebarNav } from '@/shell/SidebarNav';
import { makeStore, renderWithProviders } from '../../tests/render-with-providers';

const signedIn = (roles: string[]): Partial<RootState> => ({
  auth: { ...makeStore().getState().auth, authenticated: true, roles },
});

const EVERYONE = ['Dashboard', 'Orders', 'Trade Partners'];

/** The seeded demo accounts and the menu links each sees (Passport shows, but is no link). */
const accounts: [string, string, string[], boolean][] = [
  ['superadmin', 'NT24_SUPER_ADMIN', [...EVERYONE, 'KYC Reviews', 'Settings'], true],
  ['manager', 'NT24_MANAGER', [...EVERYONE, 'KYC Reviews', 'Settings'], true],
  ['employee', 'NT24_EMPLOYEE', [...EVERYONE, 'KYC Reviews', 'Settings'], true],
  ['partner', 'NT24_TRADE_PARTNER', [...EVERYONE, 'KYC', 'Settings'], false],
  ['owner', 'OWNER', [...EVERYONE, 'KYC', 'Document Upload', 'Settings'], false],
  ['contact', 'CONTACT', [...EVERYONE, 'Document Upload', 'Settings'], false],
];

describe('SidebarNav', () => {
  it.each(accounts)('shows %s (%s) the right entries', (_account, role, links, passport) => {
    renderWithProviders(<SidebarNav />, { route: '/dashboard', preloadedState: signedIn([role]) });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const list = within(nav).getByRole('list');

    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(links);
    const passportEntry = within(list).queryByText('Passport');
    expect(passportEntry !== null).toBe(passport);
    if (passportEntry) expect(passportEntry.closest('[aria-disabled="true"]')).not.toBeNull();
  });

  it('offers the three buttons with their targets and the Navigation title', () => {
    renderWithProviders(<SidebarNav />, {
      route: '/dashboard',
      preloadedState: signedIn(['NT24_MANAGER']),
    });
    const actions = screen.getByRole('group', { name: 'Quick actions' });
    const targets = within(actions)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(targets).toEqual([
      ['New Trade Partner', '/partners/new'],
      ['New Order', '/partners'],
      // The orders a shipment is planned from (issue 21).
      ['New Shipment', '/orders?status=CONFIRMED&status=IN_PROGRESS'],
    ]);
    expect(screen.getByText('Navigation')).toBeInTheDocument();
  });

  it.each([['NT24_TRADE_PARTNER'], ['OWNER'], ['CONTACT']])(
    'offers %s no New Trade Partner, which is for staff (decision 027)',
    (role) => {
      renderWithProviders(<SidebarNav />, {
        route: '/dashboard',
        preloadedState: signedIn([role]),
      });
      const actions = screen.getByRole('group', { name: 'Quick actions' });
      expect(
        within(actions)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['New Order', 'New Shipment']);
    },
  );

  it('marks the current page, and its parent entry on deeper pages', () => {
    const { unmount } = renderWithProviders(<SidebarNav />, {
      route: '/orders',
      preloadedState: signedIn(['NT24_MANAGER']),
    });
    const orders = screen.getByRole('link', { name: 'Orders' });
    expect(orders).toHaveAttribute('aria-current', 'page');
    expect(orders).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveClass('active');
    unmount();

    renderWithProviders(<SidebarNav />, {
      route: '/partners/new',
      preloadedState: signedIn(['NT24_MANAGER']),
    });
    const list = screen.getByRole('list');
    expect(within(list).getByRole('link', { name: 'Trade Partners' })).toHaveClass('active');
  });
});
