import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

// Missing and null both mean "not filled in".
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const userSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  identityId: z.string(),
  username: optionalText,
  email: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  mobile: optionalText,
  /** yyyy-MM-dd */
  birthday: optionalText,
  country: optionalText,
  nationality: optionalText,
  sex: optionalText,
  profilePicture: optionalText,
  roles: z.array(z.string()).default([]),
});

export type User = z.infer<typeof userSchema>;

/** GET /api/users/keycloak/{identityId}: the user record of an identity (token `sub`). */
export async function getUserByIdentityId(identityId: string): Promise<User> {
  const { data } = await apiClient.get<unknown>(
    `/api/users/keycloak/${encodeURIComponent(identityId)}`,
  );
  return userSchema.parse(data);
}
