import { LANGUAGES } from '@common/languages';
import de from '../../public/assets/i18n/de.json';
import en from '../../public/assets/i18n/en.json';
import es from '../../public/assets/i18n/es.json';
import fr from '../../public/assets/i18n/fr.json';
import it_ from '../../public/assets/i18n/it.json';
import nl from '../../public/assets/i18n/nl.json';
import { http, HttpResponse } from 'msw';
import {
  clearStoredLanguage,
  fetchTranslations,
  LANGUAGE_STORAGE_KEY,
  saveLanguage,
  startupTranslations,
  storedLanguage,
  translate,
} from '@/lib/i18n';
import { server } from '../../tests/msw-server';

type Tree = { [key: string]: string | Tree };

/** Every leaf as [dotted key, value]. */
function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const translations: Record<(typeof LANGUAGES)[number], Tree> = { en, nl, de, it: it_, es, fr };
const english = new Map(leaves(en) as [string, string][]);

describe.each(LANGUAGES.filter((language) => language !== 'en'))('%s.json', (language) => {
  const entries = new Map(leaves(translations[language]));

  it('has every key English has, each a non-empty text with the same placeholders', () => {
    for (const [key, englishText] of english) {
      const text = entries.get(key);
      expect(typeof text === 'string' && text.trim() !== '', `${language}: ${key}`).toBe(true);
      expect(placeholders(text as string), `${language}: ${key}`).toEqual(
        placeholders(englishText),
      );
    }
  });

  it('has no keys English lacks', () => {
    expect([...entries.keys()].filter((key) => !english.has(key))).toEqual([]);
  });
});

describe('en.json', () => {
  it('has only non-empty texts', () => {
    for (const [key, text] of english) expect(text.trim(), key).not.toBe('');
  });
});

describe('storedLanguage', () => {
  const storage = (value: string | null) => ({
    getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null),
  });

  it('uses a supported stored language', () => {
    expect(storedLanguage(storage('nl'))).toBe('nl');
    expect(storedLanguage(storage('fr'))).toBe('fr');
  });

  it('falls back to English when nothing or something unsupported is stored', () => {
    expect(storedLanguage(storage(null))).toBe('en');
    expect(storedLanguage(storage('pt'))).toBe('en');
    expect(
      storedLanguage({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('en');
  });
});

describe('fetchTranslations', () => {
  it('loads /assets/i18n/{lang}.json', async () => {
    server.use(http.get('/assets/i18n/nl.json', () => HttpResponse.json(nl)));
    await expect(fetchTranslations('nl')).resolves.toEqual(nl);
  });

  it('fails on an HTTP error', async () => {
    server.use(http.get('/assets/i18n/pt.json', () => new HttpResponse(null, { status: 404 })));
    await expect(fetchTranslations('pt')).rejects.toThrow('HTTP 404');
  });
});

describe('saveLanguage and clearStoredLanguage', () => {
  afterEach(() => window.localStorage.clear());

  it('stores the language under nt24_language, and forgets it', () => {
    saveLanguage('de');
    expect(window.localStorage.getItem('nt24_language')).toBe('de');
    expect(storedLanguage()).toBe('de');

    clearStoredLanguage();
    expect(window.localStorage.getItem('nt24_language')).toBeNull();
    expect(storedLanguage()).toBe('en');
  });
});

describe('startupTranslations', () => {
  const serve = (answers: Record<string, object | null>) =>
    server.use(
      http.get('/assets/i18n/:file', ({ params }) => {
        const body = answers[String(params.file)];
        return body ? HttpResponse.json(body) : new HttpResponse(null, { status: 500 });
      }),
    );

  it('loads the requested language', async () => {
    serve({ 'nl.json': nl });
    await expect(startupTranslations('nl')).resolves.toEqual({ language: 'nl', translations: nl });
  });

  it('falls back to English when another language fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ 'en.json': en, 'fr.json': null });
    await expect(startupTranslations('fr')).resolves.toEqual({ language: 'en', translations: en });
  });

  it('fails when English fails too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ 'fr.json': null, 'en.json': null });
    await expect(startupTranslations('fr')).rejects.toThrow("Translations for 'en': HTTP 500");
    await expect(startupTranslations('en')).rejects.toThrow("Translations for 'en': HTTP 500");
  });
});

describe('translate', () => {
  it('translates a key', () => {
    expect(translate('dashboard.welcome', { name: 'Mark' })).toBe('Welcome, Mark');
  });

  it('refuses an empty key', () => {
    for (const key of ['', '  ']) {
      expect(() => translate(key)).toThrow('Parameter "key" is required and cannot be empty');
    }
  });
});
