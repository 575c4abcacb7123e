import Spinner from 'react-bootstrap/Spinner';
import type { UploadState } from '@/kyc-forms/useStepUpload';

const TONE = {
  idle: '',
  uploading: 'text-body-secondary',
  done: 'text-success-emphasis',
  failed: 'text-danger-emphasis',
} as const;

/** How the last upload went; a live region, so screen readers hear it too. */
export function UploadStatus({
  state,
  message,
  id,
}: {
  state: UploadState;
  message: string;
  id?: string;
}) {
  return (
    <div id={id} role="status" aria-live="polite" className={`small ${TONE[state.status]}`}>
      {state.status === 'uploading' && (
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
      )}
      {message}
    </div>
  );
}
