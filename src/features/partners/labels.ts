import type { AccessLevel, PartnerRole } from '@common/partner-access';

/** Translation keys of the access levels and partner roles, for lists and selects. */
export const ACCESS_LEVEL_LABELS = {
  OWNER: 'members.levels.OWNER',
  ADMIN: 'members.levels.ADMIN',
  EDITOR: 'members.levels.EDITOR',
  VIEWER: 'members.levels.VIEWER',
  NONE: 'members.levels.NONE',
} as const satisfies Record<AccessLevel, string>;

export const PARTNER_ROLE_LABELS = {
  OWNER: 'members.roles.OWNER',
  CONTACT: 'members.roles.CONTACT',
} as const satisfies Record<PartnerRole, string>;
