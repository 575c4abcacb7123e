import { useAppSelector } from '@/store/hooks';
import { selectRoles } from '@/session/userSlice';
import { hasAnyRole, STAFF_ROLES } from '@/lib/roles';

/** Staff (super admin, manager, employee) have no company of their own. */
export function useIsStaff(): boolean {
  const roles = useAppSelector(selectRoles);
  return hasAnyRole(roles, STAFF_ROLES);
}
