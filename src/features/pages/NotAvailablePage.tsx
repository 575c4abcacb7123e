import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteLabels } from '@/shell/useRouteLabels';
import { Icon } from '@/components/ui/Icon';
import { paths } from '@/config/paths';

/**
 * Stands in for a section whose screens arrive with a later issue (orders, trade partners,
 * passport, documents, settings): the route, its title and the menu work; the page says
 * honestly that there is nothing here yet.
 */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const section = useRouteLabels().title ?? t('app.name');
  return (
    <>
      <div className="app-page-header">
        <h1 className="h3 mb-0">{section}</h1>
      </div>
      <Card className="app-empty-state shadow-sm">
        <Card.Body className="p-4 p-sm-5 text-center">
          <div className="app-error-icon mb-3">
            <Icon name="clock" size={32} />
          </div>
          <p className="fs-5 mb-2">{t('pages.notAvailable', { section })}</p>
          <p className="text-body-secondary mb-4">{t('pages.notAvailableHint')}</p>
          <Link to={paths.dashboard} className="btn btn-primary">
            {t('errors.toDashboard')}
          </Link>
        </Card.Body>
      </Card>
    </>
  );
}
