export const ROLES = [
  'NT24_SUPER_ADMIN',
  'NT24_MANAGER',
  'NT24_EMPLOYEE',
  'NT24_TRADE_PARTNER',
  'OWNER',
  'CONTACT',
] as const;

export type Role = (typeof ROLES)[number];

/** Each role and the roles it includes (SPEC section 6). */
const INCLUDES: Record<Role, Role[]> = {
  NT24_SUPER_ADMIN: ['NT24_MANAGER'],
  NT24_MANAGER: ['NT24_EMPLOYEE'],
  NT24_EMPLOYEE: [],
  NT24_TRADE_PARTNER: [],
  OWNER: ['CONTACT'],
  CONTACT: [],
};

export const STAFF_ROLES: readonly Role[] = ['NT24_SUPER_ADMIN', 'NT24_MANAGER', 'NT24_EMPLOYEE'];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The known roles a token grants, with every role they include; unknown names are dropped. */
export function effectiveRoles(tokenRoles: readonly string[]): Role[] {
  const result = new Set<Role>();
  const visit = (role: Role) => {
    if (result.has(role)) return;
    result.add(role);
    INCLUDES[role].forEach(visit);
  };
  tokenRoles.filter(isRole).forEach(visit);
  return ROLES.filter((r) => result.has(r));
}

export function isStaff(roles: readonly Role[]): boolean {
  return roles.some((r) => STAFF_ROLES.includes(r));
}
