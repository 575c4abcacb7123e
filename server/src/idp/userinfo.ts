import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { findAccountById, identityClaims, type IdpAccount } from './accounts.js';
import type { IdpKeys } from './keys.js';
import { mountPath, OIDC_PATH } from './provider.js';

const BEARER = /^bearer\s+(\S+)\s*$/i;

/**
 * Keycloak's userinfo endpoint and the account endpoint keycloak-js' loadUserProfile() reads.
 * oidc-provider's own userinfo only takes tokens issued for it, not JWTs issued for the API, so
 * these verify the access token exactly as the API does.
 */
export function registerUserinfoRoutes(
  app: FastifyInstance,
  opts: { config: Config; keys: IdpKeys; db: Db },
) {
  const { config, db } = opts;
  const { issuer, audience } = config.oidc;
  const jwks = createLocalJWKSet(opts.keys.publicJwks);
  const origin = new URL(config.publicUrl).origin;
  const mount = mountPath(config);

  async function bearerAccount(request: FastifyRequest): Promise<IdpAccount | undefined> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer,
        audience,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
      });
      return await findAccountById(db, payload.sub!);
    } catch {
      return undefined;
    }
  }

  function cors(request: FastifyRequest, reply: FastifyReply) {
    reply.header('vary', 'Origin');
    if (request.headers.origin === origin) reply.header('access-control-allow-origin', origin);
  }

  function refuse(reply: FastifyReply) {
    return reply
      .code(401)
      .header('cache-control', 'no-store')
      .header(
        'www-authenticate',
        'Bearer realm="nt24", error="invalid_token", error_description="Token verification failed"',
      )
      .send({ error: 'invalid_token', error_description: 'Token verification failed' });
  }

  const userinfo = `${mount}${OIDC_PATH}/userinfo`;
  const account = `${mount}/account`;

  for (const url of [userinfo, account]) {
    app.options(url, { schema: { hide: true } }, (request, reply) => {
      cors(request, reply);
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'Authorization, Content-Type')
        .header('access-control-max-age', '3600')
        .send();
    });
  }

  const handleUserinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    cors(request, reply);
    const found = await bearerAccount(request);
    if (!found) return refuse(reply);
    return reply.header('cache-control', 'no-store').send(identityClaims(found));
  };
  app.get(userinfo, { schema: { hide: true } }, handleUserinfo);
  app.post(userinfo, { schema: { hide: true } }, handleUserinfo);

  app.get(account, { schema: { hide: true } }, async (request, reply) => {
    cors(request, reply);
    const found = await bearerAccount(request);
    if (!found) return refuse(reply);
    const claims = identityClaims(found);
    return reply.header('cache-control', 'no-store').send({
      id: claims.sub,
      username: claims.preferred_username,
      email: claims.email,
      firstName: claims.given_name,
      lastName: claims.family_name,
      emailVerified: claims.email_verified,
      attributes: {},
    });
  });
}
