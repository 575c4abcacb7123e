import { z } from 'zod';
import { PARTNER_SORTS } from '#common/partners.js';
import { positiveIdSchema, uuidSchema } from '#server/api-schemas.js';
import type { partnerCreateSchema, partnerPatchSchema } from '#common/partner-bodies.js';

export const partnerListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .optional()
    .describe(
      'a name that contains this; a CoC or VAT number (any notation) or, with an @, an e-mail address that starts with it',
    ),
  page: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .default(0),
  size: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(20),
  sort: z.enum(PARTNER_SORTS, `must be one of ${PARTNER_SORTS.join(', ')}`).default('name,asc'),
});

export type PartnerListQuery = z.infer<typeof partnerListQuerySchema>;

export type PartnerCreate = z.infer<typeof partnerCreateSchema>;
export type PartnerPatch = z.infer<typeof partnerPatchSchema>;

export const partnerIdParamsSchema = z.object({ id: positiveIdSchema });
export const partnerUuidParamsSchema = z.object({ uuid: uuidSchema });
