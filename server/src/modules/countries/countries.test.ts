import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';

describe.each(databaseTargets())('GET /api/utils/countries (%s)', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(() => server.close());

  const countries = async (query = '') => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/utils/countries${query}`,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('names every country in Dutch, sorted by Dutch collation', async () => {
    const { status, body } = await countries('?lang=nl');
    expect(status).toBe(200);
    const list = body as { code: string; name: string }[];
    expect(list).toHaveLength(249 + 1); // ISO 3166-1 alpha-2 with Kosovo (XK)
    expect(list).toContainEqual({ code: 'NL', name: 'Nederland' });
    expect(list).toContainEqual({ code: 'DE', name: 'Duitsland' });
    expect(list).toContainEqual({ code: 'BE', name: 'België' });
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('nl').compare));
    // Collation, not code points: Åland sorts with the A's, not after Zwitserland.
    expect(names.indexOf('Åland')).toBeLessThan(names.indexOf('Albanië'));
  });

  it('answers English by default, and every interface language', async () => {
    const english = await countries();
    expect(english.body).toContainEqual({ code: 'NL', name: 'Netherlands' });
    expect(english.body).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(english.body[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
    const expected = { de: 'Deutschland', it: 'Germania', es: 'Alemania', fr: 'Allemagne' };
    for (const [lang, germany] of Object.entries(expected)) {
      const { status, body } = await countries(`?lang=${lang}`);
      expect(status).toBe(200);
      expect(body).toContainEqual({ code: 'DE', name: germany });
    }
  });

  it('refuses an unsupported language, naming the field', async () => {
    const { status, body } = await countries('?lang=pt');
    expect(status).toBe(400);
    expect(body.details).toEqual([{ field: 'querystring.lang', message: expect.any(String) }]);
  });
});
