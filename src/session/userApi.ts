import { userSchema, type User } from '@common/users';
import { cachedGet } from '@/lib/cached-get';

/** GET /api/users/keycloak/{identityId}: the user record of an identity (token `sub`). */
export async function getUserByIdentityId(identityId: string): Promise<User> {
  return cachedGet('userData', `/api/users/keycloak/${encodeURIComponent(identityId)}`, userSchema);
}
