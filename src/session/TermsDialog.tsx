import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { TradePartner } from '@common/partners';
import { TERMS_VERSION, TERMS_VERSION_CONFLICT } from '@common/terms';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useTermsDocument } from '@/session/useTermsDocument';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/notifications/notificationsSlice';
import { selectTermsRequest, setTermsAccepted } from '@/session/tradePartnerSlice';

type Acceptance = Pick<
  TradePartner,
  'name' | 'termsAccepted' | 'termsAcceptedVersion' | 'termsAcceptedAt' | 'termsAcceptedBy'
>;

/** The company's last acceptance in one sentence: who accepted which version when, or none. */
export function TermsStatus({ partner }: { partner: Acceptance }) {
  const { t } = useTranslation();
  const { termsAcceptedVersion: version, termsAcceptedAt: at, termsAcceptedBy: by } = partner;
  if (!version || !at) return <>{t('terms.notAccepted', { company: partner.name })}</>;
  const date = formatDateTime(at);
  if (!partner.termsAccepted) return <>{t('terms.olderAccepted', { version, date })}</>;
  return by ? (
    <>{t('terms.acceptedBy', { version, name: by.name, date })}</>
  ) : (
    <>{t('terms.acceptedOn', { version, date })}</>
  );
}

const isVersionConflict = (details: unknown) =>
  typeof details === 'object' &&
  details !== null &&
  (details as { reason?: unknown }).reason === TERMS_VERSION_CONFLICT;

interface TermsDialogProps {
  partner: TradePartner;
  /** The person may accept for the company (its owners and admins). */
  canAccept: boolean;
  show: boolean;
  onHide: () => void;
}

/**
 * The terms in force, in the app's language, with the company's last acceptance; those who may
 * accept them for the company do so here (decision 027).
 */
export function TermsDialog({ partner, canAccept, show, onHide }: TermsDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const text = useTermsDocument(show);
  const request = useAppSelector(selectTermsRequest);
  const busy = request.status === 'loading';
  const offerAccept = canAccept && !partner.termsAccepted;

  const accept = async () => {
    const result = await dispatch(
      setTermsAccepted({ uuid: partner.uuid, termsAccepted: true, version: partner.version }),
    );
    if (setTermsAccepted.fulfilled.match(result)) {
      dispatch(
        notify.success('terms.acceptedTitle', 'terms.acceptedMessage', {
          values: { company: partner.name, version: TERMS_VERSION },
        }),
      );
      onHide();
    }
  };

  const failed = request.status === 'failed' && show;
  return (
    <Modal
      show={show}
      onHide={busy ? undefined : onHide}
      size="lg"
      scrollable
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton={!busy} closeLabel={t('terms.close')}>
        <div>
          <Modal.Title id={titleId} as="h2" className="h5 mb-1">
            {text.document?.title ?? t('company.terms.title')}
          </Modal.Title>
          <p className="small text-body-secondary mb-0">
            {t('terms.version', { version: TERMS_VERSION })}
          </p>
        </div>
      </Modal.Header>
      <Modal.Body>
        <Alert variant={partner.termsAccepted ? 'info' : 'warning'} className="py-2">
          <TermsStatus partner={partner} />
        </Alert>
        {text.status === 'succeeded' ? (
          <article className="terms-text">
            {text.document.sections.map((section) => (
              <section key={section.heading} className="mb-3">
                <h3 className="h6 fw-semibold mb-1">{section.heading}</h3>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph} className="mb-2">
                    {paragraph}
                  </p>
                ))}
              </section>
            ))}
          </article>
        ) : text.status === 'failed' ? (
          <Alert variant="danger" className="d-flex align-items-center gap-2 mb-0">
            <span className="me-auto">{t('terms.loadFailed')}</span>
            <Button size="sm" variant="outline-danger" onClick={text.retry}>
              {t('terms.retry')}
            </Button>
          </Alert>
        ) : (
          <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            {t('terms.loading')}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer className="flex-column align-items-stretch">
        {failed && (
          <Alert variant="danger" className="mb-2">
            {isVersionConflict(request.error?.details) ? t('terms.changed') : t('terms.failed')}
          </Alert>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="small text-body-secondary me-auto">
            {offerAccept
              ? t('terms.onBehalf', { company: partner.name })
              : !canAccept && !partner.termsAccepted && t('terms.whoAccepts')}
          </span>
          <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
            {t('terms.close')}
          </Button>
          {offerAccept && (
            <Button
              variant="primary"
              onClick={() => void accept()}
              disabled={busy || text.status !== 'succeeded'}
            >
              {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {busy ? t('terms.accepting') : t('terms.accept')}
            </Button>
          )}
        </div>
      </Modal.Footer>
    </Modal>
  );
}
