import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { paths } from '@/config/paths';
import { httpNoticeRaised } from '@/notifications/notificationsSlice';
import { selectViewer } from '@/session/userSlice';
import { isPermitted } from '@/lib/permissions';
import type { Role } from '@/lib/roles';

/** SPEC section 6's redirect to the site root, with section 8's insufficient_permissions notice. */
function Refused() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(httpNoticeRaised('insufficient_permissions'));
  }, [dispatch]);
  return <Navigate to={paths.root} replace />;
}

/**
 * Guard for routes that list roles (inside RequireAuth, so the app is ready): the user needs
 * at least one of them, with the hierarchy; anyone else goes to the site root and is told why.
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const viewer = useAppSelector(selectViewer);
  if (!isPermitted({ anyOf: roles }, viewer)) return <Refused />;
  return <Outlet />;
}
