import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectTokenProfile, signOut } from '@/features/auth/authSlice';
import { selectUser } from '@/features/user/userSlice';
import { personName } from '@/lib/format';
import { primaryRole, roleLabelKey } from '@/lib/roles';

export function DashboardPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const token = useAppSelector(selectTokenProfile);

  const name = personName(
    [user?.firstName, user?.lastName],
    [token.givenName, token.familyName],
    token.username,
  );
  // Roles come from the identity provider; the user record's copy covers a token without them.
  const roles = token.roles.length > 0 ? token.roles : (user?.roles ?? []);
  const email = user?.email ?? token.email;

  return (
    <Container as="main" className="py-5">
      <Card className="shadow-sm mx-auto" style={{ maxWidth: '40rem' }}>
        <Card.Body className="p-4">
          <h1 className="h3 mb-4">
            {name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}
          </h1>
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
    </Container>
  );
}
