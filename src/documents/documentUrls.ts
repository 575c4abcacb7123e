import type { Document } from '@common/documents';
import { searchParams, seg } from '@/lib/api-params';

// The addresses an <img>, an <iframe> or a download link loads a document from. They carry
// the document's access token, as the browser sends no bearer token for them (decision 011).

type WithToken = Pick<Document, 'id' | 'accessToken'>;
export type Disposition = 'inline' | 'attachment';

/** The whole file (GET .../content), as a download by default. */
export function documentContentUrl(
  document: WithToken,
  disposition: Disposition = 'attachment',
): string {
  const query = searchParams({ disposition, token: document.accessToken });
  return `/api/documents/${seg(document.id)}/content?${query.toString()}`;
}

/** The file for viewing in place (GET .../stream, honours Range). */
export function documentStreamUrl(
  document: WithToken,
  disposition: Disposition = 'inline',
): string {
  const query = searchParams({ disposition, token: document.accessToken });
  return `/api/documents/${seg(document.id)}/stream?${query.toString()}`;
}

export interface ThumbnailOptions {
  /** 16 to 1024 pixels; 256 when absent. */
  width?: number;
  height?: number;
  fit?: 'cover' | 'contain' | 'inside' | 'outside' | 'fill';
  format?: 'webp' | 'png' | 'jpeg';
}

/** A preview image (GET .../thumbnail): the first page of a PDF, or the image itself. */
export function documentThumbnailUrl(
  document: WithToken,
  { width = 256, height = 256, fit = 'inside', format = 'webp' }: ThumbnailOptions = {},
): string {
  const query = searchParams({ width, height, fit, format, token: document.accessToken });
  return `/api/documents/${seg(document.id)}/thumbnail?${query.toString()}`;
}
