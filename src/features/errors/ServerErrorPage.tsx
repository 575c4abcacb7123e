import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorCard } from '@/components/ui/ErrorCard';
import { paths } from '@/config/paths';

/** Something failed while showing a page; also every route's error element. */
export function ServerErrorPage({ role }: { role?: 'alert' }) {
  const { t } = useTranslation();
  return (
    <ErrorCard
      role={role}
      code={500}
      icon="warning"
      title={t('errors.serverError.title')}
      message={t('errors.serverError.message')}
      actions={
        <>
          <Link to={paths.dashboard} className="btn btn-primary">
            {t('errors.toDashboard')}
          </Link>
          <Button variant="outline-secondary" onClick={() => window.location.reload()}>
            {t('app.reload')}
          </Button>
        </>
      }
    />
  );
}
