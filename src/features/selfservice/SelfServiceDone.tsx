import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { PENDING_CLAIM_KEY, type SelfServiceFile } from '@common/selfservice';
import { useAppDispatch } from '@/app/hooks';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { signUp } from '@/session/authSlice';
import { statusKey } from '@/features/selfservice/selfServiceLabels';

interface SelfServiceDoneProps {
  token: string;
  file: SelfServiceFile;
  /** Handed in on this visit: the thanks, and the offer of an account. */
  justSubmitted: boolean;
}

/**
 * A file handed in through the link: the thanks right after submitting, and the file's status
 * whenever the link is opened again. An account, when the link allows one, lets the person
 * follow the file: the token waits in this tab while they sign up, for the app to claim it.
 */
export function SelfServiceDone({ token, file, justSubmitted }: SelfServiceDoneProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();

  const createAccount = () => {
    try {
      window.sessionStorage.setItem(PENDING_CLAIM_KEY, token);
    } catch {
      // No storage: the account is made, without the file.
    }
    dispatch(signUp(`${window.location.origin}${paths.dashboard}`));
  };

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
        {justSubmitted && file.link.allowAccount && (
          <div className="mt-4">
            <p>{t('selfService.done.accountOffer')}</p>
            <Button onClick={createAccount}>{t('selfService.done.createAccount')}</Button>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
