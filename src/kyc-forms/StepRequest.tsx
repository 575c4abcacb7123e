import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import type { KycStep, StepRequest } from '@common/kyc-responses';
import { InternalBadge } from '@/kyc-forms/InternalBadge';
import { formatDateTime } from '@/lib/format';
import './kycForms.css';

/*
 * What the reviewers said on a step, above its form: their request and their latest comment.
 * The signed-in KYC page and the self-service page show them alike (issue 31).
 */

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
export function RequestNotice({
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
            <p className="mb-0 text-break kyc-request-text">{request.comment}</p>
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
      <p className="mb-0 text-break kyc-request-text">{request.comment}</p>
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
export function StepComment({ step }: { step: KycStep }) {
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
