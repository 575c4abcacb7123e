import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp, type App } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { audited } from '#server/testing/log-audit.js';
import { openDatabase } from '#server/db/client.js';

// Test support for the identity provider's tests: a browser-like client over app.inject.

export const ORIGIN = 'http://localhost:8080';
export const ISSUER = `${ORIGIN}/realms/nt24`;
export const OIDC = '/realms/nt24/protocol/openid-connect';
export const REDIRECT_URI = `${ORIGIN}/dashboard`;

/** Cookies as a browser keeps them: by name, sent to paths below the cookie's path. */
class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(response: LightMyRequestResponse) {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const cookiePath =
        attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some(
        (a) => a.toLowerCase() === 'expires=thu, 01 jan 1970 00:00:00 gmt',
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, path: cookiePath });
    }
  }

  header(url: string): string {
    const pathname = new URL(url, ORIGIN).pathname;
    return [...this.cookies]
      .filter(
        ([, c]) =>
          pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
}

/** A browser-like client: same host as the public URL, with cookies, from `remoteAddress`. */
export function browser(app: () => App, remoteAddress = '127.0.0.1') {
  const jar = new CookieJar();
  return async (
    method: 'GET' | 'POST',
    url: string,
    options: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) => {
    const target = new URL(url, ORIGIN);
    const request: InjectOptions = {
      method,
      url: target.pathname + target.search,
      remoteAddress,
      headers: { host: 'localhost:8080', cookie: jar.header(url), ...options.headers },
    };
    if (options.form) {
      request.payload = new URLSearchParams(options.form).toString();
      request.headers = {
        ...request.headers,
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      };
    }
    const response = await app().inject(request);
    jar.store(response);
    return response;
  };
}

export function pkce() {
  const verifier = randomBytes(72).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(params: Record<string, string>) {
  const query = new URLSearchParams({
    client_id: 'nt24-web',
    redirect_uri: REDIRECT_URI,
    state: randomBytes(8).toString('hex'),
    response_mode: 'fragment',
    response_type: 'code',
    scope: 'openid',
    nonce: randomBytes(8).toString('hex'),
    ...params,
  });
  return `${OIDC}/auth?${query}`;
}

export const fragment = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

export type Browser = ReturnType<typeof browser>;

/**
 * The whole app on a fresh data directory (embedded PGlite); `restart` reopens the same one;
 * `env` adds to its configuration. The
 * database is opened and migrated before the app is built: under a loaded test run, starting
 * PGlite can take longer than Fastify allows a plugin to start.
 */
export async function idpTestApp(env: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-idp-'));
  // While the run's log is audited (testing/log-audit.ts), the app logs into it.
  const audit = audited();
  const start = async () => {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: audit?.level ?? 'silent',
        DATA_DIR: dataDir,
        STATIC_DIR: '',
        PUBLIC_URL: ORIGIN,
        // Tests sign in far faster than people do; the throttling's own tests set lower limits.
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000000',
        RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000',
        ...env,
      }),
      { database, ...audit?.build },
    );
    return { app, database };
  };
  let current = await start();
  const harness = {
    app: current.app,
    async restart() {
      await harness.close({ keepData: true });
      current = await start();
      harness.app = current.app;
    },
    async close(options: { keepData?: boolean } = {}) {
      await current.app.close();
      await current.database.close();
      if (!options.keepData) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Signs in through the login page as keycloak-js would send the browser; returns the tokens. */
export async function signIn(request: Browser, username: string, password = 'nt24demo') {
  const { verifier, challenge } = pkce();
  const nonce = randomBytes(8).toString('hex');
  const state = randomBytes(8).toString('hex');
  const auth = await request(
    'GET',
    authorizeUrl({ nonce, state, code_challenge: challenge, code_challenge_method: 'S256' }),
  );
  expect(auth.statusCode).toBe(303);
  const loginUrl = auth.headers.location as string;
  expect(loginUrl).toMatch(/^\/realms\/nt24\/login\/[\w-]+$/);

  const page = await request('GET', loginUrl);
  expect(page.statusCode).toBe(200);

  const login = await request('POST', loginUrl, { form: { username, password } });
  expect(login.statusCode).toBe(303);
  const resume = await request('GET', login.headers.location as string);
  expect(resume.statusCode).toBe(303);
  const callback = resume.headers.location as string;
  expect(callback.startsWith(`${REDIRECT_URI}#`)).toBe(true);
  const params = fragment(callback);
  expect(params.get('state')).toBe(state);
  const code = params.get('code')!;

  const token = await request('POST', `${OIDC}/token`, {
    form: {
      code,
      grant_type: 'authorization_code',
      client_id: 'nt24-web',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    },
  });
  expect(token.statusCode).toBe(200);
  return { code, verifier, nonce, tokens: token.json() as Record<string, string | number> };
}
