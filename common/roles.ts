/**
 * The identity provider's realm roles and their hierarchy (SPEC section 6), one source for the
 * server's authorization and the app's menus and guards.
 */

/** Highest priority first: the order also decides the primary role shown for a user. */
export const ROLES = [
  'NT24_SUPER_ADMIN',
  'NT24_MANAGER',
  'NT24_EMPLOYEE',
  'NT24_TRADE_PARTNER',
  'OWNER',
  'CONTACT',
] as const;

export type Role = (typeof ROLES)[number];

/** Each role and the roles it directly includes. */
const INCLUDES: Record<Role, readonly Role[]> = {
  NT24_SUPER_ADMIN: ['NT24_MANAGER'],
  NT24_MANAGER: ['NT24_EMPLOYEE'],
  NT24_EMPLOYEE: [],
  NT24_TRADE_PARTNER: [],
  OWNER: ['CONTACT'],
  CONTACT: [],
};

export const STAFF_ROLES: readonly Role[] = ['NT24_SUPER_ADMIN', 'NT24_MANAGER', 'NT24_EMPLOYEE'];
/** Admin access and user management: may change any user's profile. */
export const ADMIN_ROLES: readonly Role[] = ['NT24_SUPER_ADMIN', 'NT24_MANAGER'];
/** SPEC section 6, KYC access: staff, trade partners and owners (CONTACT alone has none). */
export const KYC_ROLES: readonly Role[] = [...STAFF_ROLES, 'NT24_TRADE_PARTNER', 'OWNER'];

/**
 * Staff who see every company's amounts: SPEC section 6's 'viewing financials' (super admin,
 * manager), and employees, who write orders and so must see what they write (decision 033).
 * Anyone else sees a company's amounts by their access level there (AMOUNT_LEVELS in
 * common/partner-access.ts, decision 042): the realm role OWNER alone grants none.
 */
export const FINANCIAL_ROLES: readonly Role[] = [
  'NT24_SUPER_ADMIN',
  'NT24_MANAGER',
  'NT24_EMPLOYEE',
];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * The known roles held, with every role they include, in priority order; names that are not
 * ours (offline_access, ...) are dropped.
 */
export function effectiveRoles(roles: readonly string[]): Role[] {
  const held = new Set<Role>();
  const visit = (role: Role) => {
    if (held.has(role)) return;
    held.add(role);
    INCLUDES[role].forEach(visit);
  };
  roles.filter(isRole).forEach(visit);
  return ROLES.filter((role) => held.has(role));
}

/** Super admin, manager or employee: whether the roles (with those they include) hold staff. */
export function isStaff(roles: readonly string[]): boolean {
  return effectiveRoles(roles).some((role) => STAFF_ROLES.includes(role));
}

/** SPEC section 6, KYC access: whether the roles (with those they include) hold it. */
export function usesKyc(roles: readonly string[]): boolean {
  return effectiveRoles(roles).some((role) => KYC_ROLES.includes(role));
}

/** Whether the roles (with those they include) see every company's amounts (FINANCIAL_ROLES). */
export function viewsFinancials(roles: readonly string[]): boolean {
  return effectiveRoles(roles).some((role) => FINANCIAL_ROLES.includes(role));
}
