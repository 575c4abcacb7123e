import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PLACE_DOCUMENT_TYPES,
  rolesReadDocumentKind,
  typeKind,
  type DocumentPlace,
} from '@common/kyc';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { isDocumentType } from '@/documents/documentModel';
import {
  fetchDocumentTypes,
  selectDocumentTypeCodes,
  selectDocumentTypeLabels,
} from '@/documents/documentsSlice';
import type { SelectOption } from '@/components/ui/FormField';
import { selectRoles } from '@/session/userSlice';

/**
 * Types a person files documents under: those of a company's documents (decision 043); a
 * profile picture has its own place (settings). A type the app does not know yet is offered.
 */
const isFileable = (code: string) =>
  !isDocumentType(code) || PLACE_DOCUMENT_TYPES.company.includes(code);

/**
 * Whether the signed-in person may hold a document of a type in a place (decision 035): KYC
 * evidence needs KYC access, a financial paper the right to view financials. The server refuses
 * the others; the selects do not offer them.
 */
export function useFileable() {
  const roles = useAppSelector(selectRoles);
  return useCallback(
    (code: string, place: DocumentPlace) =>
      !isDocumentType(code) || rolesReadDocumentKind(roles, typeKind(code, place)),
    [roles],
  );
}

/**
 * The document types (loaded once, GET /api/documents/types): `label(code)` in the interface
 * language, and the choices for a type select (`only` narrows them); given the `place` of the
 * document, only those the person may file there (without, the caller weighs each document).
 */
export function useDocumentTypes(only?: readonly string[], place?: DocumentPlace) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const serverLabels = useAppSelector(selectDocumentTypeLabels);
  const codes = useAppSelector(selectDocumentTypeCodes);
  const fileable = useFileable();

  useEffect(() => {
    void dispatch(fetchDocumentTypes());
  }, [dispatch]);

  // The app translates the types it knows; a new one shows the server's English label.
  const label = (code: string) =>
    isDocumentType(code) ? t(`documents.types.${code}`) : (serverLabels[code] ?? code);
  const offered = (only ?? codes.filter(isFileable)).filter(
    (code) => place === undefined || fileable(code, place),
  );
  const options: SelectOption[] = offered.map((code) => ({
    value: code,
    label: label(code),
  }));
  return { label, options };
}
