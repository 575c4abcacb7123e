import { z } from 'zod';
import type { contactInputSchema, contactPatchSchema } from '#common/partner-bodies.js';
import { uuidSchema } from '#server/api-schemas.js';

export type NewContact = z.infer<typeof contactInputSchema>;
export type ContactPatch = z.infer<typeof contactPatchSchema>;

export const contactParamsSchema = z.object({ uuid: uuidSchema, contactUuid: uuidSchema });
