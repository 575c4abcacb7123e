import { effectiveRoles, ROLES, type Role } from '@common/roles';

export {
  ADMIN_ROLES,
  effectiveRoles,
  isRole,
  KYC_ROLES,
  ROLES,
  STAFF_ROLES,
  type Role,
} from '@common/roles';

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
