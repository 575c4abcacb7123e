import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '@/lib/request-state';

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
          {t('ui.retry')}
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

interface ListFeedbackProps {
  /** The list's request; undefined while it belongs to another partner. */
  status: RequestStatus | undefined;
  count: number;
  failed: string;
  loading: string;
  empty: string;
  onRetry: () => void;
}

/** What a fetched list shows instead of (or above) its rows: failure, loading, or nothing found. */
export function ListFeedback({
  status,
  count,
  failed,
  loading,
  empty,
  onRetry,
}: ListFeedbackProps) {
  return (
    <>
      {status === 'failed' && <LoadFailed message={failed} onRetry={onRetry} />}
      {count === 0 && status !== 'failed' && status !== 'succeeded' && <Loading label={loading} />}
      {status === 'succeeded' && count === 0 && <EmptyState>{empty}</EmptyState>}
    </>
  );
}
