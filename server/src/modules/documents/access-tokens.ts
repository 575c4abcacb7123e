import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { effectiveRoles } from '#server/auth/roles.js';
import { ForbiddenError, UnauthorizedError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import type { DocumentRepository } from './documents-repository.js';

/** The row of server_secrets that holds the signing key. */
const SECRET_NAME = 'document-access-token-key';
const LIFETIME_SECONDS = 15 * 60;
/** Keeps these tokens apart from any other HS256 token someone might present. */
const AUDIENCE = 'nt24-document';

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

interface DocumentTokenClaims {
  doc?: unknown;
  roles?: unknown;
}

/**
 * Document access tokens: HS256, 15 minutes, naming one document (`doc`), one identity (`sub`)
 * and that identity's realm roles, for `?token=` where a browser cannot send a bearer header
 * (`<img>`, `<iframe>`). The key is a random 32-byte secret in server_secrets, shared by every
 * API process, read once per app and kept.
 */
export function createAccessTokens(repository: DocumentRepository) {
  let key: Promise<Uint8Array> | undefined;

  function signingKey(): Promise<Uint8Array> {
    key ??= repository
      .secret(SECRET_NAME, () => randomBytes(32).toString('base64url'))
      .then((value) => new Uint8Array(Buffer.from(value, 'base64url')))
      .catch((error: unknown) => {
        key = undefined;
        throw error;
      });
    return key;
  }

  return {
    /** Tokens for `actor` for each of `documentIds`, all expiring at the same moment. */
    async issue(actor: AuthUser, documentIds: number[]): Promise<Map<number, AccessToken>> {
      const secret = await signingKey();
      const exp = Math.floor(Date.now() / 1000) + LIFETIME_SECONDS;
      const expiresAt = new Date(exp * 1000);
      const tokens = await Promise.all(
        documentIds.map((doc) =>
          new SignJWT({ doc, roles: actor.tokenRoles })
            .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
            .setSubject(actor.sub)
            .setAudience(AUDIENCE)
            .setIssuedAt()
            .setExpirationTime(exp)
            .sign(secret),
        ),
      );
      return new Map(documentIds.map((id, i) => [id, { token: tokens[i]!, expiresAt }]));
    },

    /**
     * The person a token was issued to, if it is genuine, unexpired and names `documentId`.
     * A forged or expired token is 401; a token for another document 403. The caller still
     * asks the policy whether that person may read the document.
     */
    async verify(token: string, documentId: number): Promise<AuthUser> {
      let claims: DocumentTokenClaims & { sub?: string; exp?: number };
      try {
        ({ payload: claims } = await jwtVerify<DocumentTokenClaims>(token, await signingKey(), {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'doc'],
        }));
      } catch {
        throw new UnauthorizedError('The document access token is invalid or has expired.');
      }
      if (typeof claims.doc !== 'number') {
        throw new UnauthorizedError('The document access token is invalid or has expired.');
      }
      if (claims.doc !== documentId) {
        throw new ForbiddenError('This access token is for another document.');
      }
      const tokenRoles = Array.isArray(claims.roles)
        ? claims.roles.filter((r): r is string => typeof r === 'string')
        : [];
      return {
        sub: claims.sub!,
        username: undefined,
        email: undefined,
        emailVerified: false,
        firstName: undefined,
        lastName: undefined,
        tokenRoles,
        roles: effectiveRoles(tokenRoles),
        expiresAt: claims.exp!,
      };
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
