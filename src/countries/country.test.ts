import { http, HttpResponse } from 'msw';
import { signedOut } from '@/store/authActions';
import { COUNTRIES_RESPONSE_ERRORS, parseCountries } from '@/countries/countryApi';
import { loadCountries, selectCountries, selectCountryName } from '@/countries/countrySlice';
import { countriesResponse, errorBody } from '../../tests/msw-handlers';
import { server } from '../../tests/msw-server';
import { makeStore } from '../../tests/render-with-providers';

describe('parseCountries (SPEC section 5)', () => {
  it.each([
    [{ code: 'NL' }, 'API response is not an array'],
    ['NL', 'API response is not an array'],
    [null, 'API response is not an array'],
    [[], 'API response is an empty array'],
    [['NL'], 'API response item is not an object'],
    [[null], 'API response item is not an object'],
    [[{ id: 'NL', label: 'Netherlands' }], 'API response does not have the expected format'],
    [[{ code: 'NL' }], 'API response does not have the expected format'],
  ])('refuses %j with %s', (data, message) => {
    expect(() => parseCountries(data)).toThrow(new Error(message));
  });

  it('exports the four texts', () => {
    expect(Object.values(COUNTRIES_RESPONSE_ERRORS)).toEqual([
      'API response is not an array',
      'API response is an empty array',
      'API response item is not an object',
      'API response does not have the expected format',
    ]);
  });

  it('drops items lacking a code or a name and sorts by name in the language', () => {
    const list = parseCountries(
      [
        { code: 'se', name: 'Suède' },
        { code: 'DE', name: 'Allemagne' },
        { code: '', name: 'Nowhere' },
        { code: 'XX' },
        'junk',
        { code: 'EG', name: 'Égypte' },
      ],
      'fr',
    );
    expect(list).toEqual([
      { code: 'DE', name: 'Allemagne' },
      { code: 'EG', name: 'Égypte' },
      { code: 'SE', name: 'Suède' },
    ]);
  });
});

describe('country slice', () => {
  it('loads the list in the requested language, once', async () => {
    const languages: (string | null)[] = [];
    server.use(
      http.get('/api/utils/countries', ({ request }) => {
        languages.push(new URL(request.url).searchParams.get('lang'));
        return HttpResponse.json(countriesResponse);
      }),
    );
    const store = makeStore();

    await store.dispatch(loadCountries('en'));
    await store.dispatch(loadCountries('en'));

    expect(languages).toEqual(['en']);
    expect(selectCountries(store.getState())).toEqual([
      { code: 'BE', name: 'Belgium' },
      { code: 'DE', name: 'Germany' },
      { code: 'NL', name: 'Netherlands' },
    ]);
    expect(store.getState().country).toMatchObject({ language: 'en', status: 'succeeded' });

    await store.dispatch(loadCountries('nl'));
    expect(languages).toEqual(['en', 'nl']);
    expect(store.getState().country.language).toBe('nl');
  });

  it("names a country by its code; 'Unknown' for a missing or unknown one", async () => {
    const store = makeStore();
    await store.dispatch(loadCountries('en'));
    const state = store.getState();
    expect(selectCountryName(state, 'DE')).toBe('Germany');
    expect(selectCountryName(state, 'de')).toBe('Germany');
    expect(selectCountryName(state, 'ZZ')).toBe('Unknown');
    expect(selectCountryName(state, null)).toBe('Unknown');
    expect(selectCountryName(state, '')).toBe('Unknown');
  });

  it('logs a failure only: the list held stays and loading stops', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = makeStore();
    await store.dispatch(loadCountries('en'));

    server.use(http.get('/api/utils/countries', () => HttpResponse.json([])));
    await store.dispatch(loadCountries('de'));

    expect(store.getState().country).toMatchObject({
      status: 'failed',
      language: 'en',
      error: { message: 'API response is an empty array' },
    });
    expect(selectCountries(store.getState())).toHaveLength(3);
    expect(logged).toHaveBeenCalledWith('Countries could not be loaded:', expect.any(Error));
    expect(store.getState().notifications.items).toEqual([]);
  });

  it('stores a server failure as the error and forgets everything at sign-out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/utils/countries', () =>
        HttpResponse.json(errorBody(500, 'Internal Server Error', 'Broken'), { status: 500 }),
      ),
    );
    const store = makeStore();
    await store.dispatch(loadCountries('en'));
    expect(store.getState().country).toMatchObject({
      status: 'failed',
      error: { status: 500, message: 'Broken' },
    });

    store.dispatch(signedOut());
    expect(store.getState().country).toMatchObject({ list: [], status: 'idle', language: null });
  });
});
