import { z } from 'zod';
import { PARTNER_SORTS } from '#common/partners.js';
import { positiveIdSchema, uuidSchema } from '#server/api-schemas.js';
import { termsVersionSchema } from '#common/terms.js';
import { versionField } from '#server/versions.js';
import { addressInputSchema } from './addresses/addresses-schemas.js';
import {
  countryField,
  emailField,
  optionalText,
  phoneField,
  requiredText,
  websiteField,
} from './fields.js';

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

const companyFields = {
  name: requiredText(200),
  email: emailField,
  phone: phoneField,
  website: websiteField,
  legalForm: optionalText(100),
  cocNumber: optionalText(40),
  vatNumber: optionalText(40),
  country: countryField,
};

export const partnerCreateSchema = z
  .object({
    ...companyFields,
    email: companyFields.email.optional(),
    phone: companyFields.phone.optional(),
    website: companyFields.website.optional(),
    legalForm: companyFields.legalForm.optional(),
    cocNumber: companyFields.cocNumber.optional(),
    vatNumber: companyFields.vatNumber.optional(),
    country: companyFields.country.optional(),
    address: addressInputSchema.optional().describe('the company address'),
  })
  .meta({ id: 'NewTradePartner' });

export type PartnerCreate = z.infer<typeof partnerCreateSchema>;

export const partnerPatchSchema = z
  .object(companyFields)
  .partial()
  .extend({ version: versionField })
  .meta({ id: 'TradePartnerPatch' });

export type PartnerPatch = z.infer<typeof partnerPatchSchema>;

export const termsSchema = z
  .object({
    termsAccepted: z.boolean('must be true or false'),
    termsVersion: termsVersionSchema
      .optional()
      .describe(
        'the version of the terms the person read (absent: the one in force); accepting another version than the one in force is 409',
      ),
    version: versionField,
  })
  .meta({ id: 'TermsAcceptance' });

export const partnerIdParamsSchema = z.object({ id: positiveIdSchema });
export const partnerUuidParamsSchema = z.object({ uuid: uuidSchema });
