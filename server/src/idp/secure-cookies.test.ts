import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/harness.js';
import { OIDC, pkce } from './test-support.js';

/** The Set-Cookie headers of the sign-in's first step, asked for over plain http. */
async function signInCookies(server: TestServer, origin: string): Promise<string[]> {
  const query = new URLSearchParams({
    client_id: 'nt24-web',
    redirect_uri: `${origin}/dashboard`,
    state: 'state',
    response_mode: 'fragment',
    response_type: 'code',
    scope: 'openid',
    nonce: 'nonce',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  });
  const response = await server.app.inject({
    method: 'GET',
    url: `${OIDC}/auth?${query}`,
    headers: { host: new URL(origin).host },
  });
  expect(response.statusCode).toBe(303);
  return [response.headers['set-cookie'] ?? []].flat();
}

describe.each([
  ['https://portal.example', true],
  ['http://localhost:8080', false],
])('the identity provider at %s, TLS ended before this process', (origin, secure) => {
  let server: TestServer;

  beforeAll(async () => {
    // No TRUST_PROXY: the process sees plain http whatever the browser used.
    server = await startTestServer('pglite', { PUBLIC_URL: origin });
  });
  afterAll(() => server.close());

  it(secure ? 'sends its cookies Secure' : 'sends its cookies without Secure', async () => {
    const cookies = await signInCookies(server, origin);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(/;\s*secure/i.test(cookie), cookie).toBe(secure);
    }
  });
});
