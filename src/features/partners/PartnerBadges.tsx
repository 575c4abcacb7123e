import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import type { TradePartner } from '@common/partners';

export function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return verified ? (
    <Badge bg="success">{t('partners.badges.verified')}</Badge>
  ) : (
    <Badge bg="secondary-subtle" text="secondary-emphasis" className="border">
      {t('partners.badges.unverified')}
    </Badge>
  );
}

export function TermsBadge({ accepted }: { accepted: boolean }) {
  const { t } = useTranslation();
  return accepted ? (
    <Badge bg="info-subtle" text="info-emphasis" className="border border-info-subtle">
      {t('partners.badges.termsAccepted')}
    </Badge>
  ) : (
    <Badge bg="warning-subtle" text="warning-emphasis" className="border border-warning-subtle">
      {t('partners.badges.termsPending')}
    </Badge>
  );
}

/** The company's first address is its address (docs/api/partners.md). */
export const firstCity = (partner: Pick<TradePartner, 'addresses'>) =>
  partner.addresses[0]?.city || null;
