import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';

export interface IdpKeys {
  /** Private signing keys (JWK with kid and alg) for oidc-provider's `jwks`. */
  privateJwks: { keys: JWK[] };
  /** The public half, as served at the certs endpoint. */
  publicJwks: JSONWebKeySet;
  /** Secrets that sign the provider's cookies. */
  cookieKeys: string[];
}

const PUBLIC_MEMBERS = ['kty', 'kid', 'alg', 'use', 'n', 'e', 'crv', 'x', 'y'] as const;

export function toPublicJwk(jwk: JWK): JWK {
  const pub: JWK = {};
  for (const member of PUBLIC_MEMBERS) {
    if (jwk[member] !== undefined) (pub as Record<string, unknown>)[member] = jwk[member];
  }
  return pub;
}

/**
 * Keys are created on first start and kept in the data directory, so tokens and sessions
 * survive a restart.
 */
export async function loadOrCreateIdpKeys(dataDir: string): Promise<IdpKeys> {
  const file = path.join(dataDir, 'idp', 'keys.json');
  let stored: { jwks: JWK[]; cookieKeys: string[] };
  try {
    stored = JSON.parse(await fs.readFile(file, 'utf8')) as typeof stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = randomBytes(12).toString('base64url');
    stored = {
      jwks: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }],
      cookieKeys: [randomBytes(32).toString('base64url')],
    };
    await fs.mkdir(path.dirname(file), { recursive: true });
    // wx: when two processes start together, the first one's keys win and the other reads them.
    try {
      await fs.writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
      stored = JSON.parse(await fs.readFile(file, 'utf8')) as typeof stored;
    }
  }
  return {
    privateJwks: { keys: stored.jwks },
    publicJwks: { keys: stored.jwks.map(toPublicJwk) },
    cookieKeys: stored.cookieKeys,
  };
}
