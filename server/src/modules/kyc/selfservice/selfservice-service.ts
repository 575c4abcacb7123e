import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isDataStepType } from '#common/kyc-steps.js';
import type { AccessLevel } from '#common/partner-access.js';
import type { ClaimAnswer, ClaimRefusal, LinkAccessLevel } from '#common/selfservice-claim.js';
import type { Person } from '#common/kyc-responses.js';
import {
  LINK_FILE_STATUSES,
  SELF_SERVICE_PATH,
  type CreatedLink,
  type LinkAction,
  type LinkUse,
  type SelfServiceFile,
  type SelfServiceLink,
  type SelfServiceStep,
} from '#common/selfservice.js';
import { toIso, toIsoOrNull } from '#server/api-schemas.js';
import type { Db } from '#server/db/client.js';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import type { Mailer } from '#server/mail/mailer.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import { joinCompany } from '#server/modules/partners/invitations/invitations-service.js';
import { createUserLookup } from '#server/modules/users/identity-service.js';
import { authorizeKyc, kycNotFound, type KycAccess } from '../core/access-service.js';
import { acting, personName, recordAudit } from '../core/audit-repository.js';
import type { CommentReader, StatusChanger, StepLister } from '../core/ports.js';
import type { KycRef } from '../core/submissions-repository.js';
import { grantOf, invalidLink, linkState, newToken, tokenHash } from '../core/grants.js';
import { createLinkRepository, type LinkView } from '../core/links-repository.js';
import type { z } from 'zod';
import type { linkCreateSchema } from '#common/selfservice.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const CLAIM_REFUSED: Record<ClaimRefusal, string> = {
  notRecipient:
    'This link was made for another e-mail address: only its recipient, signed in with that ' +
    'verified address, can make an account from it.',
  noRecipient:
    'This link names no recipient, so no account can be made from it. Ask the person who ' +
    'sent it for an invitation.',
  handedIn:
    'This file was handed in: the link can no longer make an account. Ask the person who sent ' +
    'it for an invitation.',
  notAllowed: 'No account can be made from this link.',
};

/** 403 with the reason a claim was refused, in `details.reason` for the app to word it. */
const claimRefused = (reason: ClaimRefusal) => new AppError(403, CLAIM_REFUSED[reason], { reason });

/** How much of a link's access log one answer holds. */
const USES_SHOWN = 200;

export interface SelfServiceDeps {
  steps: StepLister;
  status: StatusChanger;
  records: CommentReader;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Where a use came from, for the access log. */
export interface UseOrigin {
  address: string;
  userAgent: string | null;
}

const personOf = (fields: LinkView['creator']): Person | null =>
  fields ? { id: fields.id, name: personName(fields) } : null;

function toLink(view: LinkView, now: Date): SelfServiceLink {
  const { link } = view;
  return {
    id: link.id,
    uuid: link.uuid,
    kycId: link.kycId,
    kycUuid: view.kycUuid,
    recipientEmail: link.recipientEmail,
    recipientName: link.recipientName,
    language: link.language,
    allowAccount: link.allowAccount,
    accessLevel: link.accessLevel,
    state: linkState(link, view, now),
    createdBy: personOf(view.creator),
    createdAt: toIso(link.createdAt),
    expiresAt: toIso(link.expiresAt),
    revokedAt: toIsoOrNull(link.revokedAt),
    revokedBy: personOf(view.revoker),
    submittedAt: toIsoOrNull(link.submittedAt),
    claimedAt: toIsoOrNull(link.claimedAt),
    lastUsedAt: toIsoOrNull(link.lastUsedAt),
    uses: link.uses,
  };
}

/**
 * Self-service links (issue 19, decision 032): staff and the company's OWNER/ADMIN make, list
 * and revoke them; a link's holder reads and fills in its one file through the same services
 * the signed-in partner uses, as the caller grants.ts makes of the link.
 */
export function createSelfServiceService(db: Db, deps: SelfServiceDeps) {
  const links = createLinkRepository(db);
  const users = createUserLookup(db);

  /** The file, if `actor` may manage its links: staff, or its company's OWNER/ADMIN. */
  async function manageable(actor: AuthUser, ref: KycRef): Promise<KycAccess> {
    const access = await authorizeKyc(db, actor, ref, 'read');
    const decision = policy.decideSelfServiceLinks(actor, access.membership);
    if (decision === 'not-found') throw new NotFoundError(kycNotFound(ref));
    if (decision === 'forbidden') throw new ForbiddenError();
    return access;
  }

  async function linkOfFile(access: KycAccess, linkId: number): Promise<LinkView> {
    const view = await links.findOfFile(access.view.submission.id, linkId);
    if (!view) throw new NotFoundError(`Self-service link #${linkId} not found on this file.`);
    return view;
  }

  /**
   * 403 unless `actor` may give a link's claim `level` in the file's company: never above their
   * own level there (decision 041).
   */
  function requireGrantableLevel(actor: AuthUser, access: KycAccess, level: LinkAccessLevel) {
    if (!policy.mayGrantLinkLevel(actor, access.membership, level)) {
      throw new ForbiddenError(
        `You may not give the access level ${level} through a link: it is above your own in this company.`,
      );
    }
  }

  async function callerRecord(actor: AuthUser) {
    const user = await users.byIdentity(actor.sub);
    if (!user) throw new ForbiddenError('Sign in once more: your user record is missing.');
    return user;
  }

  /**
   * The link's data steps, each with the shared comments on it: the same steps and comments,
   * through the same services and presenters, as the signed-in partner reads (issue 31).
   */
  async function linkSteps(actor: AuthUser, ref: KycRef): Promise<SelfServiceStep[]> {
    const steps = await deps.steps.list(actor, ref);
    const comments = await deps.records.comments(actor, ref);
    return steps
      .filter((step) => isDataStepType(step.stepType))
      .map((step) => ({
        ...step,
        comments: comments.filter((comment) => comment.stepType === step.stepType),
      }));
  }

  function mailText(view: LinkView, url: string, company: string, provider: string): string {
    return [
      view.link.recipientName ? `Hello ${view.link.recipientName},` : 'Hello,',
      '',
      `${provider} asks ${company} to fill in its KYC file. Open this link to do so; no account is needed:`,
      '',
      url,
      '',
      `The link works until ${view.link.expiresAt.toUTCString()}. Do not pass it on: whoever has it can fill in the file.`,
    ].join('\n');
  }

  return {
    async create(
      actor: AuthUser,
      ref: KycRef,
      input: z.output<typeof linkCreateSchema>,
    ): Promise<CreatedLink> {
      const access = await manageable(actor, ref);
      const { submission } = access.view;
      if (!LINK_FILE_STATUSES.includes(submission.status)) {
        throw new ConflictError(
          `A self-service link can be made only while the file is with the company ` +
            `(${LINK_FILE_STATUSES.join(' or ')}); it is ${submission.status}.`,
          { reason: 'fileNotWithPartner', status: submission.status },
        );
      }
      requireGrantableLevel(actor, access, input.accessLevel);
      const creator = await callerRecord(actor);
      const token = newToken();
      const now = new Date();
      const row = await links.insert({
        uuid: randomUUID(),
        kycId: submission.id,
        tokenHash: tokenHash(token),
        recipientEmail: input.recipientEmail?.toLowerCase() ?? null,
        recipientName: input.recipientName ?? null,
        language: input.language,
        allowAccount: input.allowAccount ?? input.recipientEmail !== undefined,
        accessLevel: input.accessLevel,
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
        createdBy: creator.id,
      });
      await recordAudit(db, {
        kycId: submission.id,
        entity: 'submission',
        entityId: submission.id,
        action: 'selfservice_link_created',
        to: `#${row.id}`,
        details: {
          link: row.id,
          recipientEmail: row.recipientEmail,
          recipientName: row.recipientName,
          expiresAt: toIso(row.expiresAt),
          allowAccount: row.allowAccount,
          accessLevel: row.accessLevel,
        },
        by: acting(creator),
      });
      const view = (await links.findOfFile(submission.id, row.id))!;
      const url = `${deps.publicUrl}${SELF_SERVICE_PATH}/${token}`;
      const mailed = row.recipientEmail
        ? await deps.mailer.send({
            to: row.recipientEmail,
            subject: `KYC file of ${access.view.partnerName}: fill it in online`,
            text: mailText(view, url, access.view.partnerName, access.view.obligedEntityName),
          })
        : false;
      // Never the token: whoever reads the log must not be able to open the file.
      deps.log.info(
        { kycId: submission.id, link: row.id, mailed },
        mailed ? 'self-service link e-mailed' : 'self-service link made; the maker passes it on',
      );
      return { ...toLink(view, now), token, url, mailed };
    },

    async list(actor: AuthUser, ref: KycRef): Promise<SelfServiceLink[]> {
      const access = await manageable(actor, ref);
      const now = new Date();
      return (await links.listOfFile(access.view.submission.id)).map((view) => toLink(view, now));
    },

    /** Ends a link at once; one that has ended already stays as it is. */
    async revoke(actor: AuthUser, ref: KycRef, linkId: number): Promise<SelfServiceLink> {
      const access = await manageable(actor, ref);
      const view = await linkOfFile(access, linkId);
      const user = await callerRecord(actor);
      if (await links.revoke(view.link.id, user.id, new Date())) {
        await recordAudit(db, {
          kycId: view.link.kycId,
          entity: 'submission',
          entityId: view.link.kycId,
          action: 'selfservice_link_revoked',
          to: `#${view.link.id}`,
          details: { link: view.link.id },
          by: acting(user),
        });
      }
      return toLink((await links.findOfFile(view.link.kycId, view.link.id))!, new Date());
    },

    async uses(actor: AuthUser, ref: KycRef, linkId: number): Promise<LinkUse[]> {
      const access = await manageable(actor, ref);
      const view = await linkOfFile(access, linkId);
      return (await links.uses(view.link.id, USES_SHOWN)).map((use) => ({
        id: use.id,
        at: toIso(use.at),
        address: use.address,
        userAgent: use.userAgent,
        action: use.action,
      }));
    },

    /** One use of a link, in its access log. */
    recordUse: (actor: AuthUser, origin: UseOrigin, action: LinkAction): Promise<void> =>
      links.recordUse(actor.selfService!.linkId, { ...origin, action }),

    /** What the public page shows: the link, the file's status, its company and its steps. */
    async file(actor: AuthUser): Promise<SelfServiceFile> {
      const grant = actor.selfService!;
      const ref = { id: grant.kycId };
      const { view } = await authorizeKyc(db, actor, ref, 'read');
      const link = (await links.findOfFile(grant.kycId, grant.linkId))!.link;
      const steps = grant.state === 'active' ? await linkSteps(actor, ref) : [];
      return {
        link: {
          id: link.id,
          state: grant.state,
          expiresAt: toIso(link.expiresAt),
          language: link.language,
          recipientName: link.recipientName,
          allowAccount:
            grant.state === 'active' && link.allowAccount && link.recipientEmail !== null,
        },
        file: {
          uuid: view.submission.uuid,
          status: view.submission.status,
          version: view.submission.version,
          submittedAt: toIsoOrNull(view.submission.submittedAt),
        },
        company: {
          name: view.partnerName,
          countryOfRegistration: await createPartnerLookup(db).countryOfRegistration(
            view.submission.tradePartnerId,
          ),
        },
        provider: { name: view.obligedEntityName },
        steps,
      };
    },

    /**
     * Hands the file in through the link, as the partner would (readiness checked, 409 with
     * what is missing), attributed to the link; the link then only shows the file's status.
     */
    async submit(actor: AuthUser, version: number | undefined): Promise<SelfServiceFile> {
      const grant = actor.selfService!;
      const ref = { id: grant.kycId };
      const { view } = await authorizeKyc(db, actor, ref, 'change');
      await deps.status.changeStatus(actor, ref, {
        status: 'SUBMITTED',
        userId: grant.userId,
        version: version ?? view.submission.version,
      });
      await links.markSubmitted(grant.linkId, new Date());
      return this.file({ ...actor, selfService: { ...grant, state: 'submitted' } });
    },

    /**
     * Turns the link into an account (issue 19, decision 041): the signed-in `actor`, whose
     * verified e-mail is the link's recipient's, joins the link's company as an accepted
     * invitation would, at the level the link's maker chose, and the link ends. Refused (403,
     * with the reason) to anyone else, and once the file was handed in.
     */
    async claim(actor: AuthUser, token: string, origin: UseOrigin): Promise<ClaimAnswer> {
      const view = await links.findByTokenHash(tokenHash(token));
      const grant = grantOf(view);
      const link = view!.link;
      const refusal = policy.decideSelfServiceClaim(actor, link, grant.state);
      if (refusal !== 'allow') throw claimRefused(refusal);
      const user = await callerRecord(actor);
      let joined: AccessLevel = link.accessLevel;
      await db.transaction(async (tx) => {
        const repository = createLinkRepository(tx);
        const fresh = await repository.lockForWrite(link.id, 'update');
        const state = fresh ? linkState(fresh.link, fresh, new Date()) : undefined;
        if (state === 'submitted') throw claimRefused('handedIn');
        if (state !== 'active') throw invalidLink();
        const companies = createPartnerLookup(tx);
        // A maker who lost the right to give this level since (demoted, removed) gives it no more;
        // a member the company suspended (NONE) is not let back in by a link (attack run).
        const maker = link.createdBy
          ? await companies.membershipOfUser(grant.tradePartnerId, link.createdBy)
          : undefined;
        const already = await companies.membershipOfUser(grant.tradePartnerId, user.id);
        if (
          !policy.linkMakerStillGrants(maker, link.accessLevel) ||
          already?.accessLevel === 'NONE'
        ) {
          throw claimRefused('notAllowed');
        }
        if (!(await repository.claim(link.id, user.id, new Date()))) throw invalidLink();
        await joinCompany(tx, user, grant.tradePartnerId, link.accessLevel, user.email ?? '');
        // A member already keeps the level they have: the answer and the trail say that one.
        joined = already?.accessLevel ?? link.accessLevel;
        await recordAudit(tx, {
          kycId: link.kycId,
          entity: 'submission',
          entityId: link.kycId,
          action: 'selfservice_link_claimed',
          to: `#${link.id}`,
          details: { link: link.id, accessLevel: joined },
          by: { ...acting(user), viaSelfServiceLink: link.id },
        });
      });
      await links.recordUse(link.id, { ...origin, action: 'claim' });
      const partner = await createPartnerLookup(db).find({ id: grant.tradePartnerId });
      return {
        tradePartnerUuid: partner!.uuid,
        kycId: link.kycId,
        kycUuid: view!.kycUuid,
        accessLevel: joined,
      };
    },
  };
}

export type SelfServiceService = ReturnType<typeof createSelfServiceService>;
