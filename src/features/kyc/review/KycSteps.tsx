import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultVisibility,
  fixedVisibility,
  KYC_STEP_TYPES,
  OPEN_KYC_STATUSES,
  type CommentContext,
  type CommentVisibility,
  type KycActor,
  type KycStepType,
} from '@common/kyc';
import {
  fileProgress,
  hasSavedData,
  type FileProgress,
  type StepProgressInput,
  type StepProgressState,
} from '@common/kyc-progress';
import type { KycStep, KycSubmission } from '@common/kyc-responses';
import { isDataStepType, stepEditable, type DataStepType } from '@common/kyc-steps';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadFailed } from '@/components/ui/RequestFeedback';
import { CommentField, VisibilityField } from '@/features/kyc/review/DecisionFields';
import {
  isReviewer,
  stepActions,
  stepChange,
  type StatusAction,
  type StepAction,
} from '@/features/kyc/kycActors';
import { StepProgressBadge } from '@/features/kyc/submissions/KycBadges';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import { selectKycChanges, selectKycReadiness, selectKycSteps } from '@/features/kyc/kycSlice';
import { KycStepEditor } from '@/features/kyc/collection/KycStepEditor';
import { KycStepSection, stepHeadingId } from '@/features/kyc/review/KycStepSection';
import { KycSubmitSummary, SUMMARY_HEADING_ID } from '@/features/kyc/submissions/KycSubmitSummary';
import {
  changeStepStatus,
  fetchKycReadiness,
  fetchKycSteps,
  stepChangeKey,
  withdrawStepRequest,
} from '@/features/kyc/kycThunks';
import { useKycRecords } from '@/features/kyc/records/useKycRecords';

/** Scrolls to a step (or the summary) and puts the focus on its heading, for keyboard users too. */
function goTo(headingId: string) {
  const heading = document.getElementById(headingId);
  heading?.closest('section')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  heading?.focus({ preventScroll: true });
}

interface NavEntry {
  headingId: string;
  title: string;
  progress?: StepProgressState;
}

/** The steps at a glance: each with its status, a link to its section; then the summary. */
function StepList({ entries }: { entries: NavEntry[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('kyc.detail.stepList')} className="mb-3">
      <ol className="kyc-stepper list-unstyled mb-0">
        {entries.map(({ headingId, title, progress }) => (
          <li key={headingId}>
            <a
              href={`#${headingId}`}
              className={`kyc-stepper-link${progress === 'changesRequested' ? ' kyc-stepper-attention' : ''}`}
              onClick={(event) => {
                event.preventDefault();
                goTo(headingId);
              }}
            >
              <span className="kyc-stepper-title">{title}</span>
              {progress && <StepProgressBadge state={progress} />}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The file's progress as shown now (decisions 029, 040): the server's, worked out again by the
 * same rule from the steps as they show (a reviewer's change shows at once) and, while the file
 * is open, the readiness as last read; a decided file needs none.
 */
function useFileProgress(
  submission: KycSubmission,
  shown: readonly StepProgressInput[],
): FileProgress {
  const dispatch = useAppDispatch();
  const { id: kycId, status } = submission;
  const open = OPEN_KYC_STATUSES.includes(status);
  const entry = useAppSelector((state) => selectKycReadiness(state, kycId));
  const stale = entry?.stale ?? false;
  useEffect(() => {
    if (open) void dispatch(fetchKycReadiness({ kycId }));
  }, [dispatch, open, kycId, stale]);
  const readiness = entry?.data;
  if (open && !readiness) return submission.progress;
  return fileProgress(status, shown, open ? (readiness?.missing ?? []) : []);
}

/** A step action that asks for a comment first (reject, request changes, withdraw a request). */
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
  withdrawRequest: {
    title: 'kyc.stepDialog.withdrawTitle',
    message: 'kyc.stepDialog.withdrawMessage',
    confirm: 'kyc.stepDialog.withdrawConfirm',
  },
} as const;

type DialogAction = keyof typeof DIALOG_TEXTS;
const isDialogAction = (action: StepAction): action is DialogAction => action in DIALOG_TEXTS;

/**
 * Asks for the comment a step action needs. A request to the partner is always shared with
 * them (issue 14), so the dialog says so; a withdrawal's comment is shared unless staff choose.
 */
function StepDialog({
  asking,
  onConfirm,
  onClose,
}: {
  asking: Asking & { action: DialogAction };
  onConfirm: (comment: string, visibility: CommentVisibility) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const context: CommentContext =
    asking.action === 'withdrawRequest'
      ? { kind: 'withdrawal' }
      : { kind: 'step', to: asking.action === 'reject' ? 'REJECTED' : 'CHANGES_REQUESTED' };
  const [visibility, setVisibility] = useState(() => defaultVisibility(context));
  const texts = DIALOG_TEXTS[asking.action];
  return (
    <ConfirmDialog
      show
      title={t(texts.title)}
      message={t(texts.message, { step: t(STEP_TITLE_KEYS[asking.stepType]) })}
      confirmLabel={t(texts.confirm)}
      confirmVariant={asking.action === 'reject' ? 'danger' : 'primary'}
      confirmDisabled={comment.trim() === ''}
      onConfirm={() => onConfirm(comment.trim(), visibility)}
      onClose={onClose}
    >
      <CommentField value={comment} onChange={setComment} required />
      <VisibilityField
        value={visibility}
        onChange={setVisibility}
        fixed={fixedVisibility(context) !== undefined}
      />
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
  const shown = KYC_STEP_TYPES.map((stepType) => {
    const step = loaded.get(stepType) ?? null;
    const summary = submission.steps.find((item) => item.stepType === stepType);
    return {
      stepType,
      step,
      status: step?.status ?? summary?.status ?? 'PENDING',
      started: step ? hasSavedData(step.data) : (summary?.started ?? false),
    };
  });
  const progress = useFileProgress(submission, shown);
  const steps = shown.map((item) => ({
    ...item,
    progress:
      progress.steps.find((entry) => entry.stepType === item.stepType)?.state ?? 'notStarted',
  }));

  const run = (
    stepType: KycStepType,
    action: StepAction,
    comment?: string,
    visibility?: CommentVisibility,
  ) => {
    const step = loaded.get(stepType);
    // A change is based on the step as read; the buttons of a step not read yet are disabled.
    if (!step) return Promise.resolve();
    const { version } = step;
    if (action === 'withdrawRequest') {
      return dispatch(
        withdrawStepRequest({
          kycId,
          stepType,
          comment: comment ?? '',
          visibility: visibility ?? 'shared',
          version,
        }),
      );
    }
    const { request, expected } = stepChange(action, actors);
    return dispatch(
      changeStepStatus({ kycId, stepType, request, expected, comment, visibility, version }),
    );
  };

  const onAction = (stepType: KycStepType, action: StepAction) => {
    if (isDialogAction(action)) setAsking({ stepType, action });
    else void run(stepType, action satisfies StatusAction);
  };

  // The partner fills in a step while the file is with them and the step open (decision 013).
  const mayEdit = actors.includes('partner');
  const editableStep = (step: KycStep | null): step is KycStep & { stepType: DataStepType } =>
    mayEdit &&
    step !== null &&
    isDataStepType(step.stepType) &&
    step.editable &&
    stepEditable(submission.status, step.status);
  const entries: NavEntry[] = [
    ...steps.map(({ stepType, progress }) => ({
      headingId: stepHeadingId(stepType),
      title: t(STEP_TITLE_KEYS[stepType]),
      progress,
    })),
    { headingId: SUMMARY_HEADING_ID, title: t('kyc.collect.summary.title') },
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
        {steps.map(({ stepType, step, progress, status }) => (
          <KycStepSection
            key={stepType}
            stepType={stepType}
            progress={progress}
            step={step}
            partnerUuid={submission.tradePartnerUuid}
            actions={stepActions(submission.status, status, actors, step?.request?.open)}
            busy={changes[stepChangeKey(kycId, stepType)]?.status === 'loading'}
            onAction={(action) => onAction(stepType, action)}
            showChanges={isReviewer(actors)}
            withPartner={submission.status === 'CHANGES_REQUESTED'}

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
        <KycSubmitSummary submission={submission} actors={actors} progress={progress} />
      </div>
      {asking && isDialogAction(asking.action) && (
        <StepDialog
          key={`${asking.stepType}-${asking.action}`}
          asking={{ ...asking, action: asking.action }}
          onConfirm={(comment, visibility) =>
            run(asking.stepType, asking.action, comment, visibility)
          }
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
