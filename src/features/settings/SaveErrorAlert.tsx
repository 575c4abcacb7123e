import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api-error';

/**
 * Why a save failed, above the form: the server's own words for a conflict (409) or a refused
 * value (400: the fields say which), a general text otherwise.
 */
export function SaveErrorAlert({ error }: { error: ApiError | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  const serverSays = error.status === 400 || error.status === 409;
  return (
    <Alert variant="danger" role="alert">
      <p className="fw-semibold mb-1">
        {error.status === 400
          ? t('settings.errors.invalidTitle')
          : t('settings.errors.failedTitle')}
      </p>
      <p className="mb-0">{serverSays ? error.message : t('settings.errors.failedMessage')}</p>
    </Alert>
  );
}
