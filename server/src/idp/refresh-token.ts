import { createHmac } from 'node:crypto';
import { compactVerify, decodeJwt, SignJWT } from 'jose';
import type { AdapterPayload, Provider } from 'oidc-provider';

/**
 * keycloak-js decodes the refresh token as a JWT (it reads `exp` from it and fails on anything
 * else), while oidc-provider issues opaque refresh tokens that it looks up in the database.
 *
 * So the value handed out is a JWT like Keycloak's (HS512, `typ: 'Refresh'`, `exp`, issuer as
 * audience) whose `jti` is the opaque token; the database row stays the authority. Both ends are
 * hooked on the RefreshToken model itself, so the token endpoint, rotation and revocation all see
 * the wrapped form without rewriting requests or responses.
 */
export function issueRefreshTokensAsJwt(
  provider: Provider,
  options: { issuer: string; secrets: string[] },
) {
  const { issuer } = options;
  // A key of its own (not the JWKS) so a refresh token can never pass as an access token.
  const keys = options.secrets.map((secret) =>
    createHmac('sha512', secret).update('nt24 refresh token signing key').digest(),
  );
  const signingKey = keys[0];
  if (!signingKey) throw new Error('At least one secret is needed to sign refresh tokens.');

  type ValueAndPayload = { value: string; payload?: AdapterPayload };
  const model = provider.RefreshToken as unknown as {
    prototype: { getValueAndPayload(): Promise<ValueAndPayload> };
    find(value: unknown, options?: object): Promise<unknown>;
  };

  const opaqueValueAndPayload = model.prototype.getValueAndPayload;
  model.prototype.getValueAndPayload = async function wrapped(this: unknown) {
    const result = await opaqueValueAndPayload.call(this);
    const payload = result.payload ?? {};
    const value = await new SignJWT({
      typ: 'Refresh',
      azp: payload.clientId,
      sid: payload.sid,
      scope: payload.scope,
    })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(issuer)
      .setSubject(String(payload.accountId ?? ''))
      .setJti(result.value)
      .setIssuedAt(payload.iat)
      .setExpirationTime(payload.exp ?? Math.floor(Date.now() / 1000))
      .sign(signingKey);
    return { ...result, value };
  };

  const findOpaque = model.find.bind(provider.RefreshToken);
  model.find = async (value: unknown, findOptions?: object) =>
    findOpaque(await unwrap(value), findOptions);

  /** The opaque value inside a refresh token we signed; undefined for anything else. */
  async function unwrap(value: unknown): Promise<string | undefined> {
    if (typeof value !== 'string' || value.split('.').length !== 3) return undefined;
    for (const key of keys) {
      try {
        // Expiry is left to the stored token, so an expired one is reported as expired.
        await compactVerify(value, key, { algorithms: ['HS512'] });
        const claims = decodeJwt(value);
        if (claims.iss !== issuer || claims.typ !== 'Refresh' || typeof claims.jti !== 'string')
          return undefined;
        return claims.jti;
      } catch {
        // try the next key
      }
    }
    return undefined;
  }
}
