/**
 * Who someone is in decision 012's transition table, from their realm roles and their access
 * level in the file's company. The server's policy and the app's screens ask the same function.
 */
import type { KycActor } from './kyc.js';
import { levelAllows, type AccessLevel } from './partner-access.js';
import { effectiveRoles, isStaff, KYC_ROLES } from './roles.js';

/**
 * Staff by role (the hierarchy makes a manager an employee too; a staff member is never the
 * partner, even when also a member of the company); anyone else with a KYC role by their level
 * in the company (`level` none: not a member). Without a KYC role, nobody.
 */
export function kycActors(
  roles: readonly string[],
  level: AccessLevel | null | undefined,
): KycActor[] {
  const held = effectiveRoles(roles);
  if (!held.some((role) => KYC_ROLES.includes(role))) return [];
  const actors: KycActor[] = [];
  if (isStaff(held)) {
    if (held.includes('NT24_EMPLOYEE')) actors.push('employee');
    if (held.includes('NT24_MANAGER')) actors.push('manager');
    return actors;
  }
  if (levelAllows(level, 'change')) actors.push('partner');
  if (levelAllows(level, 'manage')) actors.push('partnerAdmin');
  return actors;
}
