import { z } from 'zod';
import { ACCESS_LEVELS } from '#server/db/schema/partners.js';
import { uuidSchema } from '#server/api-schemas.js';
import { versionField } from '#server/versions.js';

export const memberPatchSchema = z
  .object({
    accessLevel: z.enum(ACCESS_LEVELS, 'must be one of OWNER, ADMIN, EDITOR, VIEWER, NONE'),
    version: versionField,
  })
  .meta({ id: 'MemberPatch' });

export const memberParamsSchema = z.object({ uuid: uuidSchema, userUuid: uuidSchema });
