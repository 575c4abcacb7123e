import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PLACE_DOCUMENT_TYPES, readsDocumentKind, typeKind, type DocumentPlace } from '@common/kyc';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { isDocumentType } from '@/documents/documentModel';
import {
  fetchDocumentTypes,
  selectDocumentTypeCodes,
  selectDocumentTypeLabels,
} from '@/documents/documentsSlice';
import type { SelectOption } from '@/components/ui/FormField';
import { effectiveAccessLevel } from '@/companies/partnerAccess';
import { selectTradePartners } from '@/session/tradePartnerSlice';
import { selectRoles } from '@/session/userSlice';

/**
 * Types a person files documents under: those of a company's documents (decision 043); a
 * profile picture has its own place (settings). A type the app does not know yet is offered.
 */
const isFileable = (code: string) =>
  !isDocumentType(code) || PLACE_DOCUMENT_TYPES.company.includes(code);

/**
 * Whether the signed-in person may hold a document of a type in a place of the company
 * `tradePartnerId` (decision 035, 042): KYC evidence needs KYC access, a financial paper the
 * right to view that company's amounts (staff, or its OWNER or ADMIN). The server refuses the
 * others; the selects do not offer them.
 */
export function useFileable(tradePartnerId: number | null | undefined) {
  const roles = useAppSelector(selectRoles);
  const partner = useAppSelector(selectTradePartners).find((p) => p.id === tradePartnerId);
  const level = partner ? effectiveAccessLevel(partner) : null;
  return useCallback(
    (code: string, place: DocumentPlace) =>
      !isDocumentType(code) || readsDocumentKind({ roles, level }, typeKind(code, place)),
    [roles, level],
  );
}

/**
 * The document types (loaded once, GET /api/documents/types): `label(code)` in the interface
 * language, and the choices for a type select (`only` narrows them); given the `place` of the
 * document and its company, only those the person may file there (without, the caller weighs
 * each document).
 */
export function useDocumentTypes(
  only?: readonly string[],
  place?: DocumentPlace,
  tradePartnerId?: number | null,
) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const serverLabels = useAppSelector(selectDocumentTypeLabels);
  const codes = useAppSelector(selectDocumentTypeCodes);
  const fileable = useFileable(tradePartnerId);

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
