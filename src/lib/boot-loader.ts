import type { Language } from '@common/languages';
import { storedLanguage } from '@/lib/language-storage';

/**
 * `app.loading` of each language (public/assets/i18n, checked by the test next to this file):
 * index.html's loader speaks the user's language before i18next and its texts have loaded.
 */
export const LOADING_TEXTS: Record<Language, string> = {
  en: 'Loading…',
  nl: 'Laden…',
  de: 'Wird geladen…',
  it: 'Caricamento…',
  es: 'Cargando…',
  fr: 'Chargement…',
};

/** Puts the stored language on index.html's loader (and on the page, for screen readers). */
export function translateBootLoader(page: Document = document): void {
  const language = storedLanguage();
  page.documentElement.lang = language;
  const text = page.getElementById('boot-loader-text');
  if (text) text.textContent = LOADING_TEXTS[language];
}
