import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { STEP_DOCUMENT_TYPES, type KycStepStatus, type KycStepType } from '@common/kyc';
import { DocumentList } from '@/features/documents/DocumentList';
import type { StepAction } from '@/features/kyc/kycActors';
import { KycStatusBadge } from '@/features/kyc/KycBadges';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import type { KycStep } from '@/features/kyc/kycModel';
import { StepData } from '@/features/kyc/StepData';
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
        {step?.comment && (
          <figure className="kyc-step-comment border-start border-3 ps-3 mb-3">
            <figcaption className="small text-body-secondary mb-1">
              {t('kyc.step.comment')}
            </figcaption>
            <blockquote className="mb-0">
              <p className="mb-0 text-break">{step.comment}</p>
            </blockquote>
          </figure>
        )}
        <h4 className="h6 text-body-secondary">{t('kyc.step.data')}</h4>
        {step ? (
          <StepData data={step.data} />
        ) : (
          <p className="text-body-secondary mb-0">{t('kyc.step.loading')}</p>
        )}
        {documentTypes.length > 0 && (
          <div className="mt-3">
            <h4 className="h6 text-body-secondary">{t('kyc.step.documents')}</h4>
            <DocumentList query={documentQuery} emptyText={t('kyc.step.noDocuments')} />
          </div>
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
