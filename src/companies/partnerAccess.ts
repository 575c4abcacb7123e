import {
  mayInPartner,
  seesAmounts,
  type AccessLevel,
  type PartnerRole,
} from '@common/partner-access';
import { isStaff } from '@common/roles';

/** What the signed-in person may do with one trade partner (docs/api/partners.md, access levels). */
export interface PartnerPermissions {
  /** Change the company, its addresses and contacts. */
  edit: boolean;
  /** Delete contacts. */
  deleteContacts: boolean;
  /** See and change members, see, send and revoke invitations. */
  manageMembers: boolean;
  /** Give or take the OWNER level. */
  grantOwner: boolean;
  /** Accept the terms for the company: its owners and admins, never staff (decision 027). */
  acceptTerms: boolean;
}

interface PartnerAccess {
  accessLevel: AccessLevel | null;
  role: PartnerRole | null;
}

/** The member's level; an owner whose level is not given counts as OWNER, a contact as VIEWER. */
export function effectiveAccessLevel({ accessLevel, role }: PartnerAccess): AccessLevel {
  if (accessLevel) return accessLevel;
  if (role === 'OWNER') return 'OWNER';
  return role === 'CONTACT' ? 'VIEWER' : 'NONE';
}

/**
 * Whether the signed-in person sees a company's amounts (decision 042): staff with a financial
 * role in every company, a member where their level is OWNER or ADMIN. `partner` is the person's
 * own entry for the company (undefined: not one of theirs).
 */
export const seesAmountsIn = (roles: readonly string[], partner: PartnerAccess | undefined) =>
  seesAmounts({ roles, level: partner ? effectiveAccessLevel(partner) : null });

/**
 * Staff may do everything on every partner; members what their access level allows (decision
 * 007's table, common/partner-access.ts, which the server's policy decides with).
 */
export function partnerPermissions(
  roles: readonly string[],
  partner: PartnerAccess,
): PartnerPermissions {
  const who = { staff: isStaff(roles), level: effectiveAccessLevel(partner) };
  return {
    edit: mayInPartner(who, 'change'),
    deleteContacts: mayInPartner(who, 'manage'),
    manageMembers: mayInPartner(who, 'manage'),
    grantOwner: mayInPartner(who, 'grantOwner'),
    acceptTerms: mayInPartner(who, 'acceptTerms'),
  };
}
