import { z } from 'zod';

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

export const identityParamsSchema = z.object({
  identityId: z.string().min(1).max(255),
});
