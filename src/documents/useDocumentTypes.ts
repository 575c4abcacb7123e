import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { isDocumentType } from '@/documents/documentModel';
import {
  fetchDocumentTypes,
  selectDocumentTypeCodes,
  selectDocumentTypeLabels,
} from '@/documents/documentsSlice';
import type { SelectOption } from '@/components/ui/FormField';

/** Types a person files documents under; a profile picture has its own place (settings). */
const isFileable = (code: string) => code !== 'PROFILE_PICTURE';

/**
 * The document types (loaded once, GET /api/documents/types): `label(code)` in the interface
 * language, and the choices for a type select (`only` narrows them).
 */
export function useDocumentTypes(only?: readonly string[]) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const serverLabels = useAppSelector(selectDocumentTypeLabels);
  const codes = useAppSelector(selectDocumentTypeCodes);

  useEffect(() => {
    void dispatch(fetchDocumentTypes());
  }, [dispatch]);

  // The app translates the types it knows; a new one shows the server's English label.
  const label = (code: string) =>
    isDocumentType(code) ? t(`documents.types.${code}`) : (serverLabels[code] ?? code);
  const options: SelectOption[] = (only ?? codes.filter(isFileable)).map((code) => ({
    value: code,
    label: label(code),
  }));
  return { label, options };
}
