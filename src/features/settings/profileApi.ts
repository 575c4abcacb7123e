import { apiClient } from '@/lib/api-client';
import type { ProfileBody } from '@common/profile-body';

/**
 * PATCH /api/users/{id}: the seven profile fields. The answer's body is not read: a 200 is a
 * success whatever it holds (SPEC section 8); the caller reloads the user record.
 */
export async function updateProfile(userId: number, body: ProfileBody): Promise<void> {
  if (userId === undefined || userId === null) {
    throw new Error('Required parameter userId was null or undefined when calling updateProfile.');
  }
  await apiClient.patch(`/api/users/${encodeURIComponent(String(userId))}`, body);
}
