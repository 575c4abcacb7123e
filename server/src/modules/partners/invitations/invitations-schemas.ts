import { z } from 'zod';
import { GRANTABLE_ACCESS_LEVELS } from '#common/partner-access.js';
import { text, uuidSchema } from '#server/api-schemas.js';

export const invitationInputSchema = z
  .object({
    email: text()
      .trim()
      .max(254, 'must be at most 254 characters')
      .pipe(z.email('must be a valid e-mail address'))
      .transform((value) => value.toLowerCase()),
    accessLevel: z
      .enum(GRANTABLE_ACCESS_LEVELS, 'must be one of OWNER, ADMIN, EDITOR, VIEWER')
      .default('VIEWER'),
  })
  .meta({ id: 'NewInvitation' });

export type InvitationInput = z.infer<typeof invitationInputSchema>;

export const invitationParamsSchema = z.object({ uuid: uuidSchema, invitationUuid: uuidSchema });
