/**
 * What the trade partner routes take (docs/api/partners.md): a company, its addresses, contacts,
 * members, invitations and terms. The server validates each body with these schemas; the app
 * types what it sends with the types below (`z.input`), so both read one contract.
 */
import { z } from 'zod';
import { ACCESS_LEVELS, ADDRESS_TYPES, GRANTABLE_ACCESS_LEVELS } from './partner-access.js';
import {
  countryCodeSchema,
  countryField,
  emailField,
  optionalText,
  phoneField,
  requiredText,
  text,
  versionField,
  websiteField,
  type Versioned,
} from './request-fields.js';
import { termsVersionSchema } from './terms.js';

// ---- addresses -------------------------------------------------------------------------------

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

/** A new address as the app sends it. */
export type AddressBody = z.input<typeof addressInputSchema>;

export const addressPatchSchema = z
  .object({
    ...addressFields,
    position: z.number().int().min(0, 'must be 0 or more').max(1000, 'must be at most 1000'),
  })
  .partial()
  .extend({ version: versionField })
  .meta({ id: 'AddressPatch' });

// ---- the company -----------------------------------------------------------------------------

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

/** A new company (with its first address) as the app sends it. */
export type CreateTradePartnerBody = z.input<typeof partnerCreateSchema>;

export const partnerPatchSchema = z
  .object(companyFields)
  .partial()
  .extend({ version: versionField })
  .meta({ id: 'TradePartnerPatch' });

/** The company fields a change sends; absent fields stay as they are, null clears one. */
export type TradePartnerBody = Omit<z.input<typeof partnerPatchSchema>, 'version'>;

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

/** Accepting or withdrawing the terms, on the partner's version. */
export type TermsBody = Versioned<z.input<typeof termsSchema>>;

// ---- contacts --------------------------------------------------------------------------------

const contactFields = {
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: emailField,
  phone: phoneField,
  jobTitle: optionalText(100),
};

export const contactInputSchema = z
  .object(contactFields)
  .partial()
  .meta({ id: 'NewContact', description: 'an e-mail address or a name is required' });

/** A contact's fields as the app sends them, for a new contact or a change. */
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactPatchSchema = z
  .object(contactFields)
  .partial()
  .extend({ version: versionField })
  .meta({ id: 'ContactPatch' });

// ---- members and invitations -----------------------------------------------------------------

export const memberPatchSchema = z
  .object({
    accessLevel: z.enum(ACCESS_LEVELS, 'must be one of OWNER, ADMIN, EDITOR, VIEWER, NONE'),
    version: versionField,
  })
  .meta({ id: 'MemberPatch' });

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

/** An invitation as the app sends it. */
export type InvitationBody = z.input<typeof invitationInputSchema>;
