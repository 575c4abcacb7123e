import i18n, { type BackendModule, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../../public/assets/i18n/en.json';

export const LANGUAGES = ['en', 'nl', 'de', 'it', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'nt24_language';

// English is the reference: `t` only accepts keys that exist in en.json.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

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

/** One language's texts, as served from public/assets/i18n. */
export async function fetchTranslations(language: string): Promise<ResourceKey> {
  const response = await fetch(`/assets/i18n/${language}.json`);
  if (!response.ok) throw new Error(`Translations for '${language}': HTTP ${response.status}`);
  return (await response.json()) as ResourceKey;
}

/** i18next backend over fetchTranslations; a language that fails to load falls back to English. */
const fetchBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    fetchTranslations(language).then(
      (translations) => callback(null, translations),
      // Only a network failure (fetch's TypeError) may mend by asking again.
      (error: unknown) =>
        callback(error instanceof Error ? error : String(error), error instanceof TypeError),
    );
  },
};

const baseOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  load: 'currentOnly',
  ns: ['translation'],
  defaultNS: 'translation',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // Start-up waits for the translations before the first render, so nothing needs to suspend.
  react: { useSuspense: false },
} satisfies InitOptions;

function followLanguage(language: string) {
  document.documentElement.lang = language;
}

/** Start-up: the stored language, loaded over HTTP. Load failures are logged by i18next. */
export async function initI18n(language: Language = storedLanguage()) {
  i18n.on('languageChanged', followLanguage);
  await i18n
    .use(fetchBackend)
    .use(initReactI18next)
    .init({ ...baseOptions, lng: language });
  return i18n;
}

/** Unit tests: English from the bundled JSON, ready synchronously, no network. */
export function initI18nWithResources(translation: typeof en) {
  void i18n.use(initReactI18next).init({
    ...baseOptions,
    lng: DEFAULT_LANGUAGE,
    resources: { en: { translation } },
    initAsync: false,
  });
  return i18n;
}

export type { ParseKeys as TranslationKey } from 'i18next';
