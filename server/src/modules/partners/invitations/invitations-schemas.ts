import { z } from 'zod';
import type { invitationInputSchema } from '#common/partner-bodies.js';
import { uuidSchema } from '#server/api-schemas.js';

export type InvitationInput = z.infer<typeof invitationInputSchema>;

export const invitationParamsSchema = z.object({ uuid: uuidSchema, invitationUuid: uuidSchema });
