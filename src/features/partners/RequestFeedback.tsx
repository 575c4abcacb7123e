import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

/** A spinner with its text, announced politely. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="d-flex align-items-center gap-2 py-4 text-body-secondary" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A failed load, with a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3">
      <span className="me-auto">{message}</span>
      {onRetry && (
        <Button variant="outline-danger" size="sm" onClick={onRetry}>
          {t('partners.actions.retry')}
        </Button>
      )}
    </Alert>
  );
}

/** Nothing to show yet: a sentence and perhaps what to do about it. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="text-center text-body-secondary py-5 px-3">
      <p className="mb-3">{children}</p>
      {action}
    </div>
  );
}
