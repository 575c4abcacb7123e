import type { DocumentType, UploadPlace } from '#common/documents.js';
import { typeRefusal } from '#common/kyc.js';
import { ValidationError } from '#server/errors.js';

/**
 * 400 on `querystring.documentType` for a type that does not belong where the document is
 * uploaded or kept (decision 043, `PLACE_DOCUMENT_TYPES`): on upload and on a type change.
 */
export function refuseTypeOutOfPlace(type: DocumentType, place: UploadPlace): void {
  const refusal = typeRefusal(type, place);
  if (refusal === null) return;
  throw new ValidationError(`querystring.documentType: ${refusal}`, [
    { field: 'querystring.documentType', message: refusal },
  ]);
}
