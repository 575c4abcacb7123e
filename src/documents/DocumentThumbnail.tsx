import { useState } from 'react';
import type { Document } from '@common/documents';
import { Icon } from '@/components/ui/Icon';
import { documentThumbnailUrl } from '@/documents/documentUrls';
import { tokenExpiring, useFreshDocument } from '@/documents/useFreshDocument';
import './documents.css';

interface DocumentThumbnailProps {
  document: Document;
  /** Shown size in CSS pixels; the image is asked for at twice that for sharp screens. */
  size?: number;
}

/**
 * A small preview of a document, named by its file name. The server fills the square: a PDF's
 * page cropped from its top (the middle of a letter is mostly blank), a picture around its
 * centre. An image that fails because its access token ran out is asked for again with a new
 * token; otherwise a file icon stands in.
 */
export function DocumentThumbnail({ document, size = 48 }: DocumentThumbnailProps) {
  const fresh = useFreshDocument(document);
  const [failedToken, setFailedToken] = useState<string | null>(null);
  const { accessToken, fileName, hasThumbnail } = fresh.document;
  const style = { width: size, height: size };

  if (!hasThumbnail || failedToken === accessToken) {
    return (
      <span
        className="documents-thumbnail documents-thumbnail-icon"
        style={style}
        role="img"
        aria-label={fileName}
      >
        <Icon name="file" size={Math.round(size / 2)} />
      </span>
    );
  }
  return (
    <img
      className="documents-thumbnail"
      style={style}
      src={documentThumbnailUrl(fresh.document, {
        width: size * 2,
        height: size * 2,
        fit: 'cover',
      })}
      alt={fileName}
      loading="lazy"
      onError={() => {
        if (!tokenExpiring(fresh.document.accessTokenExpiresAt) || !fresh.renew())
          setFailedToken(accessToken);
      }}
    />
  );
}
