import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import type { TradePartner } from '@common/partners';
import { TermsButton } from '@/session/TermsButton';
import { TermsStatus } from '@/session/TermsDialog';

interface TermsCardProps {
  partner: TradePartner;
  /** Owners and administrators accept the terms for their company. */
  canAccept: boolean;
}

/**
 * The company's terms: its last acceptance, and the same dialog as on the partner's page to read
 * them and, for owners and administrators, accept them (decision 027).
 */
export function TermsCard({ partner, canAccept }: TermsCardProps) {
  const { t } = useTranslation();
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">{t('company.terms.title')}</h2>
        <p className="text-body-secondary">{t('company.terms.intro')}</p>
        <p className="mb-3">
          <TermsStatus partner={partner} />
        </p>
        <TermsButton partner={partner} canAccept={canAccept} />
        {!canAccept && !partner.termsAccepted && (
          <p className="small text-body-secondary mt-2 mb-0">{t('terms.whoAccepts')}</p>
        )}
      </Card.Body>
    </Card>
  );
}
