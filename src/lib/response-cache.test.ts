import {
  CACHE_CLEANUP_INTERVAL_MS,
  CACHE_LIFETIME_MS,
  createResponseCache,
  entitiesOf,
  insightsCacheKey,
  prefixesChangedBy,
  type CacheKind,
} from '@/lib/response-cache';

/** A loader that answers with a running number, counting its calls. */
function counter() {
  const load = vi.fn(async () => load.mock.calls.length);
  return load;
}

describe('the response cache (SPEC section 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps each kind of data as long as SPEC section 9 says', () => {
    expect(CACHE_LIFETIME_MS).toEqual({
      userData: 300_000,
      tradePartner: 300_000,
      auth: 300_000,
      sessionInfo: 60_000,
      partnerData: 300_000,
      default: 30_000,
    });
    expect(CACHE_CLEANUP_INTERVAL_MS).toBe(60_000);
  });

  it.each(Object.entries(CACHE_LIFETIME_MS) as [CacheKind, number][])(
    'reuses a %s answer for %i ms, then asks again',
    async (kind, lifetime) => {
      const cache = createResponseCache();
      const load = counter();
      const get = () => cache.get('key', kind, '/api/things', load);

      expect(await get()).toBe(1);
      await vi.advanceTimersByTimeAsync(lifetime - 1);
      expect(await get()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await get()).toBe(2);
      expect(load).toHaveBeenCalledTimes(2);
    },
  );

  it('lets identical concurrent requests share one call', async () => {
    const cache = createResponseCache();
    const load = counter();

    const answers = await Promise.all([
      cache.get('key', 'default', '/api/things', load),
      cache.get('key', 'default', '/api/things', load),
    ]);

    expect(answers).toEqual([1, 1]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never keeps a failure', async () => {
    const cache = createResponseCache();
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue('up');

    await expect(cache.get('key', 'default', '/api/things', load)).rejects.toThrow('down');
    expect(await cache.get('key', 'default', '/api/things', load)).toBe('up');
  });

  it('sweeps expired answers every 60 s, and stops sweeping once none is left', async () => {
    const cache = createResponseCache();
    const load = counter();
    await cache.get('short', 'default', '/api/things', load);
    await cache.get('long', 'sessionInfo', '/api/auth/session/info', load);
    expect(vi.getTimerCount()).toBe(1);

    // The sweep at 60 s removes the 30 s answer and the 60 s one; nothing is left to sweep.
    await vi.advanceTimersByTimeAsync(CACHE_CLEANUP_INTERVAL_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps sweeping while a fresh answer is held, and stops when cleared', async () => {
    const cache = createResponseCache();
    await cache.get('user', 'userData', '/api/users/keycloak/kc-1', counter());

    await vi.advanceTimersByTimeAsync(CACHE_CLEANUP_INTERVAL_MS * 2);
    expect(vi.getTimerCount()).toBe(1);

    cache.clear();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('forgets the answers of an entity type by its endpoint prefixes, and no others', async () => {
    const cache = createResponseCache();
    const load = counter();
    const keys = {
      partner: ['/api/partners/uuid/p-1', 'partnerData'],
      partners: ['/api/users/uuid/u-1/trade-partners', 'tradePartner'],
      user: ['/api/users/keycloak/kc-1', 'userData'],
      session: ['/api/auth/session/info', 'sessionInfo'],
    } as const;
    const read = async () => {
      const answers: Record<string, number> = {};
      for (const [name, [path, kind]] of Object.entries(keys)) {
        answers[name] = await cache.get(path, kind, path, load);
      }
      return answers;
    };
    const first = await read();

    cache.invalidateEntity('tradepartner');
    const second = await read();

    expect(second.partner).not.toBe(first.partner);
    expect(second.partners).not.toBe(first.partners);
    expect([second.user, second.session]).toEqual([first.user, first.session]);

    cache.invalidateEntity('session');
    const third = await read();
    expect(third.session).not.toBe(second.session);
    expect(third.user).toBe(second.user);
  });

  it("forgets a file's insights, under SPEC section 9's keys, when the file changes", async () => {
    const cache = createResponseCache();
    const load = counter();
    const uuid = '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';
    const read = () =>
      Promise.all([
        cache.get(insightsCacheKey.full(12), 'default', '/api/kyc/12/insights', load),
        cache.get(
          insightsCacheKey.fullByUuid(uuid),
          'default',
          `/api/kyc/uuid/${uuid}/insights`,
          load,
        ),
        cache.get('/api/users/keycloak/kc-1', 'userData', '/api/users/keycloak/kc-1', load),
      ]);
    expect(insightsCacheKey.full(12)).toBe('insights_full_12');
    expect(insightsCacheKey.fullByUuid(uuid)).toBe(`insights_full_uuid_${uuid}`);
    expect(await read()).toEqual([1, 2, 3]);

    cache.invalidateAfterChange('/api/kyc/12/steps/coc/status');

    expect(await read()).toEqual([4, 5, 3]);
  });

  it('forgets everything after a change of no known entity type', async () => {
    const cache = createResponseCache();
    const load = counter();
    await cache.get('user', 'userData', '/api/users/keycloak/kc-1', load);

    cache.invalidateAfterChange('/api/invitations/abc/accept');

    expect(await cache.get('user', 'userData', '/api/users/keycloak/kc-1', load)).toBe(2);
  });
});

describe('which entity types a change touches', () => {
  it.each([
    ['/api/partners/uuid/p-1/terms', ['tradepartner', 'contact']],
    ['/api/partners/uuid/p-1/contacts', ['tradepartner', 'contact']],
    ['/api/kyc/12/steps/coc/status', ['kyc', 'document']],
    ['/api/documents', ['document']],
    ['/api/users/7', ['user']],
    ['/api/orders', ['order']],
    ['/api/auth/session/info', ['session']],
    ['/api/insights/12', ['kyc', 'insights']],
    ['/api/invitations/abc/accept', []],
  ])('%s: %j', (path, entities) => {
    expect(entitiesOf(path)).toEqual(entities);
  });

  it('relates a partner change to the prefixes of partners and their contacts', () => {
    expect(prefixesChangedBy('/api/partners/7')).toEqual([
      'partners',
      'addresses',
      'bank-accounts',
      'vies-check',
      'contacts',
    ]);
    expect(prefixesChangedBy('/api/utils/countries')).toBeNull();
  });
});
