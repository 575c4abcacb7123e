import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { loadCountries, selectCountries } from '@/countries/countrySlice';

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * The countries as select options, named in the current language. Asks for the list when it
 * is not held in that language yet (start-up normally has). A code the list does not know
 * (`keep`, the value already chosen) stays choosable, shown as its code.
 */
export function useCountryOptions(keep?: readonly string[]): CountryOption[] {
  const dispatch = useAppDispatch();
  const language = useAppSelector((state) => state.language.current);
  const list = useAppSelector(selectCountries);
  const status = useAppSelector((state) => state.country.status);
  const heldLanguage = useAppSelector((state) => state.country.language);

  useEffect(() => {
    if (status === 'idle' || (status === 'succeeded' && heldLanguage !== language)) {
      void dispatch(loadCountries(language));
    }
  }, [dispatch, language, status, heldLanguage]);

  const keepKey = (keep ?? []).join(',');
  return useMemo(() => {
    const options = list.map(({ code, name }) => ({ value: code, label: name }));
    const known = new Set(list.map(({ code }) => code));
    const extra = keepKey
      .split(',')
      .filter((code) => code && !known.has(code))
      .map((code) => ({ value: code, label: code }));
    return [...extra, ...options];
  }, [list, keepKey]);
}
