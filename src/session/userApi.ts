import { userSchema, type User } from '@common/users';
import { apiClient } from '@/lib/api-client';

/** GET /api/users/keycloak/{identityId}: the user record of an identity (token `sub`). */
export async function getUserByIdentityId(identityId: string): Promise<User> {
  const { data } = await apiClient.get<unknown>(
    `/api/users/keycloak/${encodeURIComponent(identityId)}`,
  );
  return userSchema.parse(data);
}
