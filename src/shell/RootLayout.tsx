import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useRouteLabels } from '@/shell/useRouteLabels';
import { RouteProgress } from '@/components/ui/RouteProgress';
import { ToastArea } from '@/notifications/ToastArea';
import { SessionFollowers } from '@/session/SessionFollowers';

/** Around every page: the window title, the route progress bar and the notifications. */
export function RootLayout() {
  const { t } = useTranslation();
  const { title } = useRouteLabels();

  useEffect(() => {
    document.title = title ? t('app.pageTitle', { page: title }) : t('app.name');
  }, [t, title]);

  return (
    <>
      <RouteProgress />
      <SessionFollowers />
      <Outlet />
      <ToastArea />
    </>
  );
}
