import { ACCEPTED_CONTENT_TYPES, BROWSER_IMAGE_TYPES } from '@common/documents';

/** The server's limit (DOCUMENT_MAX_BYTES, docs/api/documents.md), checked before sending. */
export const MAX_UPLOAD_MB = 25;
const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

interface Accepted {
  mimeTypes: readonly string[];
  extensions: readonly string[];
}

export const DOCUMENT_FILES: Accepted = {
  mimeTypes: ACCEPTED_CONTENT_TYPES,
  extensions: ['.pdf', '.png', '.jpg', '.jpeg', '.webp', '.tif', '.tiff'],
};

export const PICTURE_FILES: Accepted = {
  mimeTypes: BROWSER_IMAGE_TYPES,
  extensions: ['.png', '.jpg', '.jpeg', '.webp'],
};

/** For a file input's `accept`. */
export const acceptAttribute = ({ mimeTypes, extensions }: Accepted) =>
  [...mimeTypes, ...extensions].join(',');

export type FileProblem = 'tooLarge' | 'wrongType';

/**
 * Why a file would be refused, before it is sent; null when it may go. The browser's type is
 * a hint (it comes from the name): the server sniffs the bytes and has the last word.
 */
export function fileProblem(file: File, accepted: Accepted = DOCUMENT_FILES): FileProblem | null {
  const name = file.name.toLowerCase();
  const knownType = accepted.mimeTypes.includes(file.type);
  const knownExtension = accepted.extensions.some((extension) => name.endsWith(extension));
  // Some systems give no type, or a generic one, for files they do not know.
  const vagueType = file.type === '' || file.type === 'application/octet-stream';
  if (!knownType && !(knownExtension && vagueType)) {
    return 'wrongType';
  }
  return file.size > MAX_UPLOAD_BYTES ? 'tooLarge' : null;
}
