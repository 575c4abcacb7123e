import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { StatusCard } from '@/components/ui/StatusCard';

/** Shown instead of the app when start-up itself failed (the sign-in service is unreachable). */
export function BootFailure() {
  const { t } = useTranslation();
  return (
    <StatusCard
      role="alert"
      title={t('startup.bootFailedTitle')}
      message={t('startup.bootFailedMessage')}
      actions={<Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>}
    />
  );
}
