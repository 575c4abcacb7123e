import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { TradePartner } from '@common/partners';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { notify } from '@/notifications/notificationsSlice';
import { selectTermsRequest, setTermsAccepted } from '@/session/tradePartnerSlice';
import { formatDateTime } from '@/lib/format';

interface TermsCardProps {
  partner: TradePartner;
  /** Owners and administrators accept the terms for their company. */
  canAccept: boolean;
}

/** The terms acceptance of one trade partner (PATCH .../terms). */
export function TermsCard({ partner, canAccept }: TermsCardProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const request = useAppSelector(selectTermsRequest);
  const busy = request.status === 'loading';

  const toggle = async (termsAccepted: boolean) => {
    const result = await dispatch(
      setTermsAccepted({ uuid: partner.uuid, termsAccepted, version: partner.version }),
    );
    if (setTermsAccepted.fulfilled.match(result)) {
      dispatch(
        termsAccepted
          ? notify.success('company.terms.acceptedTitle', 'company.terms.acceptedMessage')
          : notify.info('company.terms.withdrawnTitle', 'company.terms.withdrawnMessage'),
      );
    }
  };

  const acceptedAt = partner.termsAccepted ? formatDateTime(partner.termsAcceptedAt) : '';
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">{t('company.terms.title')}</h2>
        <p className="text-body-secondary">{t('company.terms.intro')}</p>
        <div className="d-flex align-items-center gap-2">
          <Form.Check
            type="checkbox"
            id={`terms-${partner.uuid}`}
            label={t('company.terms.accept')}
            checked={partner.termsAccepted}
            disabled={busy || !canAccept}
            onChange={(event) => void toggle(event.target.checked)}
          />
          {busy && (
            <Spinner
              animation="border"
              size="sm"
              role="status"
              aria-label={t('company.terms.saving')}
            />
          )}
        </div>
        {acceptedAt && (
          <p className="small text-body-secondary mt-2 mb-0">
            {t('company.terms.acceptedAt', { date: acceptedAt })}
          </p>
        )}
        {!canAccept && (
          <p className="small text-body-secondary mt-2 mb-0">{t('company.terms.onlyAdmins')}</p>
        )}
        {request.status === 'failed' && (
          <Alert variant="danger" className="mt-3 mb-0">
            {t('company.terms.failed')}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
