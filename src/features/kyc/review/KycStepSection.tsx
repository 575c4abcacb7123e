import { useMemo, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { Document } from '@common/documents';
import { STEP_DOCUMENT_TYPES, type KycStepType } from '@common/kyc';
import type { StepProgressState } from '@common/kyc-progress';
import type { KycStep } from '@common/kyc-responses';
import { useAppSelector } from '@/store/hooks';
import { DocumentList } from '@/documents/DocumentList';
import { documentListKey, selectDocumentList } from '@/documents/documentsSlice';
import { DocumentViewer } from '@/documents/DocumentViewer';
import { passesOverRequest, type StepAction } from '@/features/kyc/kycActors';
import { StepProgressBadge } from '@/features/kyc/submissions/KycBadges';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import { ChangesSummary, StepData } from '@/features/kyc/review/StepData';
import { formatDateTime } from '@/lib/format';
import { RequestNotice, StepComment } from '@/kyc-forms/StepRequest';
import type { TranslationKey } from '@/lib/i18n';

/** The step headings' ids, for the regions and the step list's links. */
export const stepHeadingId = (stepType: KycStepType) => `kyc-step-${stepType}`;

const ACTION_BUTTONS = {
  complete: { label: 'kyc.stepActions.complete', variant: 'primary' },
  approve: { label: 'kyc.stepActions.approve', variant: 'success' },
  reject: { label: 'kyc.stepActions.reject', variant: 'outline-danger' },
  requestChanges: { label: 'kyc.stepActions.requestChanges', variant: 'outline-secondary' },
  withdrawRequest: { label: 'kyc.stepActions.withdrawRequest', variant: 'outline-secondary' },
} as const satisfies Record<StepAction, { label: TranslationKey; variant: string }>;

interface KycStepSectionProps {
  stepType: KycStepType;
  /** How far the step has got (decision 029). */
  progress: StepProgressState;
  /** The whole step once loaded (data, comment, who changed it). */
  step: KycStep | null;
  /** Whose documents belong to the file. */
  partnerUuid: string;
  actions: readonly StepAction[];
  busy: boolean;
  onAction: (action: StepAction) => void;
  /** The partner's form, in place of the read-only data and documents, while they may edit. */
  editor?: ReactNode;
  /** Mark what changed since the last review, and speak to the reviewers (staff). */
  showChanges?: boolean;
  /** The file is back with the partner (CHANGES_REQUESTED). */
  withPartner?: boolean;
}

/**
 * One step of the file: a region named by the step's title with its status, its data, its
 * documents (read-only), the reviewer's comment and the step actions the person may take.
 */
export function KycStepSection({
  stepType,
  progress,
  step,
  partnerUuid,
  actions,
  busy,
  onAction,
  editor,
  showChanges = false,
  withPartner = false,
}: KycStepSectionProps) {
  const { t } = useTranslation();
  const headingId = stepHeadingId(stepType);
  const blockedId = `${headingId}-blocked`;
  const requestOpen = step?.request?.open === true;
  const blocked = requestOpen && actions.some(passesOverRequest);
  const title = t(STEP_TITLE_KEYS[stepType]);
  const documentTypes = STEP_DOCUMENT_TYPES[stepType];
  const documentQuery = useMemo(
    () => ({ tradePartnerUuid: partnerUuid, documentType: [...documentTypes] }),
    [partnerUuid, documentTypes],
  );
  // The list below loads them; the data names a person's identity document among them.
  const documents = useAppSelector((state) =>
    selectDocumentList(state, documentListKey(documentQuery)),
  )?.documents;
  const [viewing, setViewing] = useState<Document | null>(null);

  return (
    <section aria-labelledby={headingId} className="card shadow-sm kyc-step">
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h3 id={headingId} className="h6 mb-0 me-auto" tabIndex={-1}>
          {title}
        </h3>
        <StepProgressBadge state={progress} />
      </div>
      <div className="card-body">
        {step?.request && (
          <RequestNotice
            request={step.request}
            staff={showChanges}
            withPartner={withPartner}
            canAnswer={editor !== undefined}
          />
        )}
        {step && <StepComment step={step} />}
        {showChanges && step && <ChangesSummary stepType={stepType} changes={step.changes} />}
        {editor ?? (
          <>
            <h4 className="h6 text-body-secondary">{t('kyc.step.data')}</h4>
            {step ? (
              <StepData
                stepType={stepType}
                data={step.data}
                changes={showChanges ? step.changes : undefined}
                documents={documents}
                onViewDocument={setViewing}
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
            <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
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
            {actions.map((action) => {
              const unavailable = requestOpen && passesOverRequest(action);
              return (
                <Button
                  key={action}
                  size="sm"
                  variant={ACTION_BUTTONS[action].variant}
                  disabled={busy || unavailable || !step}
                  aria-describedby={unavailable ? blockedId : undefined}
                  onClick={() => onAction(action)}
                >
                  {t(ACTION_BUTTONS[action].label)}
                </Button>
              );
            })}
          </div>
          {blocked && (
            <p id={blockedId} className="small text-body-secondary mt-2 mb-0">
              {t('kyc.request.approveBlocked')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
