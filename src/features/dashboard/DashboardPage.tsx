import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { paths } from '@/config/paths';
import { selectTokenProfile, signOut } from '@/session/authSlice';
import type { CompanyCard, DashboardCard } from '@/slots/dashboard';
import {
  selectCurrentTradePartner,
  selectTradePartners,
  selectUserDefaultTradePartner,
} from '@/session/tradePartnerSlice';
import { selectDisplayName, selectRoles, selectUser } from '@/session/userSlice';
import { hasAnyRole, primaryRole, roleLabelKey, STAFF_ROLES } from '@/lib/roles';

/** A partner user's current company: its name and the way to its settings. */
function CompanyCard() {
  const { t } = useTranslation();
  const current = useAppSelector(selectCurrentTradePartner);
  const userDefault = useAppSelector(selectUserDefaultTradePartner);
  const company = current ?? userDefault;
  return (
    <Card
      as="section"
      className="shadow-sm mb-4"
      style={{ maxWidth: '40rem' }}
      aria-labelledby="dashboard-company"
    >
      <Card.Body className="p-4">
        <h2 className="h6 text-body-secondary text-uppercase small mb-2" id="dashboard-company">
          {t('dashboard.company.title')}
        </h2>
        <p className="fs-5 fw-semibold mb-3">{company?.name ?? t('dashboard.company.none')}</p>
        <Link to={paths.settingsCompanyInfo} className="btn btn-sm btn-outline-primary">
          {company ? t('dashboard.company.link') : t('dashboard.company.setUp')}
        </Link>
      </Card.Body>
    </Card>
  );
}

/** The cards other features add (the app passes KYC's), one of each per company of the user. */
function CompanyCards({ cards }: { cards: readonly CompanyCard[] }) {
  const partners = useAppSelector(selectTradePartners);
  if (partners.length === 0 || cards.length === 0) return null;
  return (
    <div className="row g-4 mb-4">
      {partners.flatMap((partner) =>
        cards.map(({ key, Component }) => (
          <div key={`${key}-${partner.uuid}`} className="col-12 col-md-6 col-xl-4">
            <Component partner={partner} />
          </div>
        )),
      )}
    </div>
  );
}

interface DashboardPageProps {
  /** One of each per company of a partner user (the app passes KYC's). */
  companyCards?: readonly CompanyCard[];
  /** Shown once to those each is for (the app passes the orders card, for staff). */
  cards?: readonly DashboardCard[];
}

/** The cards other features add once each (the app passes the orders card). */
function Cards({ cards }: { cards: readonly DashboardCard[] }) {
  if (cards.length === 0) return null;
  return (
    <div className="row g-4 mb-4">
      {cards.map(({ key, Component }) => (
        <div key={key} className="col-12 col-md-6 col-xl-4">
          <Component />
        </div>
      ))}
    </div>
  );
}

export function DashboardPage({ companyCards = [], cards = [] }: DashboardPageProps) {
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
      <Cards cards={cards.filter((card) => card.visible?.(roles) ?? true)} />
      {!hasAnyRole(roles, STAFF_ROLES) && <CompanyCard />}
      {!hasAnyRole(roles, STAFF_ROLES) && (
        <CompanyCards cards={companyCards.filter((card) => card.visible?.(roles) ?? true)} />
      )}
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
