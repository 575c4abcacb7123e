import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import de from '../../public/assets/i18n/de.json';
import en from '../../public/assets/i18n/en.json';
import nl from '../../public/assets/i18n/nl.json';
import { changeLanguage, languageApplied } from '@/preferences/languageSlice';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { server } from '../../tests/msw-server';
import { makeStore } from '../../tests/render-with-providers';

const served: Record<string, object> = { 'en.json': en, 'nl.json': nl, 'de.json': de };

/** Serves the translation files, failing for `failing` ones; counts the loads. */
function serveTranslations(...failing: string[]) {
  const loads: string[] = [];
  server.use(
    http.get('/assets/i18n/:file', ({ params }) => {
      const file = String(params.file);
      loads.push(file);
      const body = served[file];
      return body && !failing.includes(file)
        ? HttpResponse.json(body)
        : new HttpResponse(null, { status: 404 });
    }),
  );
  return loads;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
  for (const language of ['nl', 'de']) i18n.removeResourceBundle(language, 'translation');
  window.localStorage.clear();
});

describe('language', () => {
  it('starts in English, translations not yet ready', () => {
    expect(makeStore().getState().language).toEqual({
      current: 'en',
      change: { status: 'idle', requested: null, error: null },
      translationsReady: false,
    });
  });

  it('records the language start-up loaded', () => {
    const store = makeStore();
    store.dispatch(languageApplied('nl'));
    expect(store.getState().language).toMatchObject({ current: 'nl', translationsReady: true });
  });

  it('loads, saves, dispatches and announces a new language', async () => {
    serveTranslations();
    const announced = vi.fn();
    i18n.on('languageChanged', announced);
    const store = makeStore();

    const pending = store.dispatch(changeLanguage('nl'));
    expect(store.getState().language.change).toEqual({
      status: 'loading',
      requested: 'nl',
      error: null,
    });
    await pending;
    i18n.off('languageChanged', announced);

    expect(store.getState().language).toMatchObject({
      current: 'nl',
      change: { status: 'succeeded' },
      translationsReady: true,
    });
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('nl');
    expect(announced).toHaveBeenCalledWith('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(i18n.t('language.label')).toBe('Taal');
  });

  it('ignores unsupported codes, the current language, and changes during a change', async () => {
    const loads = serveTranslations();
    const store = makeStore();

    await store.dispatch(changeLanguage('pt'));
    await store.dispatch(changeLanguage('en'));
    expect(store.getState().language.change.status).toBe('idle');

    const first = store.dispatch(changeLanguage('nl'));
    await store.dispatch(changeLanguage('de'));
    await first;

    expect(store.getState().language.current).toBe('nl');
    expect(loads).toEqual(['nl.json']);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('nl');
  });

  it('falls back to English when a language fails to load, and only logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveTranslations('de.json');
    const store = makeStore();
    await store.dispatch(changeLanguage('nl'));

    await store.dispatch(changeLanguage('de'));

    expect(store.getState().language).toMatchObject({
      current: 'en',
      change: { status: 'failed', error: { message: "Translations for 'de': HTTP 404" } },
    });
    expect(i18n.language).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('nl');
    expect(logged).toHaveBeenCalled();
    expect(store.getState().notifications.items).toEqual([]);
  });
});
