import { useMemo, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { Document } from '@common/documents';
import { STEP_DOCUMENT_TYPES, type KycStepType } from '@common/kyc';
import type { StepProgressState } from '@common/kyc-progress';
import type { KycStep, StepRequest } from '@common/kyc-responses';
import { useAppSelector } from '@/app/hooks';
import { DocumentList } from '@/documents/DocumentList';
import { documentListKey, selectDocumentList } from '@/documents/documentsSlice';
import { DocumentViewer } from '@/documents/DocumentViewer';
import { passesOverRequest, type StepAction } from '@/features/kyc/kycActors';
import { InternalBadge, StepProgressBadge } from '@/features/kyc/submissions/KycBadges';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import { ChangesSummary, StepData } from '@/features/kyc/review/StepData';
import { formatDateTime } from '@/lib/format';
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

/** The documents the partner changed in answer to a request: 'hrb.pdf: added'. */
function RequestDocuments({ request }: { request: StepRequest }) {
  const { t } = useTranslation();
  if (request.documents.length === 0) return null;
  return (
    <>
      <p className="small fw-semibold mb-1 mt-2">{t('kyc.request.documents')}</p>
      <ul className="small mb-0">
        {request.documents.map((document, index) => (
          <li key={`${document.id}-${index}`} className="text-break">
            {t(`kyc.request.change.${document.change}`, { name: document.fileName })}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A reviewer's request on the step (issue 14), for the partner and the reviewers alike: while
 * open, what was asked, by whom and when, and what to do next; once the partner has changed the
 * step, that they answered, and which documents they changed.
 */
function RequestNotice({
  request,
  staff,
  withPartner,
  canAnswer,
}: {
  request: StepRequest;
  staff: boolean;
  /** The file is back with the partner, who can answer now. */
  withPartner: boolean;
  /** The person sees the step's form: they are the one to answer. */
  canAnswer: boolean;
}) {
  const { t } = useTranslation();
  const asked = t('kyc.collect.changesRequested.by', {
    name: request.by?.name ?? t('kyc.records.unknownUser'),
    date: formatDateTime(request.at),
  });
  if (!request.open) {
    return (
      <Alert variant="info" className="kyc-request">
        <h4 className="alert-heading h6">{t('kyc.request.answeredTitle')}</h4>
        <p className="small mb-1">
          {t('kyc.request.answeredBy', {
            name: request.answeredBy?.name ?? t('kyc.records.unknownUser'),
            date: formatDateTime(request.answeredAt ?? request.at),
          })}
        </p>
        <figure className="mb-0">
          <figcaption className="small text-body-secondary">
            {t('kyc.request.asked')} · {asked}
          </figcaption>
          <blockquote className="mb-0">
            <p className="mb-0 text-break kyc-pre-line">{request.comment}</p>
          </blockquote>
        </figure>
        <RequestDocuments request={request} />
      </Alert>
    );
  }
  const rejected = request.kind === 'REJECTED';
  return (
    <Alert variant={rejected ? 'danger' : 'warning'} className="kyc-request kyc-changes-requested">
      <h4 className="alert-heading h6">
        {rejected ? t('kyc.request.rejectedTitle') : t('kyc.collect.changesRequested.title')}
      </h4>
      <p className="mb-0 text-break kyc-pre-line">{request.comment}</p>
      <p className="small mb-0 mt-2">{asked}</p>
      {staff && (
        <p className="small mb-0 mt-2">
          {withPartner ? t('kyc.request.waitingHint') : t('kyc.request.sendBackHint')}
        </p>
      )}
      {canAnswer && <p className="small mb-0 mt-2">{t('kyc.request.partnerHint')}</p>}
      <RequestDocuments request={request} />
    </Alert>
  );
}

/** The latest reviewer comment, unless it is the request shown above it; marked when internal. */
function StepComment({ step }: { step: KycStep }) {
  const { t } = useTranslation();
  if (!step.comment || step.comment === step.request?.comment) return null;
  return (
    <figure className="kyc-step-comment border-start border-3 ps-3 mb-3">
      <figcaption className="small text-body-secondary mb-1 d-flex gap-2 align-items-center">
        {t('kyc.step.comment')}
        {step.commentVisibility === 'internal' && <InternalBadge />}
      </figcaption>
      <blockquote className="mb-0">
        <p className="mb-0 text-break">{step.comment}</p>
      </blockquote>
    </figure>
  );
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
