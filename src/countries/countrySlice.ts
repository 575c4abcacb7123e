import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { Country } from '@common/countries';
import type { Language } from '@common/languages';
import type { RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { getCountries } from '@/countries/countryApi';
import { translate } from '@/lib/i18n';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';
import { createFetch } from '@/store/requests';

/** The country list, with the request state of its last load. */
export interface CountryState extends RequestState {
  /** Sorted by name in `language`. */
  list: Country[];
  /** The language the names are in; null before the first load. */
  language: Language | null;
}

const initialState: CountryState = { list: [], language: null, ...idleRequest() };

/** What app/store.ts keeps in the browser: the list and its language, not the request state. */
export const PERSISTED_COUNTRY_KEYS = [
  'list',
  'language',
] as const satisfies readonly (keyof CountryState)[];

/**
 * Loads the country list in `language` (SPEC section 7: once at start-up, again when the
 * language changes). A list already held in that language is not asked for again. A failure
 * is only logged (SPEC section 8); the list held so far stays.
 */
export const loadCountries = createFetch(
  'country/load',
  async (language: Language) => {
    const list = await getCountries(language).catch((error: unknown) => {
      console.error('Countries could not be loaded:', error);
      throw error;
    });
    return { language, list };
  },
  {
    condition: (language, { getState }) => {
      // Once per start (the request state is not stored), and again for another language.
      const { status, language: held } = getState().country;
      return status !== 'loading' && !(status === 'succeeded' && held === language);
    },
  },
);

export const countrySlice = createSlice({
  name: 'country',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(loadCountries.pending, (state) => recordPending(state))
      .addCase(loadCountries.fulfilled, (state, action) => {
        recordFulfilled(state);
        state.list = action.payload.list;
        state.language = action.payload.language;
      })
      .addCase(loadCountries.rejected, (state, action) => recordRejected(state, action));
  },
});

export const selectCountries = (state: RootState) => state.country.list;

/** Code → name, for looking names up. */
export const selectCountryMap = createSelector(
  [selectCountries],
  (list) => new Map(list.map((country) => [country.code, country.name])),
);

/**
 * A country's name in the current language; 'Unknown' (translated) for a missing code or one
 * the list does not know (SPEC section 3).
 */
export const selectCountryName = (state: RootState, code: string | null | undefined): string => {
  const name = code ? selectCountryMap(state).get(code.toUpperCase()) : undefined;
  return name ?? translate('countries.unknown');
};
