import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { Document } from '@common/documents';
import { documentPlace, PLACE_DOCUMENT_TYPES } from '@common/kyc';
import { useAppSelector } from '@/store/hooks';
import type { SelectOption } from '@/components/ui/FormField';
import { selectDocumentLoading } from '@/documents/documentsSlice';
import { isDocumentType } from '@/documents/documentModel';
import { DocumentThumbnail } from '@/documents/DocumentThumbnail';
import { useFileable } from '@/documents/useDocumentTypes';
import { formatDateTime, formatFileSize } from '@/lib/format';

export interface DocumentRowProps {
  document: Document;
  /** Whether the list offers changes; each document then says whether it may be changed. */
  canChange: boolean;
  typeLabel: (code: string) => string;
  typeOptions: readonly SelectOption[];
  onView: (document: Document) => void;
  onTypeChange: (document: Document, type: string) => void;
  onArchive: (document: Document) => void;
  onRestore: (document: Document) => void;
}

/** One document in a DocumentList: a table row on wide screens, a card on narrow ones. */
export function DocumentRow({
  document,
  canChange: listChanges,
  typeLabel,
  typeOptions,
  onView,
  onTypeChange,
  onArchive,
  onRestore,
}: DocumentRowProps) {
  const { t } = useTranslation();
  const busy = useAppSelector((state) => selectDocumentLoading(state, document.id));
  const name = document.fileName;
  const archived = document.status === 'ARCHIVED';
  // The server says what this person may do with this document (decision 035): KYC evidence of
  // a file in review stays as it is for a partner.
  const canChange = listChanges && document.permissions.change;
  // Only the types this document may take: those of its place (an order's papers stay an
  // order's, decision 043) that this person may hold (decision 035); its own type, one the
  // select does not offer (a profile picture, a new type), is still shown.
  const fileable = useFileable(document.tradePartnerId);
  const place = document.place === 'link' ? 'link' : documentPlace({ ...document, kycId: null });
  const placeTypes: readonly string[] = PLACE_DOCUMENT_TYPES[document.place];
  const offered = typeOptions.filter(
    (option) =>
      (!isDocumentType(option.value) || placeTypes.includes(option.value)) &&
      fileable(option.value, place),
  );
  const options = offered.some((option) => option.value === document.type)
    ? offered
    : [...offered, { value: document.type, label: typeLabel(document.type) }];

  return (
    <tr className={archived ? 'documents-archived' : undefined} aria-busy={busy || undefined}>
      <th scope="row" className="data-table-name">
        <div className="d-flex align-items-center gap-2 documents-shrink">
          <DocumentThumbnail document={document} />
          <span className="text-break">{name}</span>
          {archived && (
            <Badge bg="secondary-subtle" text="secondary-emphasis" className="border">
              {t('documents.statuses.ARCHIVED')}
            </Badge>
          )}
        </div>
      </th>
      <td data-label={t('documents.list.columns.type')}>
        {canChange && !archived ? (
          <Form.Select
            size="sm"
            className="documents-type-select"
            aria-label={t('documents.list.typeOf', { name })}
            value={document.type}
            disabled={busy}
            onChange={(event) => onTypeChange(document, event.target.value)}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        ) : (
          typeLabel(document.type)
        )}
      </td>
      <td data-label={t('documents.list.columns.size')} className="text-nowrap">
        {formatFileSize(document.size)}
      </td>
      <td data-label={t('documents.list.columns.uploadedAt')} className="text-nowrap">
        {formatDateTime(document.createdAt)}
      </td>
      <td data-label={t('documents.list.columns.uploadedBy')}>
        {document.uploadedBy?.name ?? '–'}
      </td>
      <td className="text-md-end">
        <div className="d-inline-flex flex-wrap gap-2">
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() => onView(document)}
            aria-label={t('documents.list.viewNamed', { name })}
          >
            {t('documents.list.view')}
          </Button>
          {canChange && !archived && (
            <Button
              variant="outline-danger"
              size="sm"
              disabled={busy}
              onClick={() => onArchive(document)}
              aria-label={t('documents.list.archiveNamed', { name })}
            >
              {t('documents.list.archive')}
            </Button>
          )}
          {canChange && archived && (
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={busy}
              onClick={() => onRestore(document)}
              aria-label={t('documents.list.restoreNamed', { name })}
            >
              {t('documents.list.restore')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
