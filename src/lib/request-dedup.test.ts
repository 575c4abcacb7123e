import { http, HttpResponse } from 'msw';
import { apiClient, setAuthTokenSource } from '@/lib/api-client';
import { clearRequestCache, dedupWindowMs } from '@/lib/request-dedup';
import { server } from '../../tests/msw-server';

const url = (path: string) => new URL(path, window.location.origin);

describe('dedupWindowMs (which requests are shared, and for how long)', () => {
  it.each([
    ['GET', '/api/users/keycloak/kc-1', 10_000],
    ['GET', '/api/kyc', 10_000],
    ['GET', '/api/kyc/12/comments', 10_000],
    ['GET', '/api/auth/session/info', 10_000],
    ['GET', '/api/kyc/12/status', 2_000],
    ['GET', '/api/kyc/12/payment/status', 2_000],
    ['GET', '/api/kyc/12/steps?t=1', 2_000],
    ['GET', '/api/kyc/12/steps/coc', 2_000],
    ['GET', '/api/kyc/uuid/3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b', 2_000],
    ['GET', '/api/partners/7', 1_000],
    ['GET', '/api/users/uuid/abc/trade-partners', 1_000],
    ['GET', '/api/addresses/5', 1_000],
    ['GET', '/api/bank-accounts', 1_000],
    ['GET', '/api/vies-check?vat=NL123', 1_000],
    ['POST', '/api/orders/search', 10_000],
    ['POST', '/api/companies/search', 10_000],
    ['POST', '/api/documents/getByIds', 10_000],
    ['POST', '/api/kyc/fetch-latest', 10_000],
    ['POST', '/api/reports/load', 10_000],
    ['POST', '/api/transport/quote', 10_000],
    ['POST', '/api/shipments/overview', 10_000],
    ['POST', '/api/orders/7/shipments/search', 10_000],
    ['POST', '/api/partners/search', 1_000],
  ])('%s %s: %i ms', (method, path, expected) => {
    expect(dedupWindowMs(method, url(path))).toBe(expected);
  });

  it.each([
    ['POST', '/api/auth/keycloak/ensure-user'],
    ['POST', '/api/kyc/uuid/abc/export-pdf/start'],
    ['POST', '/api/kyc/12/steps/coc'],
    ['POST', '/api/budget'],
    // A POST that creates an order, a shipment or a transport is no read (issue 18).
    ['POST', '/api/orders'],
    ['POST', '/api/orders/'],
    ['POST', '/api/shipments'],
    ['POST', '/api/transports'],
    ['POST', '/api/transport'],
    ['POST', '/api/partners/7/orders'],
    ['POST', '/api/orders/7/shipments'],
    ['POST', '/api/orders/create'],
    ['POST', '/api/shipments/new'],
    ['POST', '/api/transports/7/cancel'],
    ['POST', '/api/orders/updateStatus'],
    ['PATCH', '/api/users/7'],
    ['PUT', '/api/orders/7'],
    ['DELETE', '/api/orders/7'],
    ['GET', '/api/kyc/export-jobs/job-1/status'],
    ['GET', '/api/kyc/export-jobs/job-1/download'],
    ['POST', '/api/auth/logout'],
    ['POST', '/api/auth/refresh'],
    ['GET', '/api/auth/callback?code=x'],
    ['POST', '/api/auth/keycloak/logout'],
    ['GET', '/assets/i18n/en.json'],
    ['GET', '/apiary/orders'],
    ['GET', 'https://elsewhere.example/api/orders'],
  ])('%s %s: not shared', (method, path) => {
    expect(dedupWindowMs(method, url(path))).toBeNull();
  });
});

/** Answers `path` with a running number, counting the calls. */
function counting(path: string, method: 'get' | 'post' = 'get') {
  const calls = { count: 0 };
  server.use(
    http[method](path, () => {
      calls.count += 1;
      return HttpResponse.json({ call: calls.count });
    }),
  );
  return calls;
}

describe('request de-duplication', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets identical concurrent requests share one call', async () => {
    const calls = counting('/api/things');

    const [a, b, c] = await Promise.all([
      apiClient.get('/api/things'),
      apiClient.get('/api/things'),
      apiClient.get('/api/things', { params: { page: 2 } }),
    ]);

    expect(calls.count).toBe(2);
    expect(a.data).toEqual({ call: 1 });
    expect(b.data).toEqual(a.data);
    expect(b.data).not.toBe(a.data); // each caller gets its own copy
    expect(c.data).toEqual({ call: 2 });
  });

  it('tells POST bodies apart', async () => {
    const calls = counting('/api/orders/search', 'post');

    await Promise.all([
      apiClient.post('/api/orders/search', { q: 'a' }),
      apiClient.post('/api/orders/search', { q: 'a' }),
      apiClient.post('/api/orders/search', { q: 'b' }),
    ]);

    expect(calls.count).toBe(2);
  });

  it.each([
    ['/api/things', 10_000],
    ['/api/kyc/12/status', 2_000],
    ['/api/partners/7', 1_000],
  ])('reuses the answer to %s for %i ms', async (path, windowMs) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = counting(path);

    await apiClient.get(path);
    vi.setSystemTime(Date.now() + windowMs - 1);
    expect((await apiClient.get(path)).data).toEqual({ call: 1 });

    vi.setSystemTime(Date.now() + 1);
    expect((await apiClient.get(path)).data).toEqual({ call: 2 });
    expect(calls.count).toBe(2);
  });

  it('tells languages apart: the server may answer in the one asked for', async () => {
    const calls = counting('/api/things');

    await apiClient.get('/api/things', { headers: { 'Accept-Language': 'en' } });
    await apiClient.get('/api/things', { headers: { 'Accept-Language': 'en' } });
    await apiClient.get('/api/things', { headers: { 'Accept-Language': 'nl' } });

    expect(calls.count).toBe(2);
  });

  it('asks again after clearRequestCache (navigation, sign-out)', async () => {
    const calls = counting('/api/things');

    await apiClient.get('/api/things');
    clearRequestCache();
    await apiClient.get('/api/things');

    expect(calls.count).toBe(2);
  });

  it('asks again once a change has been made', async () => {
    const calls = counting('/api/users/7');
    server.use(http.patch('/api/users/7', () => HttpResponse.json({})));

    await apiClient.get('/api/users/7');
    await apiClient.patch('/api/users/7', { firstName: 'Mark' });
    await apiClient.get('/api/users/7');

    expect(calls.count).toBe(2);
  });

  it('forgets, after a change, only the answers about the entity types it touches', async () => {
    const user = counting('/api/users/7');
    const partner = counting('/api/partners/3');
    const trade = counting('/api/users/uuid/u-7/trade-partners');
    const types = counting('/api/documents/types');
    server.use(http.patch('/api/partners/3', () => HttpResponse.json({})));
    const readAll = () =>
      Promise.all([
        apiClient.get('/api/users/7'),
        apiClient.get('/api/partners/3'),
        apiClient.get('/api/users/uuid/u-7/trade-partners'),
        apiClient.get('/api/documents/types'),
      ]);

    await readAll();
    await apiClient.patch('/api/partners/3', { name: 'Van Dijk' });
    await readAll();

    // The partner and the user's list of partners are asked again; the rest is reused.
    expect([user.count, partner.count, trade.count, types.count]).toEqual([1, 2, 2, 1]);
  });

  it('forgets everything after a change to an endpoint of no known entity type', async () => {
    const user = counting('/api/users/7');
    server.use(http.post('/api/invitations/abc/accept', () => HttpResponse.json({})));

    await apiClient.get('/api/users/7');
    await apiClient.post('/api/invitations/abc/accept');
    await apiClient.get('/api/users/7');

    expect(user.count).toBe(2);
  });

  it('never shares POSTs that create orders or shipments', async () => {
    const orders = counting('/api/orders', 'post');
    const shipments = counting('/api/shipments', 'post');

    await Promise.all([
      apiClient.post('/api/orders', { ref: 'A' }),
      apiClient.post('/api/orders', { ref: 'A' }),
      apiClient.post('/api/shipments', { ref: 'B' }),
      apiClient.post('/api/shipments', { ref: 'B' }),
    ]);

    expect([orders.count, shipments.count]).toEqual([2, 2]);
  });

  it('never reuses a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    server.use(
      http.get('/api/things', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'down' }, { status: 503 })
          : HttpResponse.json({ ok: true });
      }),
    );

    await expect(apiClient.get('/api/things')).rejects.toMatchObject({
      response: { status: 503 },
    });
    expect((await apiClient.get('/api/things')).data).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('always asks for excluded paths, POSTs that change data, and `dedup: false`', async () => {
    const jobs = counting('/api/kyc/export-jobs/job-1/status');
    const ensure = counting('/api/auth/keycloak/ensure-user', 'post');
    const info = counting('/api/auth/session/info');

    await Promise.all([
      apiClient.get('/api/kyc/export-jobs/job-1/status'),
      apiClient.get('/api/kyc/export-jobs/job-1/status'),
      apiClient.post('/api/auth/keycloak/ensure-user'),
      apiClient.post('/api/auth/keycloak/ensure-user'),
      apiClient.get('/api/auth/session/info', { dedup: false }),
      apiClient.get('/api/auth/session/info', { dedup: false }),
    ]);

    expect([jobs.count, ensure.count, info.count]).toEqual([2, 2, 2]);
  });

  it('gives each caller of a shared call its own 401 retry with a fresh token', async () => {
    let generation = 1;
    setAuthTokenSource({
      get token() {
        return `token-${generation}`;
      },
      updateToken: async (minValidity) => {
        if (minValidity === -1) generation += 1;
        return minValidity === -1;
      },
      redirectToLogin: vi.fn(),
    });
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/things', ({ request }) => {
        const authorization = request.headers.get('Authorization');
        seen.push(authorization);
        return authorization === 'Bearer token-2'
          ? HttpResponse.json({ ok: true })
          : new HttpResponse(null, { status: 401 });
      }),
    );

    const answers = await Promise.all([apiClient.get('/api/things'), apiClient.get('/api/things')]);

    expect(answers.map(({ data }) => data)).toEqual([{ ok: true }, { ok: true }]);
    expect(seen).toEqual(['Bearer token-1', 'Bearer token-2']);
  });
});
