import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_STEP_TYPES, type KycActor, type KycStepType } from '@common/kyc';
import {
  isDataStepType,
  PARTNER_EDITABLE_STATUSES,
  stepEditable,
  type DataStepType,
} from '@common/kyc-steps';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadFailed } from '@/components/ui/RequestFeedback';
import { CommentField } from '@/features/kyc/DecisionFields';
import { isReviewer, stepActions, stepChange, type StepAction } from '@/features/kyc/kycActors';
import { KycStatusBadge } from '@/features/kyc/KycBadges';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import type { KycStep, KycSubmission } from '@/features/kyc/kycModel';
import { selectKycChanges, selectKycSteps } from '@/features/kyc/kycSlice';
import { KycStepEditor } from '@/features/kyc/KycStepEditor';
import { KycStepSection, stepHeadingId } from '@/features/kyc/KycStepSection';
import { KycSubmitSummary, SUMMARY_HEADING_ID } from '@/features/kyc/KycSubmitSummary';
import { changeStepStatus, fetchKycSteps, stepChangeKey } from '@/features/kyc/kycThunks';
import { useKycRecords } from '@/features/kyc/useKycRecords';

/** Scrolls to a step (or the summary) and puts the focus on its heading, for keyboard users too. */
function goTo(headingId: string) {
  const heading = document.getElementById(headingId);
  heading?.closest('section')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  heading?.focus({ preventScroll: true });
}

interface NavEntry {
  headingId: string;
  title: string;
  status?: string;
}

/** The steps at a glance: each with its status, a link to its section; then the summary. */
function StepList({ entries }: { entries: NavEntry[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('kyc.detail.stepList')} className="mb-3">
      <ol className="kyc-stepper list-unstyled mb-0">
        {entries.map(({ headingId, title, status }) => (
          <li key={headingId}>
            <a
              href={`#${headingId}`}
              className={`kyc-stepper-link${status === 'CHANGES_REQUESTED' ? ' kyc-stepper-attention' : ''}`}
              onClick={(event) => {
                event.preventDefault();
                goTo(headingId);
              }}
            >
              <span className="kyc-stepper-title">{title}</span>
              {status && <KycStatusBadge status={status} />}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A step action that asks for a comment first (reject, request changes). */
interface Asking {
  stepType: KycStepType;
  action: StepAction;
}

const DIALOG_TEXTS = {
  reject: {
    title: 'kyc.stepDialog.rejectTitle',
    message: 'kyc.stepDialog.rejectMessage',
    confirm: 'kyc.stepDialog.rejectConfirm',
  },
  requestChanges: {
    title: 'kyc.stepDialog.changesTitle',
    message: 'kyc.stepDialog.changesMessage',
    confirm: 'kyc.stepDialog.changesConfirm',
  },
} as const;

function StepDialog({
  asking,
  onConfirm,
  onClose,
}: {
  asking: Asking & { action: 'reject' | 'requestChanges' };
  onConfirm: (comment: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const texts = DIALOG_TEXTS[asking.action];
  return (
    <ConfirmDialog
      show
      title={t(texts.title)}
      message={t(texts.message, { step: t(STEP_TITLE_KEYS[asking.stepType]) })}
      confirmLabel={t(texts.confirm)}
      confirmVariant={asking.action === 'reject' ? 'danger' : 'primary'}
      confirmDisabled={comment.trim() === ''}
      onConfirm={() => onConfirm(comment.trim())}
      onClose={onClose}
    >
      <CommentField value={comment} onChange={setComment} required />
    </ConfirmDialog>
  );
}

interface KycStepsProps {
  submission: KycSubmission;
  actors: readonly KycActor[];
}

/**
 * The six steps of a file, in order. Until the steps themselves are loaded, the submission's
 * summary of them gives their statuses. Changes show at once (kycThunks.changeStepStatus).
 */
export function KycSteps({ submission, actors }: KycStepsProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const kycId = submission.id;
  const { entry, retry } = useKycRecords(fetchKycSteps, selectKycSteps, kycId);
  const changes = useAppSelector(selectKycChanges);
  const [asking, setAsking] = useState<Asking | null>(null);

  const loaded = new Map<KycStepType, KycStep>((entry?.data ?? []).map((s) => [s.stepType, s]));
  const steps = KYC_STEP_TYPES.map((stepType) => {
    const step = loaded.get(stepType) ?? null;
    const summary = submission.steps.find((item) => item.stepType === stepType);
    return { stepType, step, status: step?.status ?? summary?.status ?? 'PENDING' };
  });

  const run = (stepType: KycStepType, action: StepAction, comment?: string) => {
    const { request, expected } = stepChange(action, actors);
    return dispatch(
      changeStepStatus({
        kycId,
        stepType,
        request,
        expected,
        comment,
        version: loaded.get(stepType)?.version,
      }),
    );
  };

  const onAction = (stepType: KycStepType, action: StepAction) => {
    if (stepChange(action, actors).commentRequired) setAsking({ stepType, action });
    else void run(stepType, action);
  };

  // The partner fills in a step while the file is with them and the step open (decision 013).
  const mayEdit = actors.includes('partner');
  const editableStep = (step: KycStep | null): step is KycStep & { stepType: DataStepType } =>
    mayEdit &&
    step !== null &&
    isDataStepType(step.stepType) &&
    step.editable &&
    stepEditable(submission.status, step.status);
  const withSummary = PARTNER_EDITABLE_STATUSES.includes(submission.status);
  const entries: NavEntry[] = [
    ...steps.map(({ stepType, status }) => ({
      headingId: stepHeadingId(stepType),
      title: t(STEP_TITLE_KEYS[stepType]),
      status,
    })),
    ...(withSummary
      ? [{ headingId: SUMMARY_HEADING_ID, title: t('kyc.collect.summary.title') }]
      : []),
  ];

  return (
    <section aria-labelledby="kyc-steps-heading">
      <h2 id="kyc-steps-heading" className="h5 mb-3">
        {t('kyc.detail.steps')}
      </h2>
      <StepList entries={entries} />
      {entry?.status === 'failed' && (
        <LoadFailed message={t('kyc.detail.stepsFailed')} onRetry={retry} />
      )}
      <div className="d-grid gap-3">
        {steps.map(({ stepType, step, status }) => (
          <KycStepSection
            key={stepType}
            stepType={stepType}
            status={status}
            step={step}
            partnerUuid={submission.tradePartnerUuid}
            actions={stepActions(submission.status, status, actors)}
            busy={changes[stepChangeKey(kycId, stepType)]?.status === 'loading'}
            onAction={(action) => onAction(stepType, action)}
            showChanges={isReviewer(actors)}
            editor={
              editableStep(step) ? (
                <KycStepEditor
                  // A new version (saved, or changed elsewhere) starts the form afresh.
                  key={`${step.stepType}-${step.version}`}
                  kycId={kycId}
                  tradePartnerId={submission.tradePartnerId}
                  stepType={step.stepType}
                  step={step}
                />
              ) : undefined
            }
          />
        ))}
        {withSummary && <KycSubmitSummary submission={submission} actors={actors} />}
      </div>
      {asking && (asking.action === 'reject' || asking.action === 'requestChanges') && (
        <StepDialog
          key={`${asking.stepType}-${asking.action}`}
          asking={{ ...asking, action: asking.action }}
          onConfirm={(comment) => run(asking.stepType, asking.action, comment)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
