import { Navigate, Outlet } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { paths } from '@/config/paths';
import { selectViewer } from '@/session/userSlice';
import { isPermitted } from '@/lib/permissions';
import type { Role } from '@/lib/roles';

/**
 * Guard for routes that list roles (inside RequireAuth, so the app is ready): the user needs
 * at least one of them, with the hierarchy; anyone else goes to the site root.
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const viewer = useAppSelector(selectViewer);
  if (!isPermitted({ anyOf: roles }, viewer)) return <Navigate to={paths.root} replace />;
  return <Outlet />;
}
