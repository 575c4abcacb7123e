import { z } from 'zod';
import type { profilePatchSchema } from '#common/profile-body.js';

export const identityParamsSchema = z.object({
  identityId: z.string().min(1).max(255),
});

export type ProfilePatch = z.infer<typeof profilePatchSchema>;
