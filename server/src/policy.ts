import {
  documentKind,
  readsDocumentKind,
  EVIDENCE_LOCKED_STATUSES,
  type DocumentKind,
  type DocumentKindFacts,
  type KycActor,
  type KycStatus,
  type KycTransition,
} from '#common/kyc.js';
import { kycActors } from '#common/kyc-actors.js';
import {
  AMOUNT_LEVELS,
  GRANTABLE_ACCESS_LEVELS,
  LEVELS_FOR,
  mayInPartner,
  seesAmounts,
  type AccessLevel,
  type PartnerAction,
} from '#common/partner-access.js';
import type { ClaimRefusal, LinkAccessLevel } from '#common/selfservice-claim.js';
import { LINK_FILE_STATUSES } from '#common/selfservice.js';
import {
  ADMIN_ROLES,
  isStaff,
  STAFF_ROLES,
  usesKyc,
  viewsFinancials,
  type Role,
} from './auth/roles.js';
import { ForbiddenError, NotFoundError } from './errors.js';
import type { AuthUser, SelfServiceGrant } from './plugins/auth.js';

/** Roles of people who may register a company of their own (and become its OWNER member). */
const PARTNER_CREATOR_ROLES: readonly Role[] = ['NT24_TRADE_PARTNER', 'OWNER'];

/** Roles with KYC or partner access, who may use the company search. */
const SEARCH_ROLES: readonly Role[] = [...STAFF_ROLES, 'NT24_TRADE_PARTNER', 'OWNER', 'CONTACT'];

/**
 * What someone may do with a KYC submission (decision 012). Partner members read at any
 * readable level; `change` (comments, submit, withdraw) needs OWNER, ADMIN or EDITOR; `create`
 * OWNER or ADMIN. The audit trail is for staff.
 */
export type KycAction = 'read' | 'change' | 'create' | 'audit';

/**
 * Whom a KYC file's records are presented to (issue 14): staff read every comment; a partner only
 * what staff shared with them, never an internal comment or its text.
 */
export type KycAudience = 'staff' | 'partner';

/**
 * What someone may do with a trade partner and everything under it (addresses, contacts,
 * members, invitations): common/partner-access.ts, shared with the app. See
 * docs/decisions/007-company-access-levels.md.
 */
export type { PartnerAction };

const KYC_LEVELS_FOR: Record<KycAction, readonly AccessLevel[]> = {
  read: LEVELS_FOR.read,
  change: LEVELS_FOR.change,
  create: LEVELS_FOR.manage,
  audit: [],
};

/**
 * What someone may do with an order (decision 033): staff everything; a partner's members read
 * their company's orders (VIEWER and up) and upload and archive the order's documents (EDITOR
 * and up); nobody else learns the order exists.
 */
export type OrderAction = 'read' | 'write' | 'documents';

const ORDER_LEVELS_FOR: Record<OrderAction, readonly AccessLevel[]> = {
  read: LEVELS_FOR.read,
  write: [],
  documents: LEVELS_FOR.change,
};

/**
 * What someone may do with a shipment and its legs (issue 21): what they may do with its order.
 * Staff everything; a partner's members read their company's shipments (VIEWER and up) and
 * upload and archive their papers (EDITOR and up). Shipments carry no amounts.
 */
export type ShipmentAction = OrderAction;

export interface PartnerMembership {
  accessLevel: AccessLevel;
}

export type Decision = 'allow' | 'not-found' | 'forbidden';

/** A company's document as the policy weighs it: its kind and what it is attached to. */
export type CompanyDocumentFacts = DocumentKindFacts;

/**
 * Whether a change of a KYC file's evidence may go ahead (decision 035): `locked` when the file
 * is in review or decided and the caller is a partner; `reason-required` when it is and staff
 * gave no reason.
 */
export type EvidenceChangeDecision = 'allow' | 'locked' | 'reason-required';

/** A decision carried out: NotFoundError (with `notFoundMessage`), ForbiddenError, or nothing. */
function enforce(decision: Decision, notFoundMessage: string): void {
  if (decision === 'not-found') throw new NotFoundError(notFoundMessage);
  if (decision === 'forbidden') throw new ForbiddenError();
}

/**
 * Who may read or change which record. Every service asks here; routes only authenticate.
 */
export const policy = {
  /**
   * Staff see every user record, so they are told when one does not exist; anyone else gets 403
   * whether or not it exists, so nobody can probe for accounts (decision 003).
   */
  seesAllUsers(actor: AuthUser): boolean {
    return isStaff(actor.roles);
  },

  /** A user record: the person themself, or staff. */
  canReadUser(actor: AuthUser, user: { identityId: string }): boolean {
    return actor.sub === user.identityId || policy.seesAllUsers(actor);
  },

  /** A user's profile: the person themself, a super admin or a manager. */
  canEditUser(actor: AuthUser, user: { identityId: string }): boolean {
    return actor.sub === user.identityId || actor.roles.some((r) => ADMIN_ROLES.includes(r));
  },

  /** Staff see every trade partner; everyone else only those they belong to. */
  seesAllPartners(actor: AuthUser): boolean {
    return isStaff(actor.roles);
  },

  /** Staff, trade partners and owners may register a company. */
  canCreatePartner(actor: AuthUser): boolean {
    return isStaff(actor.roles) || actor.roles.some((r) => PARTNER_CREATOR_ROLES.includes(r));
  },

  /**
   * The company search: anyone with KYC or partner access (staff, trade partners, owners,
   * contacts). Its matches show a partner's uuid and numbers only to those who see the partner
   * (seesAllPartners, or a member with a readable level); others get the name and confidence.
   */
  canSearchPartners(actor: AuthUser): boolean {
    return actor.roles.some((r) => SEARCH_ROLES.includes(r));
  },

  /** The access levels that count as belonging to a company (NONE does not). */
  readableLevels(): readonly AccessLevel[] {
    return LEVELS_FOR.read;
  },

  /**
   * Whether `actor`, with `membership` in a trade partner (undefined when not a member), may do
   * `action` on it. Someone who may not even read the partner is told it does not exist.
   */
  decidePartner(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    action: PartnerAction,
  ): Decision {
    const level = membership?.accessLevel;
    const staff = isStaff(actor.roles);
    if (mayInPartner({ staff, level }, action)) return 'allow';
    if (staff) return 'forbidden';
    if (level === undefined || !LEVELS_FOR.read.includes(level)) return 'not-found';
    return 'forbidden';
  },

  /**
   * A profile picture, which belongs to a person rather than a company: the person and staff
   * read it; the person, super admins and managers replace or archive it. Anyone else is told
   * it does not exist, as for a company's documents.
   */
  decideProfilePicture(
    actor: AuthUser,
    owner: { identityId: string },
    action: 'read' | 'change',
  ): Decision {
    if (!policy.canReadUser(actor, owner)) return 'not-found';
    if (action === 'change' && !policy.canEditUser(actor, owner)) return 'forbidden';
    return 'allow';
  },

  /**
   * Whether `actor`, with `membership` in the document's company (undefined when not a member),
   * reads company documents of `kind` there (decision 035, 042): financial ones where they may
   * view the company's amounts (mayViewAmounts), KYC evidence with KYC access (SPEC 6). Lists
   * leave the others out in SQL (amountLevels for financial ones); one by id answers 404.
   */
  readsDocumentKind(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    kind: DocumentKind,
  ): boolean {
    if (kind === 'financial') return policy.mayViewAmounts(actor, membership);
    if (actor.selfService) return true;
    return readsDocumentKind({ roles: actor.roles, level: membership?.accessLevel }, kind);
  },

  /**
   * A company's document (decision 011, 035): first its owner's rule (the order's, the
   * shipment's, or the trade partner's; a link's holder only its file's uploads), then its
   * kind's. A financial document is, for whoever may not view financials, a document that does
   * not exist; KYC evidence is read under KYC access and changed by those who may change the
   * file.
   */
  decideCompanyDocument(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    document: CompanyDocumentFacts,
    action: 'read' | 'change',
  ): Decision {
    const kind = documentKind(document);
    if (!policy.readsDocumentKind(actor, membership, kind)) return 'not-found';
    if (actor.selfService)
      return policy.decideSelfServiceDocument(actor.selfService, document, action);
    const follows = action === 'read' ? 'read' : 'documents';
    const owner =
      document.orderId !== null
        ? policy.decideOrder(actor, membership, follows)
        : document.shipmentId !== null
          ? policy.decideShipment(actor, membership, follows)
          : policy.decidePartner(actor, membership, action);
    if (owner !== 'allow' || kind !== 'kyc-evidence') return owner;
    if (policy.decideKyc(actor, membership, 'read') !== 'allow') return 'not-found';
    return policy.decideKyc(actor, membership, action) === 'allow' ? 'allow' : 'forbidden';
  },

  /**
   * Archiving, restoring or retyping evidence of a file in `status` (decision 035): while the
   * file is with the partner anyone who may change the document may; once it is in review or
   * decided, a partner may not (409), and staff only with a reason the trail keeps.
   */
  decideEvidenceChange(
    actor: AuthUser,
    status: KycStatus,
    reason: string | undefined,
  ): EvidenceChangeDecision {
    if (!EVIDENCE_LOCKED_STATUSES.includes(status)) return 'allow';
    if (actor.selfService || !isStaff(actor.roles)) return 'locked';
    return reason === undefined ? 'reason-required' : 'allow';
  },

  /**
   * A self-service link's holder (issue 19, decision 032) reads and fills in the link's one KYC
   * file and nothing else: any other file is, for them, a file that does not exist. Creating
   * files and reading the audit trail are not theirs. A link changes the file only while the
   * grant is active and the file is with the company (decision 041): once it was handed in,
   * through this link or any other way, or is in review, the link only reads it.
   */
  decideSelfServiceKyc(
    grant: SelfServiceGrant,
    submission: { id: number; status: KycStatus },
    action: KycAction,
  ): Decision {
    if (submission.id !== grant.kycId) return 'not-found';
    if (action === 'read') return 'allow';
    const withCompany = LINK_FILE_STATUSES.includes(submission.status);
    return action === 'change' && grant.state === 'active' && withCompany ? 'allow' : 'forbidden';
  },

  /** A link's holder sees the documents uploaded through links to its file, no other. */
  decideSelfServiceDocument(
    grant: SelfServiceGrant,
    document: { kycId: number | null },
    action: 'read' | 'change',
  ): Decision {
    if (document.kycId !== grant.kycId) return 'not-found';
    return action === 'read' || grant.state === 'active' ? 'allow' : 'forbidden';
  },

  /**
   * Making, listing and revoking a file's self-service links, and reading their access log:
   * staff, and the company's OWNER or ADMIN (who may create its files). Anyone else who may
   * read the file is refused (403); anyone who may not is told it does not exist.
   */
  decideSelfServiceLinks(actor: AuthUser, membership: PartnerMembership | undefined): Decision {
    return policy.decideKyc(actor, membership, 'create');
  },

  /**
   * Turning a link into an account (issue 19, decision 041): only the link's recipient, signed
   * in (not staff, not a link), whose identity provider vouches for the e-mail address the link
   * was made for (any case); only while the link may still change its file (not once the file
   * was handed in); only when the link allows an account. The refusal says why.
   */
  decideSelfServiceClaim(
    actor: AuthUser,
    link: { allowAccount: boolean; recipientEmail: string | null },
    state: 'active' | 'submitted',
  ): 'allow' | ClaimRefusal {
    if (!link.allowAccount || isStaff(actor.roles) || actor.selfService) return 'notAllowed';
    if (link.recipientEmail === null) return 'noRecipient';
    const own = actor.emailVerified ? actor.email?.toLowerCase() : undefined;
    if (own !== link.recipientEmail.toLowerCase()) return 'notRecipient';
    return state === 'active' ? 'allow' : 'handedIn';
  },

  /**
   * The level a link's claim may join the company at (decision 041): never above the maker's
   * own level there; staff, who stand above every member but are none, up to ADMIN. OWNER is
   * never a link's to give (LINK_ACCESS_LEVELS): it is the company's own act (decision 007).
   */
  mayGrantLinkLevel(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    level: LinkAccessLevel,
  ): boolean {
    const rank = (each: AccessLevel) =>
      (GRANTABLE_ACCESS_LEVELS as readonly AccessLevel[]).indexOf(each);
    const own: AccessLevel | undefined = isStaff(actor.roles) ? 'ADMIN' : membership?.accessLevel;
    return own !== undefined && rank(own) >= 0 && rank(level) >= rank(own);
  },

  /**
   * Whether a link still gives its level when it is claimed (decision 041): a link made by a
   * member gives it only while its maker may still make links there at that level; one made by
   * staff who are no member of the company (no membership) keeps it.
   */
  linkMakerStillGrants(
    makerMembership: PartnerMembership | undefined,
    level: LinkAccessLevel,
  ): boolean {
    if (!makerMembership) return true;
    const rank = (each: AccessLevel) =>
      (GRANTABLE_ACCESS_LEVELS as readonly AccessLevel[]).indexOf(each);
    const own = makerMembership.accessLevel;
    return LEVELS_FOR.manage.includes(own) && rank(level) >= rank(own);
  },

  /** A document uploaded in someone else's name (`userId` not the caller's own): staff only. */
  mayUploadForOthers(actor: AuthUser): boolean {
    return isStaff(actor.roles);
  },

  /** Whether the document store answers and accepts writes is for staff to ask. */
  mayDiagnoseStorage(actor: AuthUser): boolean {
    return isStaff(actor.roles);
  },

  /** Staff, trade partners and owners use KYC; anyone else is refused every KYC call (403). */
  canUseKyc(actor: AuthUser): boolean {
    return usesKyc(actor.roles);
  },

  /** Who `actor` reads a KYC file's records as: staff, or the partner (see KycAudience). */
  kycAudience(actor: AuthUser): KycAudience {
    if (actor.selfService) return 'partner';
    return isStaff(actor.roles) ? 'staff' : 'partner';
  },

  /**
   * Whether `actor` may write a comment staff only read: staff may; what a partner writes is for
   * the reviewers to read, always shared.
   */
  mayWriteInternal(actor: AuthUser): boolean {
    return isStaff(actor.roles);
  },

  /** Withdrawing a reviewer's request on a KYC step is a reviewer's act: staff. */
  mayWithdrawKycRequest(actor: AuthUser): boolean {
    return isStaff(actor.roles);
  },

  /** Staff see every KYC submission; partner users those of the companies they belong to. */
  seesAllKyc(actor: AuthUser): boolean {
    return isStaff(actor.roles);
  },

  /** A file's insights (findings, risk) are the reviewers' own view of it: staff only. */
  mayReadKycInsights(actor: AuthUser): boolean {
    return isStaff(actor.roles);
  },

  /** Staff follow every export of a KYC file; anyone else only the exports they started. */
  seesAllKycExports(actor: AuthUser): boolean {
    return isStaff(actor.roles);
  },

  /**
   * Whether `actor`, with `membership` in the submission's company (undefined when not a
   * member), may do `action` on it. Without KYC access: forbidden; someone who may not read the
   * company's submissions is told they do not exist.
   */
  decideKyc(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    action: KycAction,
  ): Decision {
    if (actor.selfService) return 'forbidden';
    if (!policy.canUseKyc(actor)) return 'forbidden';
    if (isStaff(actor.roles)) return 'allow';
    const level = membership?.accessLevel;
    if (level === undefined || !KYC_LEVELS_FOR.read.includes(level)) return 'not-found';
    return KYC_LEVELS_FOR[action].includes(level) ? 'allow' : 'forbidden';
  },

  /**
   * Who `actor` is in decision 012's transition table. The hierarchy makes a manager an employee
   * too; a staff member is never the partner, even when also a member of the company.
   */
  kycActors(actor: AuthUser, membership: PartnerMembership | undefined): KycActor[] {
    if (actor.selfService) return ['partner'];
    return kycActors(actor.roles, membership?.accessLevel);
  },

  /** Whether one of `actors` is among those decision 012's table lets make `transition`. */
  mayMoveKyc(actors: readonly KycActor[], transition: KycTransition): boolean {
    return transition.who.some((who) => actors.includes(who));
  },

  /**
   * Deciding a KYC step (APPROVED, REJECTED), and completing one outright, is a manager's act
   * (decision 012).
   */
  decidesKycSteps(actors: readonly KycActor[]): boolean {
    return actors.includes('manager');
  },

  /**
   * Any other change of a step's status (completing it for a manager's approval, asking for
   * changes) is staff's: managers and employees.
   */
  reviewsKycSteps(actors: readonly KycActor[]): boolean {
    return actors.includes('manager') || actors.includes('employee');
  },

  /**
   * Four eyes (decision 012): on a move that needs them, the manager who asked for the approval
   * may not give it (403).
   */
  requireSecondApprover(
    transition: KycTransition,
    approvalRequestedBy: number | null,
    userId: number,
  ): void {
    if (transition.fourEyes && approvalRequestedBy === userId) {
      throw new ForbiddenError(
        'You asked for this approval yourself: another manager must approve it (four eyes).',
      );
    }
  },

  /** The `userId` a change names must be the caller's own user record (403 otherwise). */
  requireOwnUserId<T extends { id: number }>(user: T | undefined, userId: number): T {
    if (!user || user.id !== userId) {
      throw new ForbiddenError('userId must be your own user id.');
    }
    return user;
  },

  /** decideKyc, throwing NotFoundError (with `notFoundMessage`) or ForbiddenError. */
  authorizeKyc(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    action: KycAction,
    notFoundMessage: string,
  ): void {
    enforce(policy.decideKyc(actor, membership, action), notFoundMessage);
  },

  /**
   * Whether `actor`, with `membership` in the order's trade partner, may do `action` on one of
   * its orders; creating an order is `write` on the partner's orders. A self-service link has
   * no orders.
   */
  decideOrder(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    action: OrderAction,
  ): Decision {
    if (actor.selfService) return 'not-found';
    if (isStaff(actor.roles)) return 'allow';
    const level = membership?.accessLevel;
    if (level === undefined || !ORDER_LEVELS_FOR.read.includes(level)) return 'not-found';
    return ORDER_LEVELS_FOR[action].includes(level) ? 'allow' : 'forbidden';
  },

  /** Staff see every order; anyone else only their companies'. */
  seesAllOrders(actor: AuthUser): boolean {
    return !actor.selfService && isStaff(actor.roles);
  },

  /**
   * Whether `actor`, with `membership` in a company (undefined when not a member), may view the
   * company's amounts: its orders' prices and totals, its financial documents, its fees (issue
   * 32, decision 042). Staff with a financial role in every company; anyone else where their
   * access level is OWNER or ADMIN. The realm role OWNER alone grants nothing; a link, nothing.
   */
  mayViewAmounts(actor: AuthUser, membership: PartnerMembership | undefined): boolean {
    return (
      !actor.selfService && seesAmounts({ roles: actor.roles, level: membership?.accessLevel })
    );
  },

  /**
   * mayViewAmounts for a list over many companies: 'all' when it holds in every company, else
   * the access levels at which it holds in a company (none for a link).
   */
  amountLevels(actor: AuthUser): 'all' | readonly AccessLevel[] {
    if (actor.selfService) return [];
    return viewsFinancials(actor.roles) ? 'all' : AMOUNT_LEVELS;
  },

  /** decideOrder, throwing NotFoundError (with `notFoundMessage`) or ForbiddenError. */
  authorizeOrder(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    action: OrderAction,
    notFoundMessage: string,
  ): void {
    enforce(policy.decideOrder(actor, membership, action), notFoundMessage);
  },

  /**
   * Whether `actor`, with `membership` in the partner of the shipment's order, may do `action`
   * on the shipment or one of its legs; planning one is `write` on the order's shipments.
   */
  decideShipment(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    action: ShipmentAction,
  ): Decision {
    return policy.decideOrder(actor, membership, action);
  },

  /** decideShipment, throwing NotFoundError (with `notFoundMessage`) or ForbiddenError. */
  authorizeShipment(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    action: ShipmentAction,
    notFoundMessage: string,
  ): void {
    enforce(policy.decideShipment(actor, membership, action), notFoundMessage);
  },

  /** decidePartner, throwing NotFoundError (with `notFoundMessage`) or ForbiddenError. */
  authorizePartner(
    actor: AuthUser,
    membership: PartnerMembership | undefined,
    action: PartnerAction,
    notFoundMessage: string,
  ): void {
    enforce(policy.decidePartner(actor, membership, action), notFoundMessage);
  },
};
