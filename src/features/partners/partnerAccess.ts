import type { AccessLevel, PartnerRole } from '@/features/tradePartner/tradePartnerApi';
import { isStaff } from '@/lib/permissions';

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
}

const NOTHING: PartnerPermissions = {
  edit: false,
  deleteContacts: false,
  manageMembers: false,
  grantOwner: false,
};

const BY_LEVEL: Record<AccessLevel, PartnerPermissions> = {
  OWNER: { edit: true, deleteContacts: true, manageMembers: true, grantOwner: true },
  ADMIN: { edit: true, deleteContacts: true, manageMembers: true, grantOwner: false },
  EDITOR: { ...NOTHING, edit: true },
  VIEWER: NOTHING,
  NONE: NOTHING,
};

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

/** Staff may do everything on every partner; members what their access level allows. */
export function partnerPermissions(
  roles: readonly string[],
  partner: PartnerAccess,
): PartnerPermissions {
  if (isStaff(roles)) return BY_LEVEL.OWNER;
  return BY_LEVEL[effectiveAccessLevel(partner)];
}
