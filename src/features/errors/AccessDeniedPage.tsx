import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorCard } from '@/components/ui/ErrorCard';
import { paths } from '@/config/paths';

export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <ErrorCard
      code={403}
      icon="lock"
      title={t('errors.accessDenied.title')}
      message={t('errors.accessDenied.message')}
      actions={
        <Link to={paths.dashboard} className="btn btn-primary">
          {t('errors.toDashboard')}
        </Link>
      }
    />
  );
}
