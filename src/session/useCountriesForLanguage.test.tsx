import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { act } from 'react';
import { sessionStarted } from '@/session/authSlice';
import { useCountriesForLanguage } from '@/session/useCountriesForLanguage';
import { languageApplied } from '@/preferences/languageSlice';
import { countriesResponse } from '../../tests/msw-handlers';
import { server } from '../../tests/msw-server';
import { makeStore, markToken, renderWithProviders } from '../../tests/render-with-providers';

function Follower() {
  useCountriesForLanguage();
  return null;
}

describe('useCountriesForLanguage', () => {
  it('loads the countries once signed in, and again when the language changes', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/utils/countries', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('lang'));
        return HttpResponse.json(countriesResponse);
      }),
    );
    const store = makeStore();
    renderWithProviders(<Follower />, { store });
    expect(asked).toEqual([]);

    act(() => {
      store.dispatch(sessionStarted(markToken));
    });
    await waitFor(() => expect(store.getState().country.status).toBe('succeeded'));

    act(() => {
      store.dispatch(languageApplied('nl'));
    });
    await waitFor(() => expect(store.getState().country.language).toBe('nl'));
    expect(asked).toEqual(['en', 'nl']);
  });
});
