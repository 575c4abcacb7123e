import { useId, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '@common/documents';
import { acceptAttribute, DOCUMENT_FILES, MAX_UPLOAD_MB } from '@/documents/fileChecks';
import { StepDocumentRow } from '@/kyc-forms/StepDocumentRow';
import type { StepDocument, StepDocumentsProps } from '@/kyc-forms/types';
import { UploadStatus } from '@/kyc-forms/UploadStatus';
import { useStepUpload } from '@/kyc-forms/useStepUpload';
import './kycForms.css';

/** A document the step's data names (a person's identity document), and whose it is. */
export interface NamedStepDocument {
  document: StepDocument;
  namedBy: string;
}

/** The required types no document has yet, in the order the step lists them. */
export const missingTypes = (
  documents: StepDocumentsProps['documents'],
  requiredTypes: readonly DocumentType[],
) => requiredTypes.filter((type) => !documents.some((document) => document.type === type));

/**
 * A step's documents: the list (view, change of type, archive), what is still needed, and an
 * upload with a type chosen first. The caller's callbacks do the work and update `documents`.
 * The documents the data names come first, to view only: they are chosen where they are named.
 */
export function StepDocuments({
  documents,
  allowedTypes,
  requiredTypes,
  onUpload,
  onArchive,
  onChangeType,
  onView,
  readOnly = false,
  idPrefix,
  named = [],
}: StepDocumentsProps & {
  readOnly?: boolean;
  idPrefix?: string;
  named?: readonly NamedStepDocument[];
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const id = idPrefix ?? `step-documents${ownId.replace(/[^\w-]/g, '')}`;
  const uploader = useStepUpload(onUpload);
  // '' until the person chooses: then the first required type still missing is offered.
  const [chosenType, setChosenType] = useState<DocumentType | ''>('');
  const missing = missingTypes(documents, requiredTypes);
  const uploadType = chosenType || missing[0] || allowedTypes[0];
  const typeLabel = (type: DocumentType) => t(`documents.types.${type}`);

  return (
    <section className="kyc-forms-documents" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} className="h6 mb-2">
        {t('kycForms.documents.heading')}
      </h4>
      {missing.length > 0 && (
        <p className="small text-warning-emphasis mb-2">
          {t('kycForms.documents.stillNeeded', { types: missing.map(typeLabel).join(', ') })}
        </p>
      )}
      {documents.length + named.length === 0 ? (
        <p className="small text-body-secondary mb-2">{t('kycForms.documents.none')}</p>
      ) : (
        <ul className="list-unstyled mb-2" aria-label={t('kycForms.documents.list')}>
          {named.map(({ document, namedBy }) => (
            <StepDocumentRow
              key={document.id}
              document={document}
              allowedTypes={allowedTypes}
              readOnly
              idPrefix={id}
              onChangeType={onChangeType}
              onArchive={onArchive}
              onView={onView}
              note={namedBy}
            />
          ))}
          {documents.map((document) => (
            <StepDocumentRow
              key={document.id}
              document={document}
              allowedTypes={allowedTypes}
              readOnly={readOnly}
              idPrefix={id}
              onChangeType={onChangeType}
              onArchive={onArchive}
              onView={onView}
            />
          ))}
        </ul>
      )}
      {!readOnly && uploadType && (
        <Row className="g-2 align-items-end kyc-forms-upload">
          <Col sm={6}>
            <Form.Group controlId={`${id}-upload-type`}>
              <Form.Label className="small mb-1">{t('kycForms.documents.type')}</Form.Label>
              <Form.Select
                size="sm"
                value={uploadType}
                disabled={uploader.busy}
                onChange={(event) => setChosenType(event.target.value as DocumentType)}
              >
                {allowedTypes.map((type) => (
                  <option key={type} value={type}>
                    {requiredTypes.includes(type)
                      ? t('kycForms.documents.requiredType', { type: typeLabel(type) })
                      : typeLabel(type)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col sm={6}>
            <Form.Group controlId={`${id}-upload-file`}>
              <Form.Label className="small mb-1">{t('kycForms.documents.file')}</Form.Label>
              <Form.Control
                type="file"
                size="sm"
                accept={acceptAttribute(DOCUMENT_FILES)}
                disabled={uploader.busy}
                aria-describedby={`${id}-upload-hint`}
                onChange={(event) => {
                  const input = event.target as HTMLInputElement;
                  const file = input.files?.[0];
                  // The same file can be chosen again after a failure.
                  input.value = '';
                  if (file) {
                    void uploader.upload(file, uploadType).then((stored) => {
                      if (stored) setChosenType('');
                    });
                  }
                }}
              />
            </Form.Group>
          </Col>
          <Col xs={12}>
            <Form.Text id={`${id}-upload-hint`} className="d-block">
              {t('kycForms.documents.accepted', { max: MAX_UPLOAD_MB })}
            </Form.Text>
            <UploadStatus state={uploader.state} message={uploader.message} />
          </Col>
        </Row>
      )}
    </section>
  );
}
