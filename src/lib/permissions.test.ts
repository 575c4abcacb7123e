import { isPermitted, type Permission, type Viewer } from '@/lib/permissions';
import { effectiveRoles, hasAllRoles, hasAnyRole } from '@/lib/roles';

/** The seeded demo accounts (server/src/idp/accounts.ts) and their one realm role each. */
const accounts = {
  superadmin: ['NT24_SUPER_ADMIN'],
  manager: ['NT24_MANAGER'],
  employee: ['NT24_EMPLOYEE'],
  partner: ['NT24_TRADE_PARTNER'],
  owner: ['OWNER'],
  contact: ['CONTACT'],
} as const;

type Account = keyof typeof accounts;

const viewer = (account: Account): Viewer => ({
  authenticated: true,
  // Keycloak adds roles of its own; they grant nothing.
  roles: [...accounts[account], 'offline_access'],
});

/** Each permission and the accounts that pass it; every other account is refused. */
const matrix: [string, Permission, Account[]][] = [
  ['role manager', { role: 'NT24_MANAGER' }, ['superadmin', 'manager']],
  ['role employee', { role: 'NT24_EMPLOYEE' }, ['superadmin', 'manager', 'employee']],
  ['role contact', { role: 'CONTACT' }, ['owner', 'contact']],
  ['role trade partner', { role: 'NT24_TRADE_PARTNER' }, ['partner']],
  ['any of OWNER, CONTACT', { anyOf: ['OWNER', 'CONTACT'] }, ['owner', 'contact']],
  [
    'any of super admin, manager, employee, trade partner, owner (KYC access)',
    { anyOf: ['NT24_SUPER_ADMIN', 'NT24_MANAGER', 'NT24_EMPLOYEE', 'NT24_TRADE_PARTNER', 'OWNER'] },
    ['superadmin', 'manager', 'employee', 'partner', 'owner'],
  ],
  [
    'any of super admin, manager, owner (financials)',
    { anyOf: ['NT24_SUPER_ADMIN', 'NT24_MANAGER', 'OWNER'] },
    ['superadmin', 'manager', 'owner'],
  ],
  [
    'all of manager, employee',
    { allOf: ['NT24_MANAGER', 'NT24_EMPLOYEE'] },
    ['superadmin', 'manager'],
  ],
  ['all of employee, owner', { allOf: ['NT24_EMPLOYEE', 'OWNER'] }, []],
  ['staff', { staff: true }, ['superadmin', 'manager', 'employee']],
  ['admin', { admin: true }, ['superadmin', 'manager']],
  ['trade partner', { tradePartner: true }, ['partner']],
  [
    'custom (the user holds exactly one role)',
    { custom: (v) => v.roles.length === 2 },
    ['superadmin', 'manager', 'employee', 'partner', 'owner', 'contact'],
  ],
];

describe('isPermitted', () => {
  describe.each(matrix)('%s', (_name, permission, allowed) => {
    it.each(Object.keys(accounts) as Account[])('%s', (account) => {
      expect(isPermitted(permission, viewer(account))).toBe(allowed.includes(account));
    });
  });

  it('shows what needs no permission to everyone, signed in or not', () => {
    expect(isPermitted(undefined, { authenticated: false, roles: [] })).toBe(true);
    expect(isPermitted(undefined, viewer('contact'))).toBe(true);
  });

  it('shows nothing permission-gated to a visitor who is not signed in, whatever the roles', () => {
    const anonymous: Viewer = { authenticated: false, roles: ['NT24_SUPER_ADMIN', 'OWNER'] };
    for (const [, permission] of matrix) expect(isPermitted(permission, anonymous)).toBe(false);
  });

  it('refuses a signed-in user without roles', () => {
    expect(isPermitted({ staff: true }, { authenticated: true, roles: [] })).toBe(false);
    expect(isPermitted({ anyOf: ['CONTACT'] }, { authenticated: true, roles: [] })).toBe(false);
  });
});

describe('role hierarchy', () => {
  it('expands each role to the roles it includes, in priority order', () => {
    expect(effectiveRoles(['NT24_SUPER_ADMIN'])).toEqual([
      'NT24_SUPER_ADMIN',
      'NT24_MANAGER',
      'NT24_EMPLOYEE',
    ]);
    expect(effectiveRoles(['NT24_MANAGER'])).toEqual(['NT24_MANAGER', 'NT24_EMPLOYEE']);
    expect(effectiveRoles(['OWNER', 'offline_access'])).toEqual(['OWNER', 'CONTACT']);
    expect(effectiveRoles(['NT24_TRADE_PARTNER'])).toEqual(['NT24_TRADE_PARTNER']);
    expect(effectiveRoles(['uma_authorization'])).toEqual([]);
  });

  it('does not include upwards', () => {
    expect(hasAnyRole(['NT24_EMPLOYEE'], ['NT24_MANAGER'])).toBe(false);
    expect(hasAnyRole(['CONTACT'], ['OWNER'])).toBe(false);
    expect(hasAllRoles(['OWNER'], ['OWNER', 'CONTACT'])).toBe(true);
  });
});
