import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectTokenProfile, signOut } from '@/features/auth/authSlice';
import { selectDisplayName, selectRoles, selectUser } from '@/features/user/userSlice';
import { primaryRole, roleLabelKey } from '@/lib/roles';

export function DashboardPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const token = useAppSelector(selectTokenProfile);
  const name = useAppSelector(selectDisplayName);
  // Roles come from the identity provider; the user record's copy covers a token without them.
  const roles = useAppSelector(selectRoles);
  const email = user?.email ?? token.email;

  return (
    <>
      <div className="app-page-header">
        <h1 className="h3 mb-0">
          {name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}
        </h1>
      </div>
      <Card className="shadow-sm" style={{ maxWidth: '40rem' }}>
        <Card.Body className="p-4">
          <dl className="row mb-4">
            <dt className="col-sm-4">{t('dashboard.primaryRole')}</dt>
            <dd className="col-sm-8">
              <Badge bg="primary">{t(roleLabelKey(primaryRole(roles)))}</Badge>
            </dd>
            <dt className="col-sm-4">{t('dashboard.email')}</dt>
            <dd className="col-sm-8 mb-0">{email ?? t('dashboard.notProvided')}</dd>
          </dl>
          <Button variant="outline-primary" onClick={() => dispatch(signOut())}>
            {t('auth.signOut')}
          </Button>
        </Card.Body>
      </Card>
    </>
  );
}
