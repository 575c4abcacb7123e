import { createHash, randomBytes } from 'node:crypto';
import { INVALID_LINK_MESSAGE, LINK_FILE_STATUSES, type LinkState } from '#common/selfservice.js';
import type { SelfServiceLinkRow } from '#server/db/schema/selfservice.js';
import { ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser, SelfServiceGrant } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import {
  createLinkRepository,
  linkIdentity,
  type LinkFileFacts,
  type LinkView,
} from './links-repository.js';
import type { Db } from '#server/db/client.js';

/** 256 bits from the operating system's CSPRNG, URL-safe (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What is stored of a token: its SHA-256, hex. */
export const tokenHash = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Where a link stands at `now`; an ended link stays ended, whatever else happened since. A link
 * writes only while its file is with the company and was not handed in since the link was made
 * (through it, through another link, or by a signed-in member): otherwise it only shows the
 * file's status, also once the file is sent back (decision 041).
 */
export function linkState(link: SelfServiceLinkRow, file: LinkFileFacts, now: Date): LinkState {
  if (link.claimedAt) return 'claimed';
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  const withCompany = LINK_FILE_STATUSES.includes(file.fileStatus);
  return link.submittedAt || file.handedInSince || !withCompany ? 'submitted' : 'active';
}

/** 403 to a link that may still show its file but no longer change it. */
const readOnlyLink = () =>
  new ForbiddenError(
    'This file is no longer with you through this link: it was handed in, or is being ' +
      'reviewed. It can only be looked at now.',
  );

/**
 * The one answer for every token that does not open a file (unknown, expired, revoked,
 * claimed): the same status and body, so nobody learns which, or whether a file exists.
 */
export const invalidLink = () => new NotFoundError(INVALID_LINK_MESSAGE);

/** A link that may still be used, with what it grants; invalidLink otherwise. */
export function grantOf(view: LinkView | undefined, now = new Date()): SelfServiceGrant {
  if (!view) throw invalidLink();
  const state = linkState(view.link, view, now);
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
    emailVerified: false,
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

/**
 * Whether `actor`'s link may still write, read again from the rows inside the transaction `tx`
 * that is about to store the write, and locking them until it ends (decision 041): 404
 * (invalidLink) once the link opens nothing (revoked, expired, claimed), 403 once it only shows
 * the file (handed in, in review). Nothing for a caller who is not a link's holder.
 */
export async function linkStillWrites(tx: Db, actor: AuthUser): Promise<void> {
  const grant = actor.selfService;
  if (!grant) return;
  const found = await createLinkRepository(tx).lockForWrite(grant.linkId);
  const state = found ? linkState(found.link, found, new Date()) : undefined;
  if (!found || (state !== 'active' && state !== 'submitted')) throw invalidLink();
  const fresh = { ...grant, state };
  const submission = { id: found.link.kycId, status: found.fileStatus };
  if (policy.decideSelfServiceKyc(fresh, submission, 'change') !== 'allow') throw readOnlyLink();
}

export type Grants = ReturnType<typeof createGrants>;
