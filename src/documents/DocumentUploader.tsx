import { useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import type { Document } from '@common/documents';
import type { TradePartner } from '@common/partners';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { DocumentLink } from '@/documents/documentsApi';
import { uploadDocumentFile, type SendDocument } from '@/documents/documentsSlice';
import { DropZone } from '@/documents/DropZone';
import { acceptAttribute, DOCUMENT_FILES, MAX_UPLOAD_MB } from '@/documents/fileChecks';
import { UploadQueue } from '@/documents/UploadQueue';
import { useDocumentTypes } from '@/documents/useDocumentTypes';
import { useUploadQueue } from '@/documents/useUploadQueue';
import { addressLine } from '@/companies/addressLine';
import { contactDisplayName } from '@/companies/contactName';
import { selectUser } from '@/session/userSlice';
import './documents.css';

const COMPANY = 'company';

/** What the 'Belongs to' choice links an upload to (docs/api/documents.md, Uploads). */
function linkOf(target: string, partner: TradePartner): DocumentLink {
  const [kind, uuid = ''] = target.split(':');
  if (kind === 'contact') return { tradePartnerContactUuid: uuid };
  if (kind === 'address') return { addressUuid: uuid };
  return { tradePartnerUuid: partner.uuid };
}

/** What the uploaded documents belong to. */
export type UploadTarget =
  /** The company; the person may choose one of its contacts or addresses instead. */
  | { partner: TradePartner; link?: undefined; tradePartnerId?: undefined; send?: undefined }
  /**
   * One record, fixed (an order: `{ orderUuid }`), of the company `tradePartnerId` (whose rules
   * the types offered follow); nothing to choose.
   */
  | { link: DocumentLink; tradePartnerId: number; partner?: undefined; send?: undefined }
  /**
   * One record with an upload of its own (a shipment, a leg) of the company `tradePartnerId`;
   * nothing to choose.
   */
  | { send: SendDocument; tradePartnerId: number; partner?: undefined; link?: undefined };

export type DocumentUploaderProps = UploadTarget & {
  /** For a tab or a side panel: less padding, no introduction. */
  compact?: boolean;
  /** The types offered; every type but PROFILE_PICTURE when absent. */
  typeCodes?: readonly string[];
  /** The type chosen at first; none, so the person chooses, when absent. */
  defaultType?: string;
  /** After each file the server stored. */
  onUploaded?: (document: Document) => void;
};

/**
 * Uploads documents: choose the type and what they belong to, then drop files or browse.
 * Each file is checked (size, type) before it goes and shows its progress and outcome; the
 * server's message is shown when it refuses one.
 */
export function DocumentUploader({
  partner,
  link: fixedLink,
  tradePartnerId,
  send,
  compact = false,
  typeCodes,
  defaultType = '',
  onUploaded,
}: DocumentUploaderProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const user = useAppSelector(selectUser);
  // A company's upload may be its KYC evidence; an order's or a shipment's is not (decision 035).
  const onRecord =
    send !== undefined ||
    (fixedLink !== undefined && ('orderUuid' in fixedLink || 'orderId' in fixedLink));
  const types = useDocumentTypes(
    typeCodes,
    onRecord ? 'record' : 'company',
    partner?.id ?? tradePartnerId,
  );
  const [type, setType] = useState(defaultType);
  const [target, setTarget] = useState(COMPANY);
  const [typeMissing, setTypeMissing] = useState(false);
  const typeSelect = useRef<HTMLSelectElement>(null);
  const queue = useUploadQueue();

  const onFiles = (files: File[]) => {
    if (!user) return;
    if (!type) {
      setTypeMissing(true);
      typeSelect.current?.focus();
      return;
    }
    const link = partner ? linkOf(target, partner) : fixedLink;
    const documentType = type;
    queue.add(files, async (file, onProgress) => {
      const document = await dispatch(
        uploadDocumentFile({ userId: user.id, documentType, file, link, send, onProgress }),
      ).unwrap();
      onUploaded?.(document);
    });
  };

  const finished = queue.items.length > 0 && !queue.busy;

  return (
    <div>
      {!compact && <p className="text-body-secondary">{t('documents.upload.intro')}</p>}
      <Row className="g-3 mb-3">
        <Col md={6}>
          <Form.Group controlId={`${id}-type`}>
            <Form.Label>{t('documents.upload.type')}</Form.Label>
            <Form.Select
              value={type}
              ref={typeSelect}
              isInvalid={typeMissing}
              aria-invalid={typeMissing || undefined}
              aria-describedby={typeMissing ? `${id}-type-error` : undefined}
              onChange={(event) => {
                setType(event.target.value);
                setTypeMissing(false);
              }}
            >
              <option value="">{t('documents.upload.typePlaceholder')}</option>
              {types.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid" id={`${id}-type-error`}>
              {t('documents.upload.chooseTypeFirst')}
            </Form.Control.Feedback>
          </Form.Group>
        </Col>
        {partner && (
          <Col md={6}>
            <Form.Group controlId={`${id}-target`}>
              <Form.Label>{t('documents.upload.belongsTo')}</Form.Label>
              <Form.Select value={target} onChange={(event) => setTarget(event.target.value)}>
                <option value={COMPANY}>
                  {t('documents.upload.company', { name: partner.name })}
                </option>
                {partner.tradePartnerContacts.length > 0 && (
                  <optgroup label={t('documents.upload.contacts')}>
                    {partner.tradePartnerContacts.map((contact) => (
                      <option key={contact.uuid} value={`contact:${contact.uuid}`}>
                        {contactDisplayName(contact) ?? t('contacts.noContact')}
                      </option>
                    ))}
                  </optgroup>
                )}
                {partner.addresses.length > 0 && (
                  <optgroup label={t('documents.upload.addresses')}>
                    {partner.addresses.map((address) => (
                      <option key={address.uuid} value={`address:${address.uuid}`}>
                        {addressLine(address)}
                      </option>
                    ))}
                  </optgroup>
                )}
              </Form.Select>
            </Form.Group>
          </Col>
        )}
      </Row>
      <DropZone
        inputId={`${id}-files`}
        accept={acceptAttribute(DOCUMENT_FILES)}
        hint={t('documents.upload.accepted', { max: MAX_UPLOAD_MB })}
        onFiles={onFiles}
        disabled={!user}
        compact={compact}
      />
      <UploadQueue items={queue.items} />
      {finished && (
        <Button variant="link" size="sm" className="px-0 mt-2" onClick={queue.clear}>
          {t('documents.upload.clear')}
        </Button>
      )}
    </div>
  );
}
