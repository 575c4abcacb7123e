import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'react-i18next';
import type { UploadItem, UploadProblem } from '@/documents/useUploadQueue';

const VARIANT = { done: 'success', failed: 'danger', uploading: undefined } as const;

/** Each file sent or refused, with its progress bar and outcome. */
export function UploadQueue({ items }: { items: readonly UploadItem[] }) {
  const { t } = useTranslation();
  const problemText = (problem: UploadProblem) => {
    switch (problem.kind) {
      case 'check':
        return problem.problem === 'tooLarge'
          ? t('documents.upload.errors.tooLarge', { max: problem.max })
          : t('documents.upload.errors.wrongType');
      case 'server':
        return problem.message;
      default:
        return t('documents.upload.errors.failed');
    }
  };

  if (items.length === 0) return null;
  return (
    <div aria-live="polite" className="mt-3">
      <ul className="documents-upload-list" aria-label={t('documents.upload.files')}>
        {items.map((item) => (
          <li key={item.id} className="py-2">
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <span className="fw-semibold text-break">{item.name}</span>
              <span
                className={
                  item.status === 'done'
                    ? 'text-success-emphasis'
                    : item.status === 'failed' || item.status === 'refused'
                      ? 'text-danger-emphasis'
                      : 'text-body-secondary'
                }
              >
                {t(`documents.upload.status.${item.status}`)}
              </span>
            </div>
            {item.status !== 'refused' && item.status !== 'waiting' && (
              <ProgressBar className="mt-1 documents-progress">
                <ProgressBar
                  now={item.progress}
                  variant={VARIANT[item.status]}
                  animated={item.status === 'uploading'}
                  aria-label={t('documents.upload.progress', { name: item.name })}
                />
              </ProgressBar>
            )}
            {item.problem && (
              <p className="small text-danger-emphasis mt-1 mb-0">{problemText(item.problem)}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
