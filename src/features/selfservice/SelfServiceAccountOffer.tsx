import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { PENDING_CLAIM_KEY } from '@common/selfservice';
import { useAppDispatch } from '@/store/hooks';
import { paths } from '@/config/paths';
import { signUp } from '@/session/authSlice';

/**
 * 'Create an account to follow this file', while the link may still be claimed (decision 041):
 * only its recipient can, signed up with the address it was sent to, and not once the file is
 * handed in. The token waits in this tab while they sign up, for the app to claim it.
 */
export function SelfServiceAccountOffer({ token }: { token: string }) {
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
    <Card className="shadow-sm mt-4" style={{ maxWidth: '40rem' }}>
      <Card.Body>
        <h2 className="h6">{t('selfService.account.title')}</h2>
        <p>{t('selfService.account.offer')}</p>
        <Button variant="outline-primary" onClick={createAccount}>
          {t('selfService.account.create')}
        </Button>
      </Card.Body>
    </Card>
  );
}
