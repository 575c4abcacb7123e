/**
 * A person's place in a trade partner (docs/decisions/007-company-access-levels.md): their
 * access level and role in the company, and what each level may do there. The server's policy
 * decides with it; the app offers only what it allows.
 */
import { viewsFinancials } from './roles.js';

export const ACCESS_LEVELS = ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER', 'NONE'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The levels a member can be given or invited with (NONE is what removing them does). */
export const GRANTABLE_ACCESS_LEVELS = [
  'OWNER',
  'ADMIN',
  'EDITOR',
  'VIEWER',
] as const satisfies readonly AccessLevel[];
export type GrantableAccessLevel = (typeof GRANTABLE_ACCESS_LEVELS)[number];

/** A member's role in the company, as the trade partner entity's `role` (SPEC section 3). */
export const PARTNER_ROLES = ['OWNER', 'CONTACT'] as const;
export type PartnerRole = (typeof PARTNER_ROLES)[number];

export const ADDRESS_TYPES = ['REGISTERED', 'OPERATING', 'BILLING', 'OTHER'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** What someone may do with a trade partner and everything under it. */
export type PartnerAction =
  /** See the company, its addresses, contacts and members. */
  | 'read'
  /** Change the company, its addresses and contacts. */
  | 'change'
  /** Delete contacts, manage members and invitations. */
  | 'manage'
  /** Accept or withdraw the terms on the company's behalf. */
  | 'acceptTerms'
  /** Grant the OWNER access level, or take it away. */
  | 'grantOwner';

/** Decision 007's table: the levels that may do each action in their own company. */
export const LEVELS_FOR: Record<PartnerAction, readonly AccessLevel[]> = {
  read: ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'],
  change: ['OWNER', 'ADMIN', 'EDITOR'],
  manage: ['OWNER', 'ADMIN'],
  acceptTerms: ['OWNER', 'ADMIN'],
  grantOwner: ['OWNER'],
};

/** Accepting the terms is the company's own act: staff may not do it for a company. */
export const MEMBERS_ONLY: readonly PartnerAction[] = ['acceptTerms'];

/** Whether a member with `level` (none: not a member) may do `action` in the company. */
export const levelAllows = (level: AccessLevel | null | undefined, action: PartnerAction) =>
  level !== null && level !== undefined && LEVELS_FOR[action].includes(level);

/**
 * Whether someone may do `action` in a company: a member as their level allows; staff
 * everything but what only members do (a staff member who is also a member: the better of both).
 */
export const mayInPartner = (
  who: { staff: boolean; level: AccessLevel | null | undefined },
  action: PartnerAction,
) => levelAllows(who.level, action) || (who.staff && !MEMBERS_ONLY.includes(action));

/**
 * The levels at which a member sees the company's amounts: order prices and totals, financial
 * documents, fees (issue 32, decision 042). An EDITOR or VIEWER sees none, whatever realm role
 * they hold.
 */
export const AMOUNT_LEVELS = ['OWNER', 'ADMIN'] as const satisfies readonly AccessLevel[];

/**
 * Whether someone sees a company's amounts: staff with a financial role in every company, anyone
 * else where their access level is one of AMOUNT_LEVELS (none: not a member).
 */
export const seesAmounts = (who: {
  roles: readonly string[];
  level: AccessLevel | null | undefined;
}) =>
  viewsFinancials(who.roles) ||
  (who.level !== null &&
    who.level !== undefined &&
    (AMOUNT_LEVELS as readonly AccessLevel[]).includes(who.level));
