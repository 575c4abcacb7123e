import { createHash, randomBytes } from 'node:crypto';
import { INVALID_LINK_MESSAGE, type LinkState } from '#common/selfservice.js';
import type { SelfServiceLinkRow } from '#server/db/schema/selfservice.js';
import { NotFoundError } from '#server/errors.js';
import type { AuthUser, SelfServiceGrant } from '#server/plugins/auth.js';
import { createLinkRepository, linkIdentity, type LinkView } from './links-repository.js';
import type { Db } from '#server/db/client.js';

/** 256 bits from the operating system's CSPRNG, URL-safe (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What is stored of a token: its SHA-256, hex. */
export const tokenHash = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** Where a link stands at `now`; an ended link stays ended, whatever else happened since. */
export function linkState(link: SelfServiceLinkRow, now: Date): LinkState {
  if (link.claimedAt) return 'claimed';
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return link.submittedAt ? 'submitted' : 'active';
}

/**
 * The one answer for every token that does not open a file (unknown, expired, revoked,
 * claimed): the same status and body, so nobody learns which, or whether a file exists.
 */
export const invalidLink = () => new NotFoundError(INVALID_LINK_MESSAGE);

/** A link that may still be used, with what it grants; invalidLink otherwise. */
export function grantOf(view: LinkView | undefined, now = new Date()): SelfServiceGrant {
  if (!view) throw invalidLink();
  const state = linkState(view.link, now);
  if (state !== 'active' && state !== 'submitted') throw invalidLink();
  return {
    linkId: view.link.id,
    kycId: view.link.kycId,
    tradePartnerId: view.tradePartnerId,
    userId: view.link.userId,
    state,
  };
}

/** The caller a link's holder is: the link's user record, with the grant and no roles. */
export function linkActor(view: LinkView, grant: SelfServiceGrant): AuthUser {
  return {
    sub: linkIdentity(view.link.uuid),
    username: undefined,
    email: view.link.recipientEmail ?? undefined,
    firstName: view.link.recipientName ?? undefined,
    lastName: undefined,
    tokenRoles: [],
    roles: [],
    expiresAt: Math.floor(view.link.expiresAt.getTime() / 1000),
    selfService: grant,
  };
}

/** Looks a link up by the token it was given, or by its user record's identity. */
export function createGrants(db: Db) {
  const links = createLinkRepository(db);
  return {
    /** The link a token opens, with its grant; invalidLink when it opens nothing. */
    async byToken(token: string): Promise<{ view: LinkView; grant: SelfServiceGrant }> {
      const view = await links.findByTokenHash(tokenHash(token));
      return { view: view!, grant: grantOf(view) };
    },

    /**
     * A document access token issued to a link's holder names the link's identity: the caller
     * it stands for, while the link may still be used; undefined for any other identity.
     */
    async byIdentity(identityId: string): Promise<AuthUser | undefined> {
      if (!identityId.startsWith(linkIdentity(''))) return undefined;
      const view = await links.findByIdentity(identityId);
      return linkActor(view!, grantOf(view));
    },
  };
}

export type Grants = ReturnType<typeof createGrants>;
