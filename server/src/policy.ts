import { isStaff } from './auth/roles.js';
import type { AuthUser } from './plugins/auth.js';

/**
 * Who may read or change which record. Every service asks here; routes only authenticate.
 */
export const policy = {
  /** A user record: the person themself, or staff. */
  canReadUser(actor: AuthUser, user: { identityId: string }): boolean {
    return actor.sub === user.identityId || isStaff(actor.roles);
  },
};
