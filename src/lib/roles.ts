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

/** Each role and the roles it directly includes (SPEC section 6); the server expands the same way. */
const INCLUDES: Record<Role, readonly Role[]> = {
  NT24_SUPER_ADMIN: ['NT24_MANAGER'],
  NT24_MANAGER: ['NT24_EMPLOYEE'],
  NT24_EMPLOYEE: [],
  NT24_TRADE_PARTNER: [],
  OWNER: ['CONTACT'],
  CONTACT: [],
};

export const STAFF_ROLES: readonly Role[] = ['NT24_SUPER_ADMIN', 'NT24_MANAGER', 'NT24_EMPLOYEE'];
export const ADMIN_ROLES: readonly Role[] = ['NT24_SUPER_ADMIN', 'NT24_MANAGER'];

/**
 * The known roles a user holds, with every role they include, in priority order; names the
 * app does not know (offline_access, ...) are dropped.
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

/** Whether the user holds `role`, directly or through a role that includes it. */
export function hasRole(roles: readonly string[], role: Role): boolean {
  return effectiveRoles(roles).includes(role);
}

/** Whether the user holds at least one of `required` (with the hierarchy). */
export function hasAnyRole(roles: readonly string[], required: readonly Role[]): boolean {
  const held = effectiveRoles(roles);
  return required.some((role) => held.includes(role));
}

/** Whether the user holds every one of `required` (with the hierarchy). */
export function hasAllRoles(roles: readonly string[], required: readonly Role[]): boolean {
  const held = effectiveRoles(roles);
  return required.every((role) => held.includes(role));
}
