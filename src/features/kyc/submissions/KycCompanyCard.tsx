import { useEffect, useId } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { kycActors } from '@common/kyc-actors';
import type { Readiness } from '@common/kyc-responses';
import { DATA_STEP_TYPES, PARTNER_EDITABLE_STATUSES } from '@common/kyc';
import type { TradePartner } from '@common/partners';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadFailed } from '@/components/ui/RequestFeedback';
import { kycPath } from '@/config/paths';
import { isOpenFile, mayStartFile } from '@/features/kyc/kycActors';
import { KycStatusBadge } from '@/features/kyc/submissions/KycBadges';
import { selectKycReadiness, selectPartnerKycs } from '@/features/kyc/kycSlice';
import { fetchKycReadiness, fetchPartnerKycs } from '@/features/kyc/kycThunks';
import { StartKycFileButton } from '@/features/kyc/submissions/StartKycFileButton';
import type { CompanyCard } from '@/companies/companyViews';
import { effectiveAccessLevel } from '@/companies/partnerAccess';
import { hasAnyRole, KYC_ROLES } from '@/lib/roles';
import { selectRoles } from '@/session/userSlice';

const TOTAL_STEPS = DATA_STEP_TYPES.length;

/**
 * How many of the five steps with data are complete: those without anything missing (a step is
 * complete once saved with valid data and its documents, or decided by a reviewer).
 */
export function completedSteps(readiness: Readiness): number {
  const incomplete = new Set(
    readiness.missing
      .map((item) => item.stepType)
      .filter((stepType) => (DATA_STEP_TYPES as readonly string[]).includes(stepType)),
  );
  return TOTAL_STEPS - incomplete.size;
}

function Progress({ kycId }: { kycId: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const entry = useAppSelector((state) => selectKycReadiness(state, kycId));
  const stale = entry?.stale ?? false;
  useEffect(() => {
    void dispatch(fetchKycReadiness({ kycId }));
  }, [dispatch, kycId, stale]);

  const readiness = entry?.data;
  if (!readiness) return null;
  const done = completedSteps(readiness);
  const text = t('dashboard.kyc.progress', { done, total: TOTAL_STEPS });
  return (
    <div className="mb-3">
      <p className="small mb-1">{text}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('dashboard.kyc.progressLabel')}
        aria-valuenow={done}
        aria-valuemin={0}
        aria-valuemax={TOTAL_STEPS}
        aria-valuetext={text}
        style={{ height: '0.5rem' }}
      >
        <div
          className={`progress-bar${done === TOTAL_STEPS ? ' bg-success' : ''}`}
          style={{ width: `${(done / TOTAL_STEPS) * 100}%` }}
        />
      </div>
    </div>
  );
}

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
    entry?.status === 'succeeded' && !submissions.some(isOpenFile) && mayStartFile(roles, level);
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
            <Progress kycId={latest.id} />
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
