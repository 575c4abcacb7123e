import { LANGUAGES } from '@common/languages';
import { LOADING_TEXTS, translateBootLoader } from '@/lib/boot-loader';
import { LANGUAGE_STORAGE_KEY } from '@/lib/language-storage';
import deTexts from '../../public/assets/i18n/de.json';
import enTexts from '../../public/assets/i18n/en.json';
import esTexts from '../../public/assets/i18n/es.json';
import frTexts from '../../public/assets/i18n/fr.json';
import itTexts from '../../public/assets/i18n/it.json';
import nlTexts from '../../public/assets/i18n/nl.json';

const texts = {
  en: enTexts,
  nl: nlTexts,
  de: deTexts,
  it: itTexts,
  es: esTexts,
  fr: frTexts,
};

describe('the loader before the app', () => {
  afterEach(() => {
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it.each(LANGUAGES)('says app.loading of %s', (language) => {
    expect(LOADING_TEXTS[language]).toBe(texts[language].app.loading);
  });

  it('speaks the stored language', () => {
    document.body.innerHTML =
      '<div role="status"><span id="boot-loader-text">Loading…</span></div>';
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');

    translateBootLoader();

    expect(document.getElementById('boot-loader-text')).toHaveTextContent('Wird geladen…');
    expect(document.documentElement.lang).toBe('de');
  });
});
