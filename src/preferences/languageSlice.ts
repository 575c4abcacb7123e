import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Language } from '@common/languages';
import type { RootState } from '@/app/store';
import { DEFAULT_LANGUAGE, isLanguage, loadLanguage, saveLanguage } from '@/lib/i18n';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';
import { createFetch } from '@/store/requests';

export interface LanguageState {
  /** The language the texts are shown in. */
  current: Language;
  /** The last change the user asked for. */
  change: RequestState & { requested: Language | null };
  /** True once a language's texts have loaded. */
  translationsReady: boolean;
}

const initialState: LanguageState = {
  current: DEFAULT_LANGUAGE,
  change: { ...idleRequest(), requested: null },
  translationsReady: false,
};

/**
 * Switches the interface to another language (SPEC section 4, 'Language'): loads its texts,
 * saves the choice and announces it. Unsupported codes, the current language and requests
 * made while a change is in progress are ignored. A language that fails to load leaves the
 * texts in English (SPEC section 8); the failure is only logged.
 */
export const changeLanguage = createFetch(
  'language/change',
  async (code: string, { dispatch }) => {
    const language = code as Language; // `condition` lets supported codes through only
    try {
      await loadLanguage(language);
    } catch (error) {
      console.error(`Translations for '${language}' could not be loaded:`, error);
      try {
        await loadLanguage(DEFAULT_LANGUAGE);
        dispatch(languageApplied(DEFAULT_LANGUAGE));
      } catch (fallbackError) {
        console.error('English translations could not be loaded either:', fallbackError);
      }
      throw error;
    }
    saveLanguage(language);
    return language;
  },
  {
    // Also skips a code the app does not speak and the language already in use.
    condition: (code, { getState }) => {
      const { current, change } = getState().language;
      return isLanguage(code) && code !== current && change.status !== 'loading';
    },
  },
);

export const languageSlice = createSlice({
  name: 'language',
  initialState,
  reducers: {
    /** i18next shows `language` now: at start-up (main.tsx) and after a fallback to English. */
    languageApplied(state, action: PayloadAction<Language>) {
      state.current = action.payload;
      state.translationsReady = true;
    },
  },
  // Not reset at sign-out: the language is a preference of the device, like the layout.
  extraReducers: (builder) => {
    builder
      .addCase(changeLanguage.pending, (state, action) => {
        recordPending(state.change);
        state.change.requested = action.meta.arg as Language;
      })
      .addCase(changeLanguage.fulfilled, (state, action) => {
        recordFulfilled(state.change);
        state.current = action.payload;
        state.translationsReady = true;
      })
      .addCase(changeLanguage.rejected, (state, action) => recordRejected(state.change, action));
  },
});

export const { languageApplied } = languageSlice.actions;

export const selectLanguage = (state: RootState) => state.language.current;
export const selectLanguageChanging = (state: RootState) =>
  state.language.change.status === 'loading';
