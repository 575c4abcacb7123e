import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { KycSubmission } from '@common/kyc-responses';
import { PARTNER_EDITABLE_STATUSES } from '@common/kyc';
import { isStaff } from '@common/roles';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useBreadcrumbLabel } from '@/shell/useRouteLabels';
import { ErrorCard } from '@/components/ui/ErrorCard';
import { LoadFailed, Loading } from '@/components/ui/RequestFeedback';
import { partnerPath, paths } from '@/config/paths';
import { initCocCheck } from '@/features/kyc/collection/cocCheckSlice';
import { KycExportButton } from '@/kyc-export/KycExportDialog';
import { useKycActors } from '@/features/kyc/kycActors';
import { ShareLinkButton } from '@/features/kyc/links/ShareLinkDialog';
import { mayShareLink } from '@/features/kyc/links/linkLabels';
import { KycStatusBadge, RiskLevelBadge } from '@/features/kyc/submissions/KycBadges';

import { STEP_TITLE_KEYS, statusLabel } from '@/features/kyc/kycLabels';
import { parseKycRef } from '@/features/kyc/kycModel';
import { KycRecordsTabs } from '@/features/kyc/records/KycRecordsTabs';
import { selectKycCurrent, selectKycSubmission } from '@/features/kyc/kycSlice';
import { KycSteps } from '@/features/kyc/review/KycSteps';
import { KycSubmissionActions } from '@/features/kyc/submissions/KycSubmissionActions';
import { KycSummary } from '@/features/kyc/submissions/KycSummary';
import { fetchKycSubmission } from '@/features/kyc/kycThunks';
import { selectRoles } from '@/session/userSlice';
import { useLastStepEvent } from '@/features/kyc/records/useKycRecords';
import './kyc.css';

function KycNotFound() {
  const { t } = useTranslation();
  // The list is 'KYC Reviews' to staff, 'KYC' to partner people (issue 18, point 10).
  const staff = isStaff(useAppSelector(selectRoles));
  return (
    <ErrorCard
      code={404}
      icon="compass"
      title={t('kyc.detail.notFoundTitle')}
      message={t('kyc.detail.notFoundMessage')}
      actions={
        <Link to={paths.kyc} className="btn btn-primary">
          {staff ? t('kyc.detail.backToList') : t('kycProgress.backToList')}
        </Link>
      }
    />
  );
}

/** Tells screen-reader users what just changed (the step status events of SPEC section 4). */
function ChangeAnnouncer({ kycId }: { kycId: number }) {
  const { t } = useTranslation();
  const event = useLastStepEvent(kycId);
  const text = event
    ? t('kyc.detail.announce', {
        step: t(STEP_TITLE_KEYS[event.stepType]),
        status: statusLabel(event.status),
      })
    : '';
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}

function KycFile({ submission }: { submission: KycSubmission }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { actors, userId, staff } = useKycActors(submission);
  // The partner fills the file in while it is with them (decision 013).
  const filling =
    actors.includes('partner') && PARTNER_EDITABLE_STATUSES.includes(submission.status);
  const { id: kycId, tradePartnerId } = submission;
  const shareable = mayShareLink(submission.status, actors, staff);

  useEffect(() => {
    if (filling) void dispatch(initCocCheck({ kycId, tradePartnerId }));
  }, [dispatch, filling, kycId, tradePartnerId]);

  return (
    <>
      <div className="app-page-header">
        <div className="d-flex flex-wrap align-items-start gap-2 gap-sm-3">
          <div className="me-auto">
            <h1 className="h3 mb-1">{t('kyc.detail.heading', { id: submission.id })}</h1>
            <Link to={partnerPath(submission.tradePartnerUuid)} className="fw-semibold">
              {submission.tradePartnerName}
            </Link>
          </div>
          <p className="fs-6 mb-0 d-flex flex-wrap align-items-center gap-2">
            <span className="visually-hidden">{t('kyc.detail.fields.status')} </span>
            <KycStatusBadge status={submission.status} />
            {staff && (
              <span className="d-inline-flex align-items-center gap-1 kyc-header-risk">
                <span className="small text-body-secondary">
                  {t('kyc.detail.fields.riskLevel')}
                </span>
                <RiskLevelBadge level={submission.riskLevel} />
              </span>
            )}
          </p>
          {(staff || shareable) && (
            <div className="d-flex flex-wrap gap-2">
              {shareable && <ShareLinkButton kycId={submission.id} />}
              {staff && <KycExportButton submission={submission} />}
            </div>
          )}
        </div>
        <KycSubmissionActions submission={submission} actors={actors} userId={userId} />
        {!staff && (
          <p className="small text-body-secondary mt-3 mb-0">
            {filling ? t('kyc.collect.partnerNote') : t('kyc.detail.partnerNote')}
          </p>
        )}
      </div>
      <KycSummary submission={submission} staff={staff} />
      <div className="row g-4">
        {/* Side by side only where the forms and tables keep room enough (1400 px and up). */}
        <div className="col-12 col-xxl-8">
          <KycSteps submission={submission} actors={actors} />
        </div>
        <div className="col-12 col-xxl-4">
          <KycRecordsTabs submission={submission} actors={actors} staff={staff} />
        </div>
      </div>
      <ChangeAnnouncer kycId={submission.id} />
    </>
  );
}

/**
 * /kyc/{id}: one KYC submission, its steps and its records. The id is numeric (SPEC section 2)
 * or a uuid; anything else, or a file the person may not see, is 'not found'.
 */
export function KycDetailPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { kycId: ref = '' } = useParams();
  const valid = parseKycRef(ref) !== null;
  const current = useAppSelector(selectKycCurrent);
  const submission = useAppSelector((state) => selectKycSubmission(state, ref));
  // A file opened by uuid is still 'KYC #{id}' in the trail.
  useBreadcrumbLabel(
    paths.kycDetail,
    submission ? t('kyc.detail.heading', { id: submission.id }) : null,
  );
  const stale = current.key === ref && current.stale;

  useEffect(() => {
    if (valid) void dispatch(fetchKycSubmission({ ref }));
  }, [dispatch, ref, valid, stale]);

  if (!valid) return <KycNotFound />;
  if (!submission) {
    const failed = current.key === ref && current.status === 'failed' ? current.error : null;
    // 400 and 404 alike: the file does not exist or is not the person's to see.
    if (failed && (failed.status === 404 || failed.status === 400)) return <KycNotFound />;
    if (failed) {
      return (
        <LoadFailed
          message={t('kyc.detail.loadFailed')}
          onRetry={() => void dispatch(fetchKycSubmission({ ref, force: true }))}
        />
      );
    }
    return <Loading label={t('kyc.detail.loading')} />;
  }
  return <KycFile submission={submission} />;
}
