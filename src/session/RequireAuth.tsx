import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { FullScreenLoader } from '@/components/ui/FullScreenLoader';
import { StatusCard } from '@/components/ui/StatusCard';
import {
  initializeUser,
  selectAppReady,
  selectAuthenticated,
  selectStartup,
  signIn,
} from '@/session/authSlice';

/**
 * Guard for signed-in pages: sends anonymous visitors to sign-in (back to the requested
 * address), runs the user start-up once, and shows the loader until the app is ready.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname, search, hash } = useLocation();
  const authenticated = useAppSelector(selectAuthenticated);
  const appReady = useAppSelector(selectAppReady);
  const startup = useAppSelector(selectStartup);

  useEffect(() => {
    if (!authenticated) {
      dispatch(signIn(`${window.location.origin}${pathname}${search}${hash}`));
    } else if (startup.status === 'idle') {
      void dispatch(initializeUser());
    }
  }, [authenticated, startup.status, pathname, search, hash, dispatch]);

  if (authenticated && startup.status === 'failed') {
    return (
      <StatusCard
        role="alert"
        title={t('startup.failedTitle')}
        message={t('startup.failedMessage')}
        actions={
          <Button onClick={() => void dispatch(initializeUser())}>{t('startup.retry')}</Button>
        }
      />
    );
  }
  if (!authenticated || !appReady) return <FullScreenLoader />;
  return <Outlet />;
}
