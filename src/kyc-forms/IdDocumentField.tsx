import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import type { StepIssue } from '@common/kyc-steps';
import { acceptAttribute, DOCUMENT_FILES } from '@/documents/fileChecks';
import { SelectInput } from '@/kyc-forms/fields';
import type { StepDocument, StepDocumentsProps } from '@/kyc-forms/types';
import { UploadStatus } from '@/kyc-forms/UploadStatus';
import { useStepUpload } from '@/kyc-forms/useStepUpload';
import { formatDate } from '@/lib/format';

interface IdDocumentFieldProps {
  idPrefix: string;
  /** The id of the person's document, as saved or as chosen. */
  value: number | string | undefined;
  onChange: (documentId: number | undefined) => void;
  /** The company's ID documents to choose from. */
  documents: readonly StepDocument[];
  upload: StepDocumentsProps['onUpload'];
  issue?: StepIssue;
  readOnly?: boolean;
}

/** A person's identity document: one already uploaded, or a new one uploaded here. */
export function IdDocumentField({
  idPrefix,
  value,
  onChange,
  documents,
  upload,
  issue,
  readOnly,
}: IdDocumentFieldProps) {
  const { t } = useTranslation();
  const uploader = useStepUpload(upload);
  const current = value === undefined || value === '' ? '' : String(value);
  const options = documents.map((document) => ({
    value: String(document.id),
    label: document.uploadedAt
      ? t('kycForms.contacts.idDocumentOption', {
          name: document.fileName,
          date: formatDate(document.uploadedAt),
        })
      : document.fileName,
  }));
  // Just uploaded, and not in the caller's list yet: named by the file the person chose.
  if (current && !options.some((option) => option.value === current)) {
    options.unshift({
      value: current,
      label:
        uploader.state.status === 'done'
          ? uploader.state.fileName
          : t('kycForms.contacts.documentNumber', { id: current }),
    });
  }

  const fileId = `${idPrefix}-idUpload`;
  return (
    <Row className="g-3">
      <SelectInput
        id={`${idPrefix}-idDocumentId`}
        label={t('kycForms.contacts.idDocument')}
        placeholder={t('kycForms.contacts.chooseIdDocument')}
        options={options}
        value={current}
        onChange={(next) => onChange(next ? Number(next) : undefined)}
        issue={issue}
        required
        className="col-md-6"
      />
      {!readOnly && (
        <Col md={6}>
          <Form.Group controlId={fileId}>
            <Form.Label>{t('kycForms.contacts.uploadIdDocument')}</Form.Label>
            <Form.Control
              type="file"
              accept={acceptAttribute(DOCUMENT_FILES)}
              disabled={uploader.busy}
              aria-describedby={`${fileId}-status`}
              onChange={(event) => {
                const input = event.target as HTMLInputElement;
                const file = input.files?.[0];
                input.value = '';
                if (file) {
                  void uploader.upload(file, 'ID_DOCUMENT').then((stored) => {
                    if (stored) onChange(stored.id);
                  });
                }
              }}
            />
            <UploadStatus
              id={`${fileId}-status`}
              state={uploader.state}
              message={uploader.message}
            />
          </Form.Group>
        </Col>
      )}
    </Row>
  );
}
