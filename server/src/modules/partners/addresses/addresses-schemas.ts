import { z } from 'zod';
import type { addressInputSchema, addressPatchSchema } from '#common/partner-bodies.js';
import { uuidSchema } from '#server/api-schemas.js';

export type AddressInput = z.infer<typeof addressInputSchema>;
export type AddressPatch = z.infer<typeof addressPatchSchema>;

export const addressParamsSchema = z.object({ uuid: uuidSchema, addressUuid: uuidSchema });
