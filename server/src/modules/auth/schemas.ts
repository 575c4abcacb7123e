import { z } from 'zod';

export const ensureUserResponseSchema = z
  .object({
    userExists: z.boolean().describe('false when this call created the record'),
    userId: z.number().int(),
  })
  .meta({ id: 'EnsureUserResponse' });

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
