/**
 * The signed-in person's answers (docs/api/partners.md, 'Users and partners'): their user record,
 * what creating it on first sign-in says, and the session as the server sees it. The server's
 * routes answer with these schemas; the app parses with them.
 */
import { z } from 'zod';

export const SEXES = ['MALE', 'FEMALE', 'OTHER'] as const;
export type Sex = (typeof SEXES)[number];

export const userSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    identityId: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    mobile: z.string().nullable(),
    birthday: z.string().nullable().describe('yyyy-MM-dd'),
    country: z.string().nullable(),
    nationality: z.string().nullable(),
    sex: z.string().nullable(),
    profilePicture: z.string().nullable(),
    roles: z.array(z.string()),
  })
  .meta({ id: 'User' });

export type User = z.infer<typeof userSchema>;

export const ensureUserResponseSchema = z
  .object({
    userExists: z.boolean().describe('false when this call created the record'),
    userId: z.number().int(),
  })
  .meta({ id: 'EnsureUserResponse' });

export type EnsureUserResponse = z.infer<typeof ensureUserResponseSchema>;

export const sessionInfoSchema = z
  .object({
    subject: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    roles: z.array(z.string()).describe('realm roles as the token names them'),
    effectiveRoles: z.array(z.string()).describe('known roles including those they imply'),
    expiresAt: z.number().int().describe('token expiry, seconds since the epoch'),
  })
  .meta({ id: 'SessionInfo' });

export type SessionInfo = z.infer<typeof sessionInfoSchema>;
