// The roles are shared with the app; the server imports them through this one place.
export {
  effectiveRoles,
  isRole,
  isStaff,
  ROLES,
  STAFF_ROLES,
  type Role,
} from '../../../common/roles.js';
