import type { User } from '@common/users';

/** SPEC section 5: the seven profile fields that must all be filled in. */
const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'sex',
  'birthday',
  'nationality',
  'country',
  'mobile',
] as const satisfies readonly (keyof User)[];

export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The profile fields still empty (null, missing or blank). */
export function missingProfileFields(
  user: Partial<Pick<User, ProfileField>> | null,
): ProfileField[] {
  return PROFILE_FIELDS.filter((field) => (user?.[field] ?? '').trim() === '');
}

/** SPEC section 5: complete only if none of the seven fields is null or empty. */
export function isProfileComplete(user: Partial<Pick<User, ProfileField>> | null): boolean {
  return user !== null && missingProfileFields(user).length === 0;
}
