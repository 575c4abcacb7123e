import { useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import type { TradePartner } from '@common/partners';
import { DocumentList } from '@/documents/DocumentList';
import { DocumentUploader } from '@/documents/DocumentUploader';

interface PartnerDocumentsProps {
  partner: TradePartner;
  /** Upload, change types, archive and restore; otherwise the list is read-only. */
  canChange: boolean;
}

/** A trade partner's documents, with a compact upload for those who may change the partner. */
export function PartnerDocuments({ partner, canChange }: PartnerDocumentsProps) {
  const { t } = useTranslation();
  const query = useMemo(() => ({ tradePartnerUuid: partner.uuid }), [partner.uuid]);
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        {canChange && (
          <section aria-labelledby="partner-documents-upload" className="mb-4">
            <h2 className="h5 mb-3" id="partner-documents-upload">
              {t('documents.upload.heading')}
            </h2>
            <DocumentUploader partner={partner} compact />
          </section>
        )}
        <DocumentList query={query} canChange={canChange} title={t('documents.list.heading')} />
      </Card.Body>
    </Card>
  );
}
