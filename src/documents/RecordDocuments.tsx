import { useId, useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import type { Document } from '@common/documents';
import type { TradePartner } from '@common/partners';
import { DocumentList } from '@/documents/DocumentList';
import type { DocumentQuery } from '@/documents/documentsApi';
import { DocumentUploader, type UploadTarget } from '@/documents/DocumentUploader';

interface RecordDocumentsProps {
  /** Which documents the list shows. */
  query: DocumentQuery;
  /** What uploads belong to; null: the list is read-only (no upload, type, archive, restore). */
  upload: UploadTarget | null;
  /** The types offered for upload and retyping; every type but PROFILE_PICTURE when absent. */
  typeCodes?: readonly string[];
  /** What an empty list says. */
  emptyText?: string;
  /** Shows only the documents of the query's answer this keeps (a shipment's own). */
  only?: (document: Document) => boolean;
}

/**
 * A record's documents (a trade partner's, an order's, a shipment's): a compact upload for
 * those who may change them, then the list with its viewer.
 */
export function RecordDocuments({
  query,
  upload,
  typeCodes,
  emptyText,
  only,
}: RecordDocumentsProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        {upload && (
          <section aria-labelledby={headingId} className="mb-4">
            <h2 className="h5 mb-3" id={headingId}>
              {t('documents.upload.heading')}
            </h2>
            <DocumentUploader {...upload} typeCodes={typeCodes} compact />
          </section>
        )}
        <DocumentList
          query={query}
          canChange={upload !== null}
          title={t('documents.list.heading')}
          typeCodes={typeCodes}
          emptyText={emptyText}
          only={only}
        />
      </Card.Body>
    </Card>
  );
}

/** A trade partner's documents; those who may change the partner upload, retype and archive. */
export function PartnerDocuments({
  partner,
  canChange,
}: {
  partner: TradePartner;
  canChange: boolean;
}) {
  const query = useMemo(() => ({ tradePartnerUuid: partner.uuid }), [partner.uuid]);
  return <RecordDocuments query={query} upload={canChange ? { partner } : null} />;
}
