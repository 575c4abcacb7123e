import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  browser,
  fragment,
  idpTestApp,
  ISSUER,
  OIDC,
  ORIGIN,
  pkce,
  REDIRECT_URI,
  signIn,
} from './test-support.js';

describe('development identity provider', () => {
  let harness: Awaited<ReturnType<typeof idpTestApp>>;
  const app = () => harness.app;
  let jwks: JSONWebKeySet;

  beforeAll(async () => {
    harness = await idpTestApp();
  });
  afterAll(() => harness?.close());

  it('publishes Keycloak-style discovery and certs', async () => {
    const request = browser(app);
    const discovery = await request('GET', '/realms/nt24/.well-known/openid-configuration');
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/protocol/openid-connect/auth`,
      token_endpoint: `${ISSUER}/protocol/openid-connect/token`,
      jwks_uri: `${ISSUER}/protocol/openid-connect/certs`,
      userinfo_endpoint: `${ISSUER}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${ISSUER}/protocol/openid-connect/logout`,
      check_session_iframe: `${ISSUER}/protocol/openid-connect/login-status-iframe.html`,
      code_challenge_methods_supported: ['S256'],
    });

    const certs = await request('GET', `${OIDC}/certs`);
    expect(certs.statusCode).toBe(200);
    jwks = certs.json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('serves the pages keycloak-js may load in iframes', async () => {
    const request = browser(app);
    for (const page of [
      '3p-cookies/step1.html',
      '3p-cookies/step2.html',
      'login-status-iframe.html',
    ]) {
      const response = await request('GET', `${OIDC}/${page}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
    const init = await request(
      'GET',
      `${OIDC}/login-status-iframe.html/init?client_id=nt24-web&origin=${encodeURIComponent(ORIGIN)}`,
    );
    expect(init.statusCode).toBe(204);
    const check = await request(
      'GET',
      `${OIDC}/login-status-iframe.html/check?client_id=nt24-web&origin=${encodeURIComponent(ORIGIN)}&session_state=`,
    );
    expect(check.body).toBe('unchanged');
  });

  describe('the authorization-code flow with PKCE, as keycloak-js runs it', () => {
    const request = browser(app);
    let tokens: Record<string, string | number>;
    let nonce: string;

    it('shows the login page, refuses a wrong password and keeps the username', async () => {
      const { challenge } = pkce();
      const auth = await request(
        'GET',
        authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }),
      );
      const loginUrl = auth.headers.location as string;
      const page = await request('GET', loginUrl);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('NT24 Trade Partner Portal');
      expect(page.body).toContain('Sign in to your account');
      expect(page.body).toMatch(/<label for="username">Username<\/label>/);
      expect(page.body).toMatch(/<label for="password">Password<\/label>/);
      expect(page.body).toContain('autocomplete="current-password"');
      expect(page.body).toMatch(/<button[^>]*type="submit"[^>]*>Sign in<\/button>/);

      const wrong = await request('POST', loginUrl, {
        form: { username: 'Manager', password: 'wrong' },
      });
      expect(wrong.statusCode).toBe(200);
      // SPEC section 8's invalid_credentials notice: its title and its message.
      expect(wrong.body).toContain(
        '<div class="alert" role="alert"><strong>Invalid Credentials</strong><br>' +
          'The username or password you entered is incorrect.</div>',
      );
      expect(wrong.body).toContain('value="Manager"');

      const unknown = await request('POST', loginUrl, {
        form: { username: '<b>nobody</b>', password: 'nt24demo' },
      });
      expect(unknown.body).toContain('The username or password you entered is incorrect.');
      expect(unknown.body).toContain('value="&lt;b&gt;nobody&lt;/b&gt;"');
      expect(unknown.body).not.toContain('<b>nobody</b>');
    });

    it('signs in (e-mail address, any case) and exchanges the code for tokens', async () => {
      ({ tokens, nonce } = await signIn(request, 'MANAGER@nt24.example'));
      expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
      expect(tokens.scope).toContain('openid');
    });

    it('issues a Keycloak-like JWT access token for the API', async () => {
      const accessToken = tokens.access_token as string;
      expect(decodeProtectedHeader(accessToken)).toMatchObject({
        alg: 'RS256',
        kid: jwks.keys[0]!.kid,
      });
      const { payload } = await jwtVerify(accessToken, createLocalJWKSet(jwks), {
        issuer: ISSUER,
        audience: 'nt24-api',
      });
      expect(payload).toMatchObject({
        iss: ISSUER,
        aud: 'nt24-api',
        azp: 'nt24-web',
        typ: 'Bearer',
        preferred_username: 'manager',
        email: 'manager@nt24.example',
        given_name: 'Mark',
        family_name: 'de Vries',
        realm_access: { roles: ['NT24_MANAGER'] },
      });
      expect(payload.sub).toMatch(/^[0-9a-f-]{36}$/);
      expect(payload.scope).toEqual(expect.stringContaining('profile'));
      expect(payload.exp! - payload.iat!).toBe(300);
    });

    it('issues an ID token with the nonce and a JWT-shaped refresh token', async () => {
      const idToken = decodeJwt(tokens.id_token as string);
      expect(idToken).toMatchObject({
        iss: ISSUER,
        aud: 'nt24-web',
        nonce,
        preferred_username: 'manager',
        email: 'manager@nt24.example',
        given_name: 'Mark',
        family_name: 'de Vries',
      });

      const refreshToken = tokens.refresh_token as string;
      expect(refreshToken.split('.')).toHaveLength(3);
      const refresh = decodeJwt(refreshToken);
      expect(refresh).toMatchObject({ typ: 'Refresh', iss: ISSUER, azp: 'nt24-web' });
      expect(refresh.exp! - refresh.iat!).toBe(1800);
    });

    it('tells the session status iframe whether the session is still the same', async () => {
      const sid = decodeJwt(tokens.access_token as string).sid as string;
      expect(sid).toEqual(expect.any(String));
      const check = (sessionState: string) =>
        request(
          'GET',
          `${OIDC}/login-status-iframe.html/check?${new URLSearchParams({ client_id: 'nt24-web', origin: ORIGIN, session_state: sessionState })}`,
        );
      expect((await check(sid)).body).toBe('unchanged');
      expect((await check('another-session')).body).toBe('changed');
    });

    it('the API accepts the access token', async () => {
      const info = await request('GET', '/api/auth/session/info', {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({ username: 'manager', roles: ['NT24_MANAGER'] });
    });

    it('answers userinfo and the account profile with the bearer token', async () => {
      const headers = { authorization: `Bearer ${tokens.access_token}` };
      const userinfo = await request('GET', `${OIDC}/userinfo`, { headers });
      expect(userinfo.statusCode).toBe(200);
      expect(userinfo.json()).toEqual({
        sub: decodeJwt(tokens.access_token as string).sub,
        preferred_username: 'manager',
        email: 'manager@nt24.example',
        email_verified: true,
        name: 'Mark de Vries',
        given_name: 'Mark',
        family_name: 'de Vries',
      });
      const account = await request('GET', '/realms/nt24/account', {
        headers: { ...headers, accept: 'application/json' },
      });
      expect(account.json()).toMatchObject({
        username: 'manager',
        firstName: 'Mark',
        lastName: 'de Vries',
      });

      const refused = await request('GET', `${OIDC}/userinfo`, {
        headers: { authorization: 'Bearer nope' },
      });
      expect(refused.statusCode).toBe(401);
    });

    it('refreshes with the refresh token, rotating it', async () => {
      const refreshed = await request('POST', `${OIDC}/token`, {
        form: {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token as string,
          client_id: 'nt24-web',
        },
      });
      expect(refreshed.json()).toMatchObject({ access_token: expect.any(String) });
      expect(refreshed.statusCode).toBe(200);
      const next = refreshed.json() as Record<string, string>;
      expect(next.refresh_token).not.toBe(tokens.refresh_token);
      expect(next.refresh_token!.split('.')).toHaveLength(3);
      const { payload } = await jwtVerify(next.access_token!, createLocalJWKSet(jwks), {
        issuer: ISSUER,
        audience: 'nt24-api',
      });
      expect(payload).toMatchObject({
        preferred_username: 'manager',
        realm_access: { roles: ['NT24_MANAGER'] },
      });
      expect(decodeJwt(next.id_token!)).toMatchObject({ preferred_username: 'manager' });
      tokens = next;
    });

    it('keeps tokens and sessions across a restart', async () => {
      await harness.restart();
      const info = await request('GET', '/api/auth/session/info', {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(info.statusCode).toBe(200);
      const refreshed = await request('POST', `${OIDC}/token`, {
        form: {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token as string,
          client_id: 'nt24-web',
        },
      });
      expect(refreshed.statusCode).toBe(200);
      tokens = refreshed.json();
    });

    it('signs out without a confirmation and asks for the password again afterwards', async () => {
      const logout = await request(
        'GET',
        `${OIDC}/logout?${new URLSearchParams({ client_id: 'nt24-web', post_logout_redirect_uri: `${ORIGIN}/`, id_token_hint: tokens.id_token as string })}`,
      );
      expect(logout.statusCode).toBe(200);
      // No question asked: the page submits itself at once (a button only without JavaScript).
      expect(logout.body).toContain("document.getElementById('op.logoutForm').submit()");
      expect(logout.body).not.toMatch(/stay signed in/i);
      const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(
        logout.body,
      )![1]!;
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(logout.body)![1]!;
      expect(/name="logout" value="yes"/.test(logout.body)).toBe(true);

      const confirmed = await request('POST', action, { form: { xsrf, logout: 'yes' } });
      expect(confirmed.statusCode).toBe(303);
      expect(confirmed.headers.location).toBe(`${ORIGIN}/`);

      const { challenge } = pkce();
      const auth = await request(
        'GET',
        authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }),
      );
      expect(auth.statusCode).toBe(303);
      expect(auth.headers.location).toMatch(/^\/realms\/nt24\/login\//);

      const refresh = await request('POST', `${OIDC}/token`, {
        form: {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token as string,
          client_id: 'nt24-web',
        },
      });
      expect(refresh.statusCode).toBe(400);
    });
  });

  describe('refusals', () => {
    const request = browser(app);

    it('refuses a request without PKCE or with the plain method', async () => {
      const none = await request('GET', authorizeUrl({}));
      expect(none.statusCode).toBe(303);
      expect(fragment(none.headers.location as string).get('error')).toBe('invalid_request');

      const plain = await request(
        'GET',
        authorizeUrl({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }),
      );
      expect(fragment(plain.headers.location as string).get('error')).toBe('invalid_request');
    });

    it('refuses a code used twice, and then revokes what it gave', async () => {
      const { code, verifier, tokens } = await signIn(request, 'partner');
      const again = await request('POST', `${OIDC}/token`, {
        form: {
          code,
          grant_type: 'authorization_code',
          client_id: 'nt24-web',
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: 'invalid_grant' });

      const refresh = await request('POST', `${OIDC}/token`, {
        form: {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token as string,
          client_id: 'nt24-web',
        },
      });
      expect(refresh.statusCode).toBe(400);
    });

    it('refuses a refresh token that was tampered with', async () => {
      const { tokens } = await signIn(browser(app), 'owner');
      const [header, payload, signature] = (tokens.refresh_token as string).split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString(
        'base64url',
      );
      const refresh = await request('POST', `${OIDC}/token`, {
        form: {
          grant_type: 'refresh_token',
          refresh_token: `${header}.${forged}.${signature}`,
          client_id: 'nt24-web',
        },
      });
      expect(refresh.statusCode).toBe(400);
      expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('refuses a redirect_uri on another origin', async () => {
      const { challenge } = pkce();
      const response = await request(
        'GET',
        authorizeUrl({
          redirect_uri: 'https://evil.example/dashboard',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toContain('text/html');
    });

    it('accepts any address on the portal as redirect_uri', async () => {
      const { challenge } = pkce();
      const response = await browser(app)(
        'GET',
        authorizeUrl({
          redirect_uri: `${ORIGIN}/partners/new?x=1`,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
      );
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toMatch(/^\/realms\/nt24\/login\//);
    });

    it('seeds every demo account with its role', async () => {
      const people = {
        superadmin: 'NT24_SUPER_ADMIN',
        employee: 'NT24_EMPLOYEE',
        partner: 'NT24_TRADE_PARTNER',
        owner: 'OWNER',
        contact: 'CONTACT',
      };
      for (const [username, role] of Object.entries(people)) {
        const { tokens } = await signIn(browser(app), username);
        const claims = decodeJwt(tokens.access_token as string);
        expect(claims).toMatchObject({
          preferred_username: username,
          realm_access: { roles: [role] },
        });
      }
    });
  });

  it('signs out without a redirect address to a signed-out page', async () => {
    const request = browser(app);
    await signIn(request, 'contact');
    const logout = await request('GET', `${OIDC}/logout?client_id=nt24-web`);
    const action = /action="([^"]+)"/.exec(logout.body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logout.body)![1]!;
    const confirmed = await request('POST', action, { form: { xsrf, logout: 'yes' } });
    expect(confirmed.statusCode).toBe(303);
    const done = await request('GET', confirmed.headers.location as string);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are signed out');
  });

  it('verifies tokens with the certs endpoint as a remote key set', async () => {
    // The same check a separate API process would make against the certs URL.
    const { tokens } = await signIn(browser(app), 'employee');
    const address = await app().listen({ port: 0, host: '127.0.0.1' });
    const keys = createRemoteJWKSet(new URL(`${address}${OIDC}/certs`));
    const { payload } = await jwtVerify(tokens.access_token as string, keys, {
      issuer: ISSUER,
      audience: 'nt24-api',
    });
    expect(payload.preferred_username).toBe('employee');
  });
});
