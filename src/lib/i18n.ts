import i18n, { type InitOptions, type ParseKeys, type ResourceKey, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@common/languages';
import type en from '../../public/assets/i18n/en.json';
import { DEFAULT_LANGUAGE, storedLanguage } from '@/lib/language-storage';

// Kept where they were for their users; they live apart so the start-up can read the stored
// language without loading i18next.
export {
  clearStoredLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  saveLanguage,
  storedLanguage,
} from '@/lib/language-storage';

const NAMESPACE = 'translation';

/** Each language's name in itself, as the language menu shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  nl: 'Nederlands',
  de: 'Deutsch',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
};

// English is the reference: `t` only accepts keys that exist in en.json.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** One language's texts, as served from public/assets/i18n. */
export async function fetchTranslations(language: string): Promise<ResourceKey> {
  const response = await fetch(`/assets/i18n/${language}.json`);
  if (!response.ok) throw new Error(`Translations for '${language}': HTTP ${response.status}`);
  return (await response.json()) as ResourceKey;
}

const baseOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  load: 'currentOnly',
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  // Languages are loaded one at a time, by loadLanguage below.
  partialBundledLanguages: true,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // Start-up waits for the translations before the first render, so nothing needs to suspend.
  react: { useSuspense: false },
} satisfies InitOptions;

// Screen readers and the browser (hyphenation, spelling) follow the page's language.
i18n.on('languageChanged', (language: string) => {
  document.documentElement.lang = language;
});

/** Fetches a language's texts unless i18next has them already. */
async function ensureTranslations(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, NAMESPACE)) return;
  i18n.addResourceBundle(language, NAMESPACE, await fetchTranslations(language));
}

/**
 * Switches to `language`, loading its texts first; rejects (and changes nothing) when they
 * cannot be loaded. i18next announces the change (its languageChanged event).
 */
export async function loadLanguage(language: Language): Promise<void> {
  await ensureTranslations(language);
  await i18n.changeLanguage(language);
}

/**
 * Start-up (SPEC section 4, 'Language'): the texts of the requested language, else of English
 * when those fail to load. Rejects when English fails too: the app cannot start without texts.
 */
export async function startupTranslations(
  requested: Language,
): Promise<{ language: Language; translations: ResourceKey }> {
  try {
    return { language: requested, translations: await fetchTranslations(requested) };
  } catch (error) {
    if (requested === DEFAULT_LANGUAGE) throw error;
    console.error(`Translations for '${requested}' could not be loaded; using English:`, error);
    return { language: DEFAULT_LANGUAGE, translations: await fetchTranslations(DEFAULT_LANGUAGE) };
  }
}

/** Start-up: i18next in the stored language (see startupTranslations); resolves with it. */
export async function initI18n(requested: Language = storedLanguage()): Promise<Language> {
  const { language, translations } = await startupTranslations(requested);
  await i18n.use(initReactI18next).init({
    ...baseOptions,
    lng: language,
    resources: { [language]: { [NAMESPACE]: translations } },
  });
  return language;
}

/** `t` for code outside React, where keys may be computed (SPEC section 8, 'Other errors'). */
export function translate(key: string, options?: TOptions): string {
  if (key.trim() === '') throw new Error('Parameter "key" is required and cannot be empty');
  return i18n.t(key as ParseKeys, options ?? {}) as string;
}

/** Whether the current language (or the fallback) has a text for the computed `key`. */
export function hasTranslation(key: string): boolean {
  return key.trim() !== '' && i18n.exists(key);
}

/** Unit tests: English from the bundled JSON, ready synchronously, no network. */
export function initI18nWithResources(translation: typeof en) {
  void i18n.use(initReactI18next).init({
    ...baseOptions,
    lng: DEFAULT_LANGUAGE,
    resources: { en: { [NAMESPACE]: translation } },
    initAsync: false,
  });
  return i18n;
}

export type { ParseKeys as TranslationKey } from 'i18next';
