import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import type { Config } from '#server/config.js';
import { UnauthorizedError } from '#server/errors.js';
import { effectiveRoles, type Role } from '#server/auth/roles.js';

export interface AuthUser {
  /** The identity provider's subject id. */
  sub: string;
  username: string | undefined;
  email: string | undefined;
  /**
   * Whether the identity provider vouches that `email` is the person's own (the token's
   * `email_verified`); a self-service link is claimed only with a verified address.
   */
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
  /** Realm roles as the token names them. */
  tokenRoles: string[];
  /** Known roles including those the hierarchy implies. */
  roles: Role[];
  expiresAt: number;
  /** Set when the caller holds a self-service link instead of signing in (issue 19). */
  selfService?: SelfServiceGrant;
}

/**
 * What a self-service link's token grants (issue 19, decision 032): its one KYC file, of one
 * company, acted on under the link's own user record. Nothing else.
 */
export interface SelfServiceGrant {
  linkId: number;
  kycId: number;
  tradePartnerId: number;
  /** The link's user record, which its acts are recorded under. */
  userId: number;
  /** submitted: the file was handed in through it; the link only shows the file's status now. */
  state: 'active' | 'submitted';
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyInstance {
    /**
     * Checks the request's bearer token and sets `request.authUser`; 401 without a valid one.
     * The onRequest hook calls it for every non-public /api route; public routes that accept a
     * bearer token as one of several credentials call it themselves.
     */
    authenticate(request: FastifyRequest): Promise<AuthUser>;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token (health, readiness, self-service). */
    public?: boolean;
  }
}

interface AccessTokenClaims extends JWTPayload {
  preferred_username?: string;
  email?: string;
  email_verified?: unknown;
  given_name?: string;
  family_name?: string;
  realm_access?: { roles?: unknown };
}

const BEARER = /^bearer\s+(\S+)\s*$/i;

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new UnauthorizedError();
  return request.authUser;
}

/**
 * Every /api route needs a valid access token unless its config says `public: true`.
 * Tokens are checked against the issuer's keys, issuer, audience and expiry.
 */
export default fp(
  async function auth(app: FastifyInstance, opts: { config: Config; localJwks?: JSONWebKeySet }) {
    const { issuer, audience } = opts.config.oidc;
    const keys = opts.localJwks
      ? createLocalJWKSet(opts.localJwks)
      : createRemoteJWKSet(new URL(`${issuer}/protocol/openid-connect/certs`));

    app.decorateRequest('authUser', null);

    async function authenticate(request: FastifyRequest): Promise<AuthUser> {
      const match = BEARER.exec(request.headers.authorization ?? '');
      if (!match?.[1]) throw new UnauthorizedError('A bearer token is required.');
      let claims: AccessTokenClaims;
      try {
        ({ payload: claims } = await jwtVerify<AccessTokenClaims>(match[1], keys, {
          issuer,
          audience,
          algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'EdDSA'],
          requiredClaims: ['sub', 'exp'],
        }));
      } catch (error) {
        request.log.info({ reason: (error as Error).message }, 'bearer token refused');
        throw new UnauthorizedError('The access token is invalid or has expired.');
      }
      const rawRoles = claims.realm_access?.roles;
      const tokenRoles = Array.isArray(rawRoles)
        ? rawRoles.filter((r): r is string => typeof r === 'string')
        : [];
      request.authUser = {
        sub: claims.sub!,
        username: claims.preferred_username,
        email: claims.email,
        emailVerified: claims.email_verified === true,
        firstName: claims.given_name,
        lastName: claims.family_name,
        tokenRoles,
        roles: effectiveRoles(tokenRoles),
        expiresAt: claims.exp!,
      };
      return request.authUser;
    }

    app.decorate('authenticate', authenticate);

    // The rate limit counts after the token is checked, so that a person has a bucket of their
    // own, and before a refusal is answered, so that refused tokens count too (decision 025).
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      let refusal: unknown;
      if (!request.routeOptions.config?.public) {
        await authenticate(request).catch((error: unknown) => {
          refusal = error;
        });
      }
      if (request.routeOptions.config?.limited !== 'by-route') await app.limits.api(request);
      if (refusal) throw refusal;
    });
  },
  { name: 'auth', dependencies: ['rate-limits'] },
);
