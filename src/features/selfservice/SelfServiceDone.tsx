import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import type { SelfServiceFile } from '@common/selfservice';
import { formatDateTime } from '@/lib/format';
import { statusKey } from '@/features/selfservice/selfServiceLabels';

interface SelfServiceDoneProps {
  file: SelfServiceFile;
  /** Handed in on this visit: the thanks. */
  justSubmitted: boolean;
}

/**
 * A file no longer with the company for this link (handed in through it or otherwise, or in
 * review): the thanks right after submitting, and the file's status whenever the link is opened
 * again. A handed-in file's link makes no account any more (decision 041): whoever wants to
 * follow the file asks for an invitation.
 */
export function SelfServiceDone({ file, justSubmitted }: SelfServiceDoneProps) {
  const { t } = useTranslation();

  return (
    <Card className="shadow-sm selfservice-done" style={{ maxWidth: '40rem' }}>
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">
          {justSubmitted ? t('selfService.done.thanks') : t('selfService.done.title')}
        </h2>
        <p className="mb-1">
          {t('selfService.done.status', { status: t(statusKey(file.file.status)) })}
        </p>
        {file.file.submittedAt && (
          <p className="text-body-secondary">
            {t('selfService.done.submittedAt', { date: formatDateTime(file.file.submittedAt) })}
          </p>
        )}
        <p className="mt-3 mb-0">{t('selfService.done.follow')}</p>
      </Card.Body>
    </Card>
  );
}
