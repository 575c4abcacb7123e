import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { loadCountries, selectCountryMap } from '@/countries/countrySlice';

/**
 * Names countries in the current language (SPEC section 3): 'Unknown' for a missing code or one
 * the list does not know, the code itself while the list is not there yet, and an address's
 * '-' as it is.
 */
export function useCountryName(): (code: string | null | undefined) => string {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const names = useAppSelector(selectCountryMap);
  const language = useAppSelector((state) => state.language.current);
  const status = useAppSelector((state) => state.country.status);

  useEffect(() => {
    if (status === 'idle') void dispatch(loadCountries(language));
  }, [dispatch, language, status]);

  return useCallback(
    (code) => {
      const value = code?.trim();
      if (!value) return t('countries.unknown');
      if (value === '-') return value;
      return names.get(value.toUpperCase()) ?? (names.size === 0 ? value : t('countries.unknown'));
    },
    [names, t],
  );
}
