import { useEffect, useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import type { TradePartner } from '@common/partners';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { DocumentList } from '@/documents/DocumentList';
import { DocumentUploader } from '@/documents/DocumentUploader';
import { partnerPermissions } from '@/companies/partnerAccess';
import { EmptyState, Loading } from '@/components/ui/RequestFeedback';
import {
  loadUserTradePartners,
  selectCurrentTradePartner,
  selectTradePartnersRequest,
  selectUserDefaultTradePartner,
} from '@/session/tradePartnerSlice';
import { selectRoles } from '@/session/userSlice';

function CompanyDocuments({ company }: { company: TradePartner }) {
  const { t } = useTranslation();
  const roles = useAppSelector(selectRoles);
  const can = partnerPermissions(roles, company);
  const query = useMemo(() => ({ tradePartnerUuid: company.uuid }), [company.uuid]);

  return (
    <div className="d-flex flex-column gap-4">
      <Card as="section" className="shadow-sm" aria-labelledby="documents-upload-title">
        <Card.Body className="p-3 p-sm-4">
          <h2 className="h5 mb-3" id="documents-upload-title">
            {t('documents.upload.heading')}
          </h2>
          {can.edit ? (
            <DocumentUploader partner={company} />
          ) : (
            <Alert variant="info" className="mb-0">
              {t('documents.upload.readOnly')}
            </Alert>
          )}
        </Card.Body>
      </Card>
      <Card className="shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <DocumentList
            query={query}
            canChange={can.edit}
            title={t('documents.list.companyHeading')}
          />
        </Card.Body>
      </Card>
    </div>
  );
}

/**
 * /documents/upload (OWNER and CONTACT): upload documents for the user's company, one of its
 * contacts or addresses, and see the company's documents below.
 */
export function DocumentUploadPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectCurrentTradePartner);
  const userDefault = useAppSelector(selectUserDefaultTradePartner);
  const request = useAppSelector(selectTradePartnersRequest);
  const company = current ?? userDefault;

  useEffect(() => {
    if (request.status === 'idle') void dispatch(loadUserTradePartners());
  }, [dispatch, request.status]);

  return (
    <>
      <div className="app-page-header">
        <h1 className="h3 mb-0">{t('pages.documentUpload')}</h1>
      </div>
      {company ? (
        <CompanyDocuments company={company} />
      ) : request.status === 'succeeded' || request.status === 'failed' ? (
        <Card className="shadow-sm">
          <EmptyState>{t('documents.upload.noCompany')}</EmptyState>
        </Card>
      ) : (
        <Loading label={t('documents.upload.loadingCompany')} />
      )}
    </>
  );
}
