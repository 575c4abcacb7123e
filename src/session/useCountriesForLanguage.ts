import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { loadCountries } from '@/countries/countrySlice';

/**
 * Loads the country list once the user is signed in (the call needs the token), and again in
 * each language the interface changes to (SPEC section 7).
 */
export function useCountriesForLanguage(): void {
  const dispatch = useAppDispatch();
  const authenticated = useAppSelector((state) => state.auth.authenticated);
  const language = useAppSelector((state) => state.language.current);
  useEffect(() => {
    if (authenticated) void dispatch(loadCountries(language));
  }, [authenticated, dispatch, language]);
}
