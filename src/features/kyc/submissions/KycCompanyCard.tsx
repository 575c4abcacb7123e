import { useEffect, useId } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { kycActors } from '@common/kyc-actors';
import { PARTNER_EDITABLE_STATUSES } from '@common/kyc';
import { mayStartNewFile } from '@common/kyc-progress';
import type { TradePartner } from '@common/partners';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { LoadFailed } from '@/components/ui/RequestFeedback';
import { kycPath } from '@/config/paths';
import { mayStartFile } from '@/features/kyc/kycActors';
import { KycProgress } from '@/features/kyc/submissions/KycProgress';
import { KycStatusBadge } from '@/features/kyc/submissions/KycBadges';
import { selectPartnerKycs } from '@/features/kyc/kycSlice';
import { fetchPartnerKycs } from '@/features/kyc/kycThunks';
import { StartKycFileButton } from '@/features/kyc/submissions/StartKycFileButton';
import type { CompanyCard } from '@/slots/dashboard';
import { effectiveAccessLevel } from '@/companies/partnerAccess';
import { hasAnyRole, KYC_ROLES, STAFF_ROLES } from '@/lib/roles';
import { selectRoles } from '@/session/userSlice';

/**
 * A partner user's company on the dashboard: its latest KYC file with status and progress, the
 * way into it, or the way to start one when none is open.
 */
export function KycCompanyCard({ partner }: { partner: TradePartner }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const headingId = useId();
  const roles = useAppSelector(selectRoles);
  const entry = useAppSelector((state) => selectPartnerKycs(state, partner.uuid));
  const stale = entry?.stale ?? false;
  useEffect(() => {
    void dispatch(fetchPartnerKycs({ partnerUuid: partner.uuid }));
  }, [dispatch, partner.uuid, stale]);

  const level = effectiveAccessLevel(partner);
  const submissions = entry?.data ?? [];
  // Newest first: the latest file is the one to show.
  const latest = submissions[0] ?? null;
  const canStart =
    entry?.status === 'succeeded' &&
    mayStartNewFile(latest?.status ?? null, hasAnyRole(roles, STAFF_ROLES)) &&
    mayStartFile(roles, level);
  const mayFillIn =
    latest !== null &&
    PARTNER_EDITABLE_STATUSES.includes(latest.status) &&
    kycActors(roles, level).includes('partner');

  return (
    <Card as="section" className="shadow-sm h-100" aria-labelledby={headingId}>
      <Card.Body className="p-4">
        <h2 id={headingId} className="h6 mb-3">
          {t('dashboard.kyc.heading', { company: partner.name })}
        </h2>
        {entry?.status === 'failed' && !latest ? (
          <LoadFailed
            message={t('dashboard.kyc.loadFailed')}
            onRetry={() =>
              void dispatch(fetchPartnerKycs({ partnerUuid: partner.uuid, force: true }))
            }
          />
        ) : !entry || (entry.status !== 'succeeded' && !latest) ? (
          <p className="text-body-secondary mb-0">{t('dashboard.kyc.loading')}</p>
        ) : latest ? (
          <>
            <p className="d-flex flex-wrap align-items-center gap-2 mb-3">
              <span className="fw-semibold">{t('dashboard.kyc.file', { id: latest.id })}</span>
              <span className="visually-hidden">{t('dashboard.kyc.status')}</span>
              <KycStatusBadge status={latest.status} />
            </p>
            <KycProgress progress={latest.progress} />
          </>
        ) : (
          <p className="text-body-secondary mb-3">{t('dashboard.kyc.noFile')}</p>
        )}
        <div className="d-flex flex-wrap gap-2">
          {latest && (
            <Link
              to={kycPath(latest.id)}
              className={`btn btn-sm ${mayFillIn ? 'btn-primary' : 'btn-outline-primary'}`}
            >
              {mayFillIn ? t('dashboard.kyc.continue') : t('dashboard.kyc.view')}
            </Link>
          )}
          {canStart && <StartKycFileButton tradePartnerUuid={partner.uuid} size="sm" />}
        </div>
      </Card.Body>
    </Card>
  );
}

/** The dashboard's KYC card; SPEC section 6: KYC access (CONTACT alone has none). */
export const kycCompanyCard: CompanyCard = {
  key: 'kyc',
  Component: KycCompanyCard,
  visible: (roles) => hasAnyRole(roles, KYC_ROLES),
};
