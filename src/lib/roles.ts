/** Identity-provider roles, highest priority first (SPEC section 6). */
export const ROLES = [
  'NT24_SUPER_ADMIN',
  'NT24_MANAGER',
  'NT24_EMPLOYEE',
  'NT24_TRADE_PARTNER',
  'OWNER',
  'CONTACT',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The role shown for a user: the first of ROLES they hold, or null for 'No Role'. */
export function primaryRole(roles: readonly string[]): Role | null {
  return ROLES.find((role) => roles.includes(role)) ?? null;
}

const ROLE_LABEL_KEYS = {
  NT24_SUPER_ADMIN: 'roles.superAdmin',
  NT24_MANAGER: 'roles.manager',
  NT24_EMPLOYEE: 'roles.employee',
  NT24_TRADE_PARTNER: 'roles.tradePartner',
  OWNER: 'roles.owner',
  CONTACT: 'roles.contact',
} as const satisfies Record<Role, string>;

/** The translation key of a role's display name; null (no role) gives 'No Role'. */
export function roleLabelKey(role: Role | null) {
  return role ? ROLE_LABEL_KEYS[role] : 'roles.none';
}

/** English wording of a role name: 'NT24_TRADE_PARTNER' → 'Trade Partner'. */
export function roleWords(role: string): string {
  return role
    .replace(/^NT24_/, '')
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
