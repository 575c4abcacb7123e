import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { StatusCard } from '@/components/ui/StatusCard';
import { NotFoundPage } from '@/features/errors/NotFoundPage';

/** Every route's errorElement: a render or loader error, or a 404 thrown by the router. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error('Route error:', error);

  return (
    <StatusCard
      role="alert"
      title={t('errors.unexpected.title')}
      message={t('errors.unexpected.message')}
      actions={<Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>}
    />
  );
}
