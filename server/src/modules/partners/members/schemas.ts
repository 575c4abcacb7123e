import { z } from 'zod';
import { ACCESS_LEVELS, PARTNER_ROLES } from '../../../db/schema/partners.js';
import { uuidSchema } from '../../../api-schemas.js';

export const memberSchema = z
  .object({
    userId: z.number().int(),
    userUuid: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    role: z.enum(PARTNER_ROLES),
    accessLevel: z.enum(ACCESS_LEVELS),
  })
  .meta({ id: 'Member' });

export type Member = z.infer<typeof memberSchema>;

export const memberPatchSchema = z
  .object({
    accessLevel: z.enum(ACCESS_LEVELS, 'must be one of OWNER, ADMIN, EDITOR, VIEWER, NONE'),
  })
  .meta({ id: 'MemberPatch' });

export const memberParamsSchema = z.object({ uuid: uuidSchema, userUuid: uuidSchema });
