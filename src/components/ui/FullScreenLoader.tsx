import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

/** Covers the page while something the whole screen depends on is loading. */
export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="d-flex flex-column align-items-center justify-content-center gap-3 min-vh-100"
    >
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <span className="text-body-secondary">{t('app.loading')}</span>
    </div>
  );
}
