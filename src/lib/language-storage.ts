import { LANGUAGES, type Language } from '@common/languages';

export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'nt24_language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored language when it is a supported one, else English. */
export function storedLanguage(storage: Pick<Storage, 'getItem'> = window.localStorage): Language {
  try {
    const value = storage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (privacy settings); the default will do.
    return DEFAULT_LANGUAGE;
  }
}

/** Whether the visitor has chosen a language on this device (a supported one is stored). */
export function hasStoredLanguage(
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): boolean {
  try {
    return isLanguage(storage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return false;
  }
}

export function saveLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> = window.localStorage,
): void {
  try {
    storage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Unavailable storage: the choice lasts until the page is left.
  }
}

/** Forgets the stored language: the next start uses English. */
export function clearStoredLanguage(
  storage: Pick<Storage, 'removeItem'> = window.localStorage,
): void {
  try {
    storage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Nothing stored that could be read either.
  }
}
