import { useEffect, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { BROWSER_IMAGE_TYPES, type Document } from '@common/documents';
import { Icon } from '@/components/ui/Icon';
import {
  documentContentUrl,
  documentStreamUrl,
  documentThumbnailUrl,
} from '@/documents/documentUrls';
import { ImageZoom } from '@/documents/ImageZoom';
import { PdfPages } from '@/documents/PdfPages';
import { useDocumentTypes } from '@/documents/useDocumentTypes';
import { tokenExpiring, useFreshDocument } from '@/documents/useFreshDocument';
import { formatFileSize } from '@/lib/format';
import './documents.css';

function Preview({ document, onFailed }: { document: Document; onFailed: () => void }) {
  const { t } = useTranslation();
  const { fileName, contentType, hasThumbnail } = document;
  if (contentType === 'application/pdf') {
    return (
      <PdfPages
        url={documentStreamUrl(document, 'inline')}
        fileName={fileName}
        onFailed={onFailed}
      />
    );
  }
  // A TIFF is shown through its (server-rendered) preview.
  const src = (BROWSER_IMAGE_TYPES as readonly string[]).includes(contentType)
    ? documentStreamUrl(document, 'inline')
    : hasThumbnail
      ? documentThumbnailUrl(document, { width: 1024, height: 1024 })
      : null;
  if (!src) return <p className="text-body-secondary my-4">{t('documents.viewer.noPreview')}</p>;
  return <ImageZoom src={src} alt={fileName} onError={onFailed} />;
}

interface ViewerContentProps {
  document: Document;
  titleId: string;
  onClose: () => void;
}

function ViewerContent({ document, titleId, onClose }: ViewerContentProps) {
  const { t } = useTranslation();
  const types = useDocumentTypes();
  const { document: fresh, renew } = useFreshDocument(document);
  const expiresAt = fresh.accessTokenExpiresAt;

  // A preview cannot tell that its token ran out: an old one is renewed before it is used.
  useEffect(() => {
    if (tokenExpiring(expiresAt)) renew();
  }, [expiresAt, renew]);

  return (
    <>
      <Modal.Header closeButton closeLabel={t('documents.viewer.close')}>
        <div className="documents-shrink">
          <Modal.Title as="h2" id={titleId} className="h5 text-break mb-0">
            {fresh.fileName}
          </Modal.Title>
          <p className="small text-body-secondary mb-0">
            {types.label(fresh.type)} · {formatFileSize(fresh.size)}
          </p>
        </div>
      </Modal.Header>
      <Modal.Body className="documents-viewer-body">
        <Preview key={fresh.accessToken} document={fresh} onFailed={renew} />
      </Modal.Body>
      <Modal.Footer>
        <a
          className="btn btn-primary"
          href={documentContentUrl(fresh, 'attachment')}
          download={fresh.fileName}
        >
          <Icon name="download" className="me-2" />
          {t('documents.viewer.download')}
        </a>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('documents.viewer.close')}
        </Button>
      </Modal.Footer>
    </>
  );
}

export interface DocumentViewerProps {
  /** The document to show; the viewer is closed while this is null. */
  document: Document | null;
  onClose: () => void;
}

/**
 * A document in a dialog named by its file name: PDFs drawn by pdf.js (the stream), images
 * zoomable, anything else offered as a download. Download fetches the whole file as an
 * attachment. Expired access tokens are renewed (POST .../token).
 */
export function DocumentViewer({ document, onClose }: DocumentViewerProps) {
  const titleId = useId();
  return (
    <Modal
      show={document !== null}
      onHide={onClose}
      size="xl"
      fullscreen="lg-down"
      centered
      className="documents-viewer"
      aria-labelledby={titleId}
    >
      {document && <ViewerContent document={document} titleId={titleId} onClose={onClose} />}
    </Modal>
  );
}
