import { MAIN_MENU, type MenuItem } from '@/shell/menuItems';
import { activeMenuChain, menuPathFor, visibleMenuItems } from '@/shell/menu';

const EVERYONE = [
  'new-order',
  'new-shipment',
  'navigation',
  'dashboard',
  'orders',
  'trade-partners',
];

/** Staff also register companies (decision 027). */
const STAFF = ['new-trade-partner', ...EVERYONE];

/** The seeded demo accounts and the entries each sees, in menu order. */
const expected: [string, string[], string[]][] = [
  ['superadmin', ['NT24_SUPER_ADMIN'], [...STAFF, 'kyc-reviews', 'passport', 'settings']],
  ['manager', ['NT24_MANAGER'], [...STAFF, 'kyc-reviews', 'passport', 'settings']],
  ['employee', ['NT24_EMPLOYEE'], [...STAFF, 'kyc-reviews', 'passport', 'settings']],
  ['partner', ['NT24_TRADE_PARTNER'], [...EVERYONE, 'kyc-reviews', 'settings']],
  ['owner', ['OWNER'], [...EVERYONE, 'kyc-reviews', 'document-upload', 'settings']],
  // SPEC section 6: CONTACT alone has no KYC access.
  ['contact', ['CONTACT'], [...EVERYONE, 'document-upload', 'settings']],
];

describe('visibleMenuItems', () => {
  it.each(expected)('shows %s (%j) the right entries', (_account, roles, keys) => {
    const items = visibleMenuItems(MAIN_MENU, { authenticated: true, roles });
    expect(items.map((item) => item.key)).toEqual(keys);
  });

  it('shows Passport disabled', () => {
    const items = visibleMenuItems(MAIN_MENU, { authenticated: true, roles: ['NT24_MANAGER'] });
    expect(items.find((item) => item.key === 'passport')?.isDisabled).toBe(true);
  });

  it('shows a visitor who is not signed in only what needs no permission', () => {
    const items = visibleMenuItems(MAIN_MENU, { authenticated: false, roles: ['OWNER'] });
    expect(items.map((item) => item.key)).toEqual([...EVERYONE, 'settings']);
  });

  it('filters submenus, dropping an empty one and a title with nothing under it', () => {
    const menu: MenuItem[] = [
      { key: 'staff-title', label: 'Staff', isTitle: true },
      {
        key: 'admin',
        label: 'Admin',
        children: [{ key: 'users', label: 'Users', url: '/users', requireStaff: true }],
      },
      { key: 'general', label: 'General', isTitle: true },
      {
        key: 'docs',
        label: 'Documents',
        children: [
          { key: 'all', label: 'All', url: '/docs' },
          { key: 'upload', label: 'Upload', url: '/docs/upload', requiredRoles: ['CONTACT'] },
        ],
      },
    ];
    const items = visibleMenuItems(menu, { authenticated: true, roles: ['NT24_TRADE_PARTNER'] });
    expect(items.map((item) => item.key)).toEqual(['general', 'docs']);
    expect(items[1]!.children!.map((item) => item.key)).toEqual(['all']);
  });
});

describe('active entry', () => {
  const menu: MenuItem[] = [
    { key: 'new', label: 'New', url: '/orders/new', isButton: true },
    { key: 'dashboard', label: 'Dashboard', url: '/dashboard' },
    {
      key: 'apps',
      label: 'Apps',
      children: [
        { key: 'invoices', label: 'Invoices', url: '/apps/invoices' },
        {
          key: 'shop',
          label: 'Shop',
          children: [{ key: 'products', label: 'Products', url: '/apps/ecommerce/products' }],
        },
      ],
    },
    { key: 'orders', label: 'Orders', url: '/orders' },
  ];

  it('maps invoice and product pages to their demo paths, and leaves others alone', () => {
    expect(menuPathFor('/invoice/2024-001')).toBe('/apps/invoices');
    expect(menuPathFor('/ecommerce/product/42')).toBe('/apps/ecommerce/products');
    expect(menuPathFor('/invoices')).toBe('/invoices');
    expect(menuPathFor('/orders')).toBe('/orders');
  });

  it('finds the chain from the top entry down to the active one', () => {
    expect(activeMenuChain(menu, '/dashboard')).toEqual(['dashboard']);
    expect(activeMenuChain(menu, '/invoice/2024-001')).toEqual(['apps', 'invoices']);
    expect(activeMenuChain(menu, '/ecommerce/product/42')).toEqual(['apps', 'shop', 'products']);
  });

  it('lights the parent entry on deeper pages, by whole segments, never a button', () => {
    expect(activeMenuChain(menu, '/orders/new')).toEqual(['orders']);
    expect(activeMenuChain(menu, '/orders/detail/7/')).toEqual(['orders']);
    expect(activeMenuChain(menu, '/ordersx')).toEqual([]);
    expect(activeMenuChain(menu, '/nowhere')).toEqual([]);
  });

  it('lights Trade Partners for the new-partner form in the real menu', () => {
    expect(activeMenuChain(MAIN_MENU, '/partners/new')).toEqual(['trade-partners']);
    expect(activeMenuChain(MAIN_MENU, '/settings')).toEqual(['settings']);
  });
});
