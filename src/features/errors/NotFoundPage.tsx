import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorCard } from '@/components/ui/ErrorCard';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorCard
      code={404}
      icon="compass"
      title={t('errors.notFound.title')}
      message={t('errors.notFound.message')}
      actions={
        <Link to={paths.dashboard} className="btn btn-primary">
          {t('errors.toDashboard')}
        </Link>
      }
    />
  );
}
