import { useTranslation } from 'react-i18next';
import type { FileProgress } from '@common/kyc-progress';

/**
 * How many of a file's steps need nothing more from the partner (decision 029), in words and,
 * unless `compact`, as a bar: the same count on the dashboard, in the file and in the lists.
 */
export function KycProgress({
  progress,
  compact = false,
}: {
  progress: FileProgress;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { done, total } = progress;
  const text = t('kycProgress.count', { count: done, total });
  if (compact) return <span>{text}</span>;
  return (
    <div className="mb-3">
      <p className="small mb-1">{text}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('kycProgress.label')}
        aria-valuenow={done}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuetext={text}
        style={{ height: '0.5rem' }}
      >
        <div
          className={`progress-bar${done === total ? ' bg-success' : ''}`}
          style={{ width: `${(done / total) * 100}%` }}
        />
      </div>
    </div>
  );
}
