import { z } from 'zod';
import { ADDRESS_TYPES } from '#server/db/schema/partners.js';
import { uuidSchema } from '#server/api-schemas.js';
import { countryCodeSchema } from '#server/modules/countries/countries-schemas.js';
import { versionField } from '#server/versions.js';
import { requiredText } from '../fields.js';

const addressFields = {
  type: z.enum(ADDRESS_TYPES, 'must be one of REGISTERED, OPERATING, BILLING, OTHER'),
  country: countryCodeSchema,
  city: requiredText(100),
  street: requiredText(200),
  houseNumber: requiredText(20),
  postCode: requiredText(20),
};

export const addressInputSchema = z
  .object({ ...addressFields, type: addressFields.type.optional() })
  .meta({ id: 'NewAddress' });

export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressPatchSchema = z
  .object({
    ...addressFields,
    position: z.number().int().min(0, 'must be 0 or more').max(1000, 'must be at most 1000'),
  })
  .partial()
  .extend({ version: versionField })
  .meta({ id: 'AddressPatch' });

export type AddressPatch = z.infer<typeof addressPatchSchema>;

export const addressParamsSchema = z.object({ uuid: uuidSchema, addressUuid: uuidSchema });
