import { isStaff } from '@common/roles';
import { ADMIN_ROLES, hasAllRoles, hasAnyRole, hasRole, type Role } from '@/lib/roles';

/** Who is asking: whether they are signed in, and the roles their token carries. */
export interface Viewer {
  authenticated: boolean;
  roles: readonly string[];
}

/**
 * What something visible (a menu item, a button) requires (SPEC section 6). Roles are checked
 * with the hierarchy: a manager holds employee, an owner holds contact.
 */
export type Permission =
  | { role: Role }
  | { anyOf: readonly Role[] }
  | { allOf: readonly Role[] }
  | { staff: true }
  | { tradePartner: true }
  | { admin: true }
  | { custom: (viewer: Viewer) => boolean };

/** Admin access and user management: super admin or manager. */
const isAdmin = (roles: readonly string[]) => hasAnyRole(roles, ADMIN_ROLES);

/** The trade-partner role itself; owners and contacts are partner people but not this role. */
const isTradePartner = (roles: readonly string[]) => hasRole(roles, 'NT24_TRADE_PARTNER');

/**
 * Whether `viewer` may see what `permission` guards. No permission: visible to everyone.
 * Anything permission-gated stays hidden from a visitor who is not signed in.
 */
export function isPermitted(permission: Permission | undefined, viewer: Viewer): boolean {
  if (!permission) return true;
  if (!viewer.authenticated) return false;
  const { roles } = viewer;
  if ('role' in permission) return hasRole(roles, permission.role);
  if ('anyOf' in permission) return hasAnyRole(roles, permission.anyOf);
  if ('allOf' in permission) return hasAllRoles(roles, permission.allOf);
  if ('staff' in permission) return isStaff(roles);
  if ('tradePartner' in permission) return isTradePartner(roles);
  if ('admin' in permission) return isAdmin(roles);
  return permission.custom(viewer);
}
