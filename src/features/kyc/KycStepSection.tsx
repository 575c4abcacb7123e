import { useMemo, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { STEP_DOCUMENT_TYPES, type KycStepStatus, type KycStepType } from '@common/kyc';
import { DocumentList } from '@/features/documents/DocumentList';
import type { StepAction } from '@/features/kyc/kycActors';
import { KycStatusBadge } from '@/features/kyc/KycBadges';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import type { KycStep } from '@/features/kyc/kycModel';
import { ChangesSummary, StepData } from '@/features/kyc/StepData';
import { formatDateTime } from '@/lib/format';
import type { TranslationKey } from '@/lib/i18n';

/** The step headings' ids, for the regions and the step list's links. */
export const stepHeadingId = (stepType: KycStepType) => `kyc-step-${stepType}`;

const ACTION_BUTTONS = {
  complete: { label: 'kyc.stepActions.complete', variant: 'primary' },
  approve: { label: 'kyc.stepActions.approve', variant: 'success' },
  reject: { label: 'kyc.stepActions.reject', variant: 'outline-danger' },
  requestChanges: { label: 'kyc.stepActions.requestChanges', variant: 'outline-secondary' },
} as const satisfies Record<StepAction, { label: TranslationKey; variant: string }>;

interface KycStepSectionProps {
  stepType: KycStepType;
  status: KycStepStatus;
  /** The whole step once loaded (data, comment, who changed it). */
  step: KycStep | null;
  /** Whose documents belong to the file. */
  partnerUuid: string;
  actions: readonly StepAction[];
  busy: boolean;
  onAction: (action: StepAction) => void;
  /** The partner's form, in place of the read-only data and documents, while they may edit. */
  editor?: ReactNode;
  /** Mark what changed since the last review (for reviewers). */
  showChanges?: boolean;
}

/** The reviewer's request, at the top of a step sent back: what to change, who asked, when. */
function ChangesRequested({ step }: { step: KycStep | null }) {
  const { t } = useTranslation();
  const when = step?.reviewedAt ?? step?.updatedAt;
  return (
    <Alert variant="warning" className="kyc-changes-requested">
      <h4 className="alert-heading h6">{t('kyc.collect.changesRequested.title')}</h4>
      <p className="mb-0 text-break kyc-pre-line">
        {step?.comment ?? t('kyc.collect.changesRequested.noComment')}
      </p>
      {step?.updatedBy && when && (
        <p className="small mb-0 mt-2">
          {t('kyc.collect.changesRequested.by', {
            name: step.updatedBy.name,
            date: formatDateTime(when),
          })}
        </p>
      )}
    </Alert>
  );
}

/**
 * One step of the file: a region named by the step's title with its status, its data, its
 * documents (read-only), the reviewer's comment and the step actions the person may take.
 */
export function KycStepSection({
  stepType,
  status,
  step,
  partnerUuid,
  actions,
  busy,
  onAction,
  editor,
  showChanges = false,
}: KycStepSectionProps) {
  const { t } = useTranslation();
  const headingId = stepHeadingId(stepType);
  const title = t(STEP_TITLE_KEYS[stepType]);
  const documentTypes = STEP_DOCUMENT_TYPES[stepType];
  const documentQuery = useMemo(
    () => ({ tradePartnerUuid: partnerUuid, documentType: [...documentTypes] }),
    [partnerUuid, documentTypes],
  );

  return (
    <section aria-labelledby={headingId} className="card shadow-sm kyc-step">
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h3 id={headingId} className="h6 mb-0 me-auto" tabIndex={-1}>
          {title}
        </h3>
        <KycStatusBadge status={status} />
      </div>
      <div className="card-body">
        {status === 'CHANGES_REQUESTED' ? (
          <ChangesRequested step={step} />
        ) : (
          step?.comment && (
            <figure className="kyc-step-comment border-start border-3 ps-3 mb-3">
              <figcaption className="small text-body-secondary mb-1">
                {t('kyc.step.comment')}
              </figcaption>
              <blockquote className="mb-0">
                <p className="mb-0 text-break">{step.comment}</p>
              </blockquote>
            </figure>
          )
        )}
        {showChanges && step && <ChangesSummary stepType={stepType} changes={step.changes} />}
        {editor ?? (
          <>
            <h4 className="h6 text-body-secondary">{t('kyc.step.data')}</h4>
            {step ? (
              <StepData
                stepType={stepType}
                data={step.data}
                changes={showChanges ? step.changes : undefined}
              />
            ) : (
              <p className="text-body-secondary mb-0">{t('kyc.step.loading')}</p>
            )}
            {documentTypes.length > 0 && (
              <div className="mt-3">
                <h4 className="h6 text-body-secondary">{t('kyc.step.documents')}</h4>
                <DocumentList query={documentQuery} emptyText={t('kyc.step.noDocuments')} />
              </div>
            )}
          </>
        )}
        {step?.updatedBy && (
          <p className="small text-body-secondary mt-3 mb-0">
            {t('kyc.step.updated', {
              date: formatDateTime(step.updatedAt),
              name: step.updatedBy.name,
            })}
          </p>
        )}
      </div>
      {actions.length > 0 && (
        <div className="card-footer">
          <div
            role="group"
            aria-label={t('kyc.step.actions', { step: title })}
            className="d-flex flex-wrap gap-2"
          >
            {actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={ACTION_BUTTONS[action].variant}
                disabled={busy}
                onClick={() => onAction(action)}
              >
                {t(ACTION_BUTTONS[action].label)}
              </Button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
