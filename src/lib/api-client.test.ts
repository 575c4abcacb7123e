import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import {
  apiClient,
  setAuthTokenSource,
  setHttpNotifier,
  type AuthTokenSource,
  type HttpNotice,
} from '@/lib/api-client';
import { server } from '../../tests/msw-server';

/** A token source whose forced refresh (updateToken(-1)) hands out the next token. */
function fakeTokenSource({ refreshFails = false } = {}) {
  let generation = 1;
  return {
    get token() {
      return `token-${generation}`;
    },
    updateToken: vi.fn(async (minValidity: number) => {
      if (minValidity !== -1) return false;
      if (refreshFails) throw new Error('refresh token expired');
      generation += 1;
      return true;
    }),
    redirectToLogin: vi.fn<(returnTo: string, refreshError: unknown) => void>(),
  } satisfies AuthTokenSource;
}

/** Records what the client reports to the user. */
function recordNotices() {
  const notices: HttpNotice[] = [];
  setHttpNotifier((notice) => notices.push(notice));
  return notices;
}

/** Answers with the Authorization header it received, and counts the calls. */
function echoAuthorization(url: string) {
  const seen: (string | null)[] = [];
  server.use(
    http.get(url, ({ request }) => {
      seen.push(request.headers.get('Authorization'));
      return HttpResponse.json({ ok: true });
    }),
  );
  return seen;
}

describe('apiClient bearer token', () => {
  it('adds a fresh-enough bearer token to /api/ requests', async () => {
    const source = fakeTokenSource();
    setAuthTokenSource(source);
    const seen = echoAuthorization('/api/things');

    await apiClient.get('/api/things');

    expect(seen).toEqual(['Bearer token-1']);
    expect(source.updateToken).toHaveBeenCalledWith(70);
  });

  it('sends no token outside /api/ or to another origin', async () => {
    setAuthTokenSource(fakeTokenSource());
    const assets = echoAuthorization('/assets/i18n/en.json');
    const elsewhere = echoAuthorization('https://elsewhere.example/api/things');
    const lookalike = echoAuthorization('/apiary/things');

    await apiClient.get('/assets/i18n/en.json');
    await apiClient.get('https://elsewhere.example/api/things');
    await apiClient.get('/apiary/things');

    expect([...assets, ...elsewhere, ...lookalike]).toEqual([null, null, null]);
  });

  it('sends the request without a token when the session cannot be renewed', async () => {
    setAuthTokenSource({
      token: undefined,
      updateToken: () =>
        Promise.reject(new Error('Unable to update token, no refresh token available.')),
      redirectToLogin: vi.fn(),
    });
    const seen = echoAuthorization('/api/things');

    await apiClient.get('/api/things');

    expect(seen).toEqual([null]);
  });
});

describe('apiClient on 401', () => {
  it('refreshes the token once and retries the request with it', async () => {
    const source = fakeTokenSource();
    setAuthTokenSource(source);
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/things', ({ request }) => {
        const authorization = request.headers.get('Authorization');
        seen.push(authorization);
        return authorization === 'Bearer token-2'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json(
              { statusCode: 401, error: 'Unauthorized', message: 'Token expired' },
              { status: 401 },
            );
      }),
    );

    const response = await apiClient.get('/api/things');

    expect(response.data).toEqual({ ok: true });
    expect(seen).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(source.updateToken.mock.calls.filter(([min]) => min === -1)).toHaveLength(1);
    expect(source.redirectToLogin).not.toHaveBeenCalled();
  });

  it('gives up after the second 401', async () => {
    const source = fakeTokenSource();
    setAuthTokenSource(source);
    let calls = 0;
    server.use(
      http.get('/api/things', () => {
        calls += 1;
        return HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'Nope' },
          { status: 401 },
        );
      }),
    );

    await expect(apiClient.get('/api/things')).rejects.toMatchObject({ response: { status: 401 } });

    expect(calls).toBe(2);
    expect(source.updateToken.mock.calls.filter(([min]) => min === -1)).toHaveLength(1);
    expect(source.redirectToLogin).not.toHaveBeenCalled();
  });

  it('sends the user to sign-in, back to the current address, when the refresh fails', async () => {
    window.history.replaceState(null, '', '/dashboard?tab=1');
    const source = fakeTokenSource({ refreshFails: true });
    setAuthTokenSource(source);
    // redirectToLogin raises the one notice itself.
    const notices = recordNotices();
    let calls = 0;
    server.use(
      http.get('/api/things', () => {
        calls += 1;
        return new HttpResponse(null, { status: 401 });
      }),
    );

    await expect(apiClient.get('/api/things')).rejects.toMatchObject({ response: { status: 401 } });

    expect(calls).toBe(1);
    // With why the refresh failed: the notice depends on it (SPEC section 8).
    expect(source.redirectToLogin).toHaveBeenCalledWith(
      `${window.location.origin}/dashboard?tab=1`,
      new Error('refresh token expired'),
    );
    expect(notices).toEqual([]);
  });

  it('passes 401 through on the self-service pages', async () => {
    window.history.replaceState(null, '', '/kyc/selfservice/abc123');
    const source = fakeTokenSource();
    setAuthTokenSource(source);
    server.use(http.get('/api/things', () => new HttpResponse(null, { status: 401 })));

    await expect(apiClient.get('/api/things')).rejects.toMatchObject({ response: { status: 401 } });

    expect(source.updateToken).not.toHaveBeenCalledWith(-1);
    expect(source.redirectToLogin).not.toHaveBeenCalled();
  });
});

describe('apiClient HTTP handling', () => {
  const answer = (status: number) =>
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json({ statusCode: status, error: 'Error', message: 'No' }, { status }),
      ),
    );

  it('reports a call that got no answer as a network error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notices = recordNotices();
    server.use(http.get('/api/things', () => HttpResponse.error()));

    await expect(apiClient.get('/api/things')).rejects.toMatchObject({ code: 'ERR_NETWORK' });

    expect(notices).toEqual(['network_error']);
    expect(logged).toHaveBeenCalled();
  });

  it('reports a refusal (403) as Access Denied', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const notices = recordNotices();
    answer(403);

    await expect(apiClient.get('/api/things')).rejects.toMatchObject({ response: { status: 403 } });

    expect(notices).toEqual(['insufficient_permissions']);
  });

  it.each([404, 409, 500])('only logs %i', async (status) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const notices = recordNotices();
    answer(status);

    await expect(apiClient.get('/api/things')).rejects.toMatchObject({ response: { status } });

    expect(notices).toEqual([]);
    expect(warn.mock.calls.length + error.mock.calls.length).toBe(1);
  });

  it('stays quiet for a caller that reports failures itself', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const notices = recordNotices();
    answer(403);

    await expect(apiClient.get('/api/things', { skipErrorNotice: true })).rejects.toMatchObject({
      response: { status: 403 },
    });

    expect(notices).toEqual([]);
  });

  it('stays quiet for a cancelled call', async () => {
    const notices = recordNotices();
    server.use(http.get('/api/things', () => HttpResponse.json({ ok: true })));
    const controller = new AbortController();
    controller.abort();

    await expect(apiClient.get('/api/things', { signal: controller.signal })).rejects.toThrow();

    expect(notices).toEqual([]);
  });

  it.each([206, 300])('hands %i to the caller', async (status) => {
    const notices = recordNotices();
    server.use(http.get('/api/things', () => HttpResponse.json({ matches: [] }, { status })));

    const response = await apiClient.get('/api/things');

    expect(response.status).toBe(status);
    expect(response.data).toEqual({ matches: [] });
    expect(notices).toEqual([]);
  });
});

describe('apiClient language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
    i18n.removeResourceBundle('nl', 'translation');
  });

  it('asks for answers in the language the app shows (Accept-Language)', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/things', ({ request }) => {
        seen.push(request.headers.get('Accept-Language'));
        return HttpResponse.json({ ok: true });
      }),
    );

    await apiClient.get('/api/things', { dedup: false });
    i18n.addResourceBundle('nl', 'translation', { ui: { close: 'Sluiten' } });
    await i18n.changeLanguage('nl');
    await apiClient.get('/api/things', { dedup: false });

    expect(seen).toEqual(['en', 'nl']);
  });
});
