import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusCard } from '@/components/ui/StatusCard';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusCard
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
