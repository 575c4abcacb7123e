import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  person,
  startTestServer,
  type TestServer,
} from '#server/testing/harness.js';

describe.each(databaseTargets())('bearer authentication (%s)', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(() => server.close());

  const sessionInfo = (authorization?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/auth/session/info',
      headers: authorization === undefined ? {} : { authorization },
    });

  async function expectRefused(authorization?: string) {
    const response = await sessionInfo(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: expect.any(String),
      requestId: expect.any(String),
    });
  }

  it('accepts a valid token, with the Bearer prefix in any case', async () => {
    const token = await server.token(person('manager', ['NT24_MANAGER']));
    for (const prefix of ['Bearer', 'bearer', 'BEARER']) {
      const response = await sessionInfo(`${prefix} ${token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        username: 'manager',
        roles: ['NT24_MANAGER'],
        effectiveRoles: ['NT24_MANAGER', 'NT24_EMPLOYEE'],
      });
    }
  });

  it('refuses a request without a token', () => expectRefused());

  it('refuses a header that is not a bearer token', async () => {
    await expectRefused('Basic dXNlcjpwYXNz');
    await expectRefused('Bearer');
    await expectRefused('Bearer not-a-jwt');
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    await expectRefused(
      `Bearer ${await server.token(person('owner', ['OWNER']), { expiresIn: past })}`,
    );
  });

  it('refuses a token signed with another key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forged = { ...(await exportJWK(privateKey)), kid: server.keys.privateJwks.keys[0]!.kid };
    await expectRefused(
      `Bearer ${await server.token(person('owner', ['OWNER']), { key: forged })}`,
    );
  });

  it("refuses an unsigned token (alg 'none')", async () => {
    const unsigned = new UnsecuredJWT({ ...person('owner', ['NT24_SUPER_ADMIN']) })
      .setIssuer(server.config.oidc.issuer)
      .setAudience(server.config.oidc.audience)
      .setExpirationTime('5m')
      .encode();
    await expectRefused(`Bearer ${unsigned}`);
  });

  it('refuses a token from another issuer or for another audience', async () => {
    const key = server.keys.privateJwks.keys[0]!;
    const sign = (iss: string, aud: string) =>
      import('jose').then(async ({ importJWK }) =>
        new SignJWT({ ...person('owner', ['OWNER']) })
          .setProtectedHeader({ alg: 'RS256', kid: key.kid! })
          .setIssuer(iss)
          .setAudience(aud)
          .setExpirationTime('5m')
          .sign(await importJWK(key, 'RS256')),
      );
    await expectRefused(
      `Bearer ${await sign('http://evil.example/realms/nt24', server.config.oidc.audience)}`,
    );
    await expectRefused(`Bearer ${await sign(server.config.oidc.issuer, 'another-api')}`);
  });

  it('leaves health and readiness open', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: target });
  });
});
