import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { KycGateRefusal } from '@common/orders';
import { kycPath, partnerPath } from '@/config/paths';

// The compliance gate (decision 033) as orders and their shipments show it: held while the
// partner's latest KYC file is not approved, and the file a refusal points to.

/** 'On hold: KYC': the order is going ahead while its partner's KYC file is not approved. */
export function HeldBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge text-bg-warning" title={t('orders.held.explanation')}>
      {t('orders.held.badge')}
    </span>
  );
}

/**
 * Where a refusal of the compliance gate sends the person: the partner's latest KYC file, or
 * the partner's KYC files when it has none yet.
 */
export function KycFileLink({ refusal }: { refusal: KycGateRefusal }) {
  const { t } = useTranslation();
  const { kyc } = refusal;
  return (
    <Link
      className="alert-link"
      to={kyc ? kycPath(kyc.id) : `${partnerPath(refusal.tradePartnerUuid)}?tab=kyc`}
    >
      {kyc ? t('orders.gate.openFile', { id: kyc.id }) : t('orders.gate.openPartner')}
    </Link>
  );
}
