import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '@common/documents';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import type { StepDocument, StepDocumentsProps } from '@/kyc-forms/types';
import { formatDateTime } from '@/lib/format';

interface StepDocumentRowProps {
  document: StepDocument;
  allowedTypes: readonly DocumentType[];
  readOnly: boolean;
  idPrefix: string;
  onChangeType: StepDocumentsProps['onChangeType'];
  onArchive: StepDocumentsProps['onArchive'];
  onView?: StepDocumentsProps['onView'];
  /** A line under the name: whose identity document it is. */
  note?: string;
}

type Work =
  { status: 'idle' | 'typeChange' | 'archive' } | { status: 'failed'; what: 'type' | 'archive' };

/** One document of a step: its name and type, with view, change of type and archive. */
export function StepDocumentRow({
  document,
  allowedTypes,
  readOnly,
  idPrefix,
  onChangeType,
  onArchive,
  onView,
  note,
}: StepDocumentRowProps) {
  const { t } = useTranslation();
  const [work, setWork] = useState<Work>({ status: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const name = document.fileName;
  const busy = work.status === 'typeChange' || work.status === 'archive';
  const typeLabel = (type: DocumentType) => t(`documents.types.${type}`);
  // A type this step does not offer (filed elsewhere) is still shown as it is.
  const types = allowedTypes.includes(document.type)
    ? allowedTypes
    : [document.type, ...allowedTypes];

  const changeType = async (type: DocumentType) => {
    setWork({ status: 'typeChange' });
    try {
      await onChangeType(document.id, type);
      setWork({ status: 'idle' });
    } catch {
      setWork({ status: 'failed', what: 'type' });
    }
  };

  const archive = async () => {
    setWork({ status: 'archive' });
    try {
      await onArchive(document.id);
      setWork({ status: 'idle' });
    } catch {
      // Said below the document; the dialog closes either way.
      setWork({ status: 'failed', what: 'archive' });
    }
  };

  const selectId = `${idPrefix}-type-${document.id}`;
  return (
    <li className="kyc-forms-document" aria-busy={busy || undefined}>
      <div className="kyc-forms-document-name">
        <span className="fw-semibold text-break">{name}</span>
        {note && <span className="d-block small text-break">{note}</span>}
        {document.uploadedAt && (
          <span className="d-block small text-body-secondary">
            {t('kycForms.documents.uploadedAt', { date: formatDateTime(document.uploadedAt) })}
          </span>
        )}
      </div>
      <div className="kyc-forms-document-type">
        {readOnly ? (
          <span>{typeLabel(document.type)}</span>
        ) : (
          <>
            <label htmlFor={selectId} className="visually-hidden">
              {t('kycForms.documents.typeOf', { name })}
            </label>
            <Form.Select
              id={selectId}
              size="sm"
              value={document.type}
              disabled={busy}
              onChange={(event) => void changeType(event.target.value as DocumentType)}
            >
              {types.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </Form.Select>
          </>
        )}
      </div>
      <div className="kyc-forms-document-actions">
        {busy && (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">{t('kycForms.documents.working', { name })}</span>
          </Spinner>
        )}
        {onView && (
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() => onView(document.id)}
            aria-label={t('kycForms.documents.viewNamed', { name })}
          >
            {t('kycForms.documents.view')}
          </Button>
        )}
        {!readOnly && (
          <Button
            variant="outline-danger"
            size="sm"
            disabled={busy}
            onClick={() => setConfirming(true)}
            aria-label={t('kycForms.documents.archiveNamed', { name })}
          >
            {t('kycForms.documents.archive')}
          </Button>
        )}
      </div>
      {work.status === 'failed' && (
        <p role="alert" className="kyc-forms-document-error small text-danger-emphasis mb-0">
          {work.what === 'archive'
            ? t('kycForms.documents.archiveFailed', { name })
            : t('kycForms.documents.typeChangeFailed', { name })}
        </p>
      )}
      <ConfirmDialog
        show={confirming}
        title={t('kycForms.documents.archiveTitle')}
        message={t('kycForms.documents.archiveMessage', { name })}
        confirmLabel={t('kycForms.documents.archive')}
        onConfirm={archive}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}
