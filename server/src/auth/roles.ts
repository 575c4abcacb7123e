// The roles are shared with the app; the server imports them through this one place.
export {
  ADMIN_ROLES,
  FINANCIAL_ROLES,
  effectiveRoles,
  isRole,
  isStaff,
  KYC_ROLES,
  ROLES,
  STAFF_ROLES,
  usesKyc,
  viewsFinancials,
  type Role,
} from '#common/roles.js';
