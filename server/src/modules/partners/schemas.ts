import { z } from 'zod';
import { ACCESS_LEVELS, PARTNER_ROLES } from '../../db/schema/partners.js';
import { dateTimeSchema, positiveIdSchema, uuidSchema } from '../../api-schemas.js';
import { addressInputSchema, addressSchema } from './addresses/schemas.js';
import { contactSchema } from './contacts/schemas.js';
import {
  countryField,
  emailField,
  optionalText,
  phoneField,
  requiredText,
  websiteField,
} from './fields.js';

export const tradePartnerSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    legalForm: z.string().nullable(),
    cocNumber: z.string().nullable().describe('normalised: upper case, no spaces, dots or dashes'),
    vatNumber: z.string().nullable().describe('normalised, with its country prefix'),
    country: z.string().nullable().describe('ISO 3166-1 alpha-2'),
    verified: z.boolean(),
    termsAccepted: z.boolean(),
    termsAcceptedAt: dateTimeSchema.nullable(),
    role: z
      .enum(PARTNER_ROLES)
      .nullable()
      .describe("the current user's role in this company, null for staff who are not members"),
    accessLevel: z
      .enum(ACCESS_LEVELS)
      .nullable()
      .describe("the current user's access level, null for staff who are not members"),
    isOwner: z.boolean().describe("role === 'OWNER'"),
    addresses: z
      .array(addressSchema)
      .describe('ordered by position; the first is the company address'),
    tradePartnerContacts: z.array(contactSchema),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'TradePartner' });

export type TradePartner = z.infer<typeof tradePartnerSchema>;

export const tradePartnerPageSchema = z
  .object({
    content: z.array(tradePartnerSchema),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'TradePartnerPage' });

export type TradePartnerPage = z.infer<typeof tradePartnerPageSchema>;

export const PARTNER_SORTS = ['name,asc', 'name,desc', 'createdAt,asc', 'createdAt,desc'] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];

export const partnerListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .optional()
    .describe('name, CoC number, VAT number or e-mail address contains this'),
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
  .meta({ id: 'TradePartnerPatch' });

export type PartnerPatch = z.infer<typeof partnerPatchSchema>;

export const termsSchema = z
  .object({ termsAccepted: z.boolean('must be true or false') })
  .meta({ id: 'TermsAcceptance' });

export const userRoleSchema = z
  .object({ role: z.enum(PARTNER_ROLES).nullable(), accessLevel: z.enum(ACCESS_LEVELS).nullable() })
  .meta({ id: 'PartnerUserRole' });

export const partnerIdParamsSchema = z.object({ id: positiveIdSchema });
export const partnerUuidParamsSchema = z.object({ uuid: uuidSchema });
