import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import {
  OPEN_KYC_STATUSES,
  PARTNER_EDITABLE_STATUSES,
  transitionsFor,
  type KycActor,
} from '@common/kyc';
import type { FileProgress } from '@common/kyc-progress';
import type { KycSubmission } from '@common/kyc-responses';
import { unsavedSteps } from '@common/kyc-steps';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadFailed } from '@/components/ui/RequestFeedback';
import { KycProgress } from '@/features/kyc/submissions/KycProgress';
import { KycReadinessList } from '@/features/kyc/submissions/KycReadinessList';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import { selectKycChange, selectKycReadiness, selectKycSteps } from '@/features/kyc/kycSlice';
import {
  changeSubmissionStatus,
  fetchKycReadiness,
  statusChangeKey,
} from '@/features/kyc/kycThunks';
import { useKycRecords } from '@/features/kyc/records/useKycRecords';
import { notify } from '@/notifications/notificationsSlice';
import { UnsavedSteps } from '@/kyc-forms/UnsavedSteps';

/** The summary's heading id, for the step list's link to it. */
export const SUMMARY_HEADING_ID = 'kyc-step-summary';

interface KycSubmitSummaryProps {
  submission: KycSubmission;
  actors: readonly KycActor[];
}

interface SummaryProps extends KycSubmitSummaryProps {
  /** The file's progress as the steps show it. */
  progress: FileProgress;
}

/**
 * What is still missing, step by step (GET .../readiness), and 'Submit for review' ('Resubmit'
 * after changes were requested), offered once nothing is missing and confirmed in a dialog.
 */
function ReadinessAndSubmit({ submission, actors }: KycSubmitSummaryProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const kycId = submission.id;
  const { entry, retry } = useKycRecords(fetchKycReadiness, selectKycReadiness, kycId);
  const change = useAppSelector((state) => selectKycChange(state, statusChangeKey(kycId)));
  const [confirming, setConfirming] = useState(false);
  const readiness = entry?.data ?? null;
  const steps = useAppSelector((state) => selectKycSteps(state, kycId))?.data;
  // A step whose form holds changes that are not saved keeps the file back (decision 038).
  const unsaved = unsavedSteps(submission.status, steps ?? []);
  const submittable = readiness?.ready === true && unsaved.length === 0;
  const mayMove = transitionsFor(submission.status, actors).some((move) => move.to === 'SUBMITTED');
  const resubmit = submission.status === 'CHANGES_REQUESTED';
  // Reviewers see where the file stands with the partner and what the partner still has to do.
  const withPartner = resubmit && !actors.includes('partner');
  const label = resubmit ? t('kyc.collect.summary.resubmit') : t('kyc.collect.summary.submit');
  const busy = change?.status === 'loading';
  // The server refused: the file was not complete after all (its list is the readiness now).
  const refusal =
    change?.status === 'failed' && change.error?.status === 409 ? change.error.message : null;

  const submit = async () => {
    const result = await dispatch(
      changeSubmissionStatus({ kycId, to: 'SUBMITTED', version: submission.version }),
    );
    if (changeSubmissionStatus.fulfilled.match(result)) {
      dispatch(
        notify.success(
          'kyc.collect.notices.submitted.title',
          'kyc.collect.notices.submitted.message',
          {
            values: { id: kycId },
          },
        ),
      );
    }
  };

  return (
    <>
      <div className="card-body pt-0">
        {withPartner && <p className="mb-2 fw-semibold">{t('kyc.collect.summary.withPartner')}</p>}
        {refusal && (
          <Alert variant="danger" className="py-2">
            {t('kyc.collect.summary.refused', { reason: refusal })}
          </Alert>
        )}
        <UnsavedSteps steps={unsaved} titleOf={(stepType) => t(STEP_TITLE_KEYS[stepType])} />
        {entry?.status === 'failed' && !readiness ? (
          <LoadFailed message={t('kyc.collect.summary.loadFailed')} onRetry={retry} />
        ) : !readiness ? (
          <p className="text-body-secondary mb-0">{t('kyc.collect.summary.loading')}</p>
        ) : readiness.ready ? (
          unsaved.length === 0 && <p className="mb-0">{t('kyc.collect.summary.ready')}</p>
        ) : (
          <>
            <p className="mb-2">
              {t('kyc.collect.summary.missing', { count: readiness.missing.length })}
            </p>
            <KycReadinessList missing={readiness.missing} />
          </>
        )}
      </div>
      {mayMove && (
        <div className="card-footer d-flex flex-wrap align-items-center gap-2">
          <Button
            disabled={!submittable || busy}
            onClick={() => setConfirming(true)}
            aria-describedby={submittable ? undefined : `${SUMMARY_HEADING_ID}-note`}
          >
            {label}
          </Button>
          {!submittable && (
            <span id={`${SUMMARY_HEADING_ID}-note`} className="small text-body-secondary">
              {unsaved.length > 0
                ? t('kycForms.unsaved.notReady')
                : t('kyc.collect.summary.notReady')}
            </span>
          )}
        </div>
      )}
      <ConfirmDialog
        show={confirming}
        title={label}
        message={
          resubmit
            ? t('kyc.collect.summary.confirmResubmit', { id: kycId })
            : t('kyc.collect.summary.confirmSubmit', { id: kycId })
        }
        confirmLabel={label}
        confirmVariant="primary"
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * The last entry of a file, whatever its status: how many steps are done (decision 029); while
 * the file is with the partner, what is missing and the way to hand it in; afterwards, where
 * it stands, so the partner can tell what happens next.
 */
export function KycSubmitSummary({ submission, actors, progress }: SummaryProps) {
  const { t } = useTranslation();
  const filling = PARTNER_EDITABLE_STATUSES.includes(submission.status);
  const decided = !filling && !OPEN_KYC_STATUSES.includes(submission.status);
  // Staff are the reviewers: the partner's 'nothing is needed from you' is not theirs to read.
  const reviewer = actors.includes('employee') || actors.includes('manager');
  return (
    <section aria-labelledby={SUMMARY_HEADING_ID} className="card shadow-sm kyc-step">
      <div className="card-header">
        <h3 id={SUMMARY_HEADING_ID} className="h6 mb-0" tabIndex={-1}>
          {t('kyc.collect.summary.title')}
        </h3>
      </div>
      <div className="card-body pb-0">
        <KycProgress progress={progress} />
      </div>
      {filling ? (
        <ReadinessAndSubmit submission={submission} actors={actors} />
      ) : (
        <div className="card-body pt-0">
          <p className="mb-0">
            {decided
              ? t('kycProgress.decided')
              : t(reviewer ? 'kycProgress.withReviewersStaff' : 'kycProgress.withReviewers')}
          </p>
        </div>
      )}
    </section>
  );
}
