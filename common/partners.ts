/**
 * The trade partner answers of docs/api/partners.md: a company with its addresses and contacts,
 * the current user's place in it, its members and invitations. The server's routes answer with
 * these schemas (and document them at /api/docs); the app parses with them.
 */
import { z } from 'zod';
import { dateTimeSchema, pageSchema, versionSchema } from './api.js';
import { ACCESS_LEVELS, ADDRESS_TYPES, PARTNER_ROLES } from './partner-access.js';
import { termsAcceptorSchema, termsVersionSchema } from './terms.js';

export const addressSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    type: z.enum(ADDRESS_TYPES),
    country: z.string().describe('ISO 3166-1 alpha-2'),
    city: z.string(),
    street: z.string(),
    houseNumber: z.string(),
    postCode: z.string(),
    position: z
      .number()
      .int()
      .describe('order within the company; the first is the company address'),
    version: versionSchema,
  })
  .meta({ id: 'Address' });

export type Address = z.infer<typeof addressSchema>;

export const contactSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    tradePartnerId: z.number().int(),
    userId: z
      .number()
      .int()
      .nullable()
      .describe('set when the contact is also a user of the portal'),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    jobTitle: z.string().nullable(),
    version: versionSchema,
  })
  .meta({ id: 'Contact' });

export type Contact = z.infer<typeof contactSchema>;

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
    verified: z.boolean().describe("the company's latest KYC file is APPROVED (decision 040)"),
    termsAccepted: z
      .boolean()
      .describe('the terms in force (termsVersion of common/terms.ts) are accepted'),
    termsAcceptedVersion: termsVersionSchema
      .nullable()
      .describe('the version of the last acceptance, which may be older than the one in force'),
    termsAcceptedAt: dateTimeSchema.nullable().describe('when the last acceptance was made'),
    termsAcceptedBy: termsAcceptorSchema.nullable().describe('who made the last acceptance'),
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
    version: versionSchema,
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'TradePartner' });

export type TradePartner = z.infer<typeof tradePartnerSchema>;

export const tradePartnerPageSchema = pageSchema(tradePartnerSchema).meta({
  id: 'TradePartnerPage',
});

export type TradePartnerPage = z.infer<typeof tradePartnerPageSchema>;

/** The numbers no two companies share. */
export const PARTNER_NUMBER_FIELDS = ['cocNumber', 'vatNumber'] as const;
export type PartnerNumberField = (typeof PARTNER_NUMBER_FIELDS)[number];

/** A 409's details when another company has a number: which one, and for staff which company. */
export const duplicateNumberSchema = z
  .object({
    field: z.enum(PARTNER_NUMBER_FIELDS).describe('the number another company has'),
    uuid: z.uuid().optional().describe('staff only: the company that has it'),
    name: z.string().optional().describe('staff only'),
  })
  .meta({ id: 'DuplicatePartnerNumber' });

export type DuplicateNumber = z.infer<typeof duplicateNumberSchema>;

/** How the list of partners may be sorted, in the order the app offers them. */
export const PARTNER_SORTS = ['name,asc', 'name,desc', 'createdAt,desc', 'createdAt,asc'] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];

export const userRoleSchema = z
  .object({ role: z.enum(PARTNER_ROLES).nullable(), accessLevel: z.enum(ACCESS_LEVELS).nullable() })
  .meta({ id: 'PartnerUserRole' });

export type PartnerUserRole = z.infer<typeof userRoleSchema>;

// ---- members and invitations ---------------------------------------------------------------

export const memberSchema = z
  .object({
    userId: z.number().int(),
    userUuid: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    role: z.enum(PARTNER_ROLES),
    accessLevel: z.enum(ACCESS_LEVELS),
    version: versionSchema.describe('of the membership'),
  })
  .meta({ id: 'Member' });

export type Member = z.infer<typeof memberSchema>;

export const INVITATION_STATUSES = ['OPEN', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const invitationSchema = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    tradePartnerId: z.number().int(),
    email: z.string(),
    accessLevel: z.enum(ACCESS_LEVELS),
    status: z.enum(INVITATION_STATUSES),
    createdAt: dateTimeSchema,
    expiresAt: dateTimeSchema,
    acceptedAt: dateTimeSchema.nullable(),
  })
  .meta({ id: 'Invitation' });

export type Invitation = z.infer<typeof invitationSchema>;

export const invitationCreatedSchema = z
  .object({
    invitation: invitationSchema,
    inviteUrl: z.string().describe('the link to send the invited person'),
    emailSent: z.boolean().describe('false when no mail server is configured or sending failed'),
  })
  .meta({ id: 'InvitationCreated' });

export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;
