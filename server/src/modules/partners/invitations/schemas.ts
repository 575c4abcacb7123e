import { z } from 'zod';
import { ACCESS_LEVELS } from '../../../db/schema/partners.js';
import { dateTimeSchema, text, uuidSchema } from '../../../api-schemas.js';

export const INVITATION_STATUSES = ['OPEN', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Inviting someone with no access would be pointless. */
const INVITABLE_LEVELS = ['OWNER', 'ADMIN', 'EDITOR', 'VIEWER'] as const;

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

export const invitationInputSchema = z
  .object({
    email: text()
      .trim()
      .max(254, 'must be at most 254 characters')
      .pipe(z.email('must be a valid e-mail address'))
      .transform((value) => value.toLowerCase()),
    accessLevel: z
      .enum(INVITABLE_LEVELS, 'must be one of OWNER, ADMIN, EDITOR, VIEWER')
      .default('VIEWER'),
  })
  .meta({ id: 'NewInvitation' });

export type InvitationInput = z.infer<typeof invitationInputSchema>;

export const invitationCreatedSchema = z
  .object({
    invitation: invitationSchema,
    inviteUrl: z.string().describe('the link to send the invited person'),
    emailSent: z.boolean().describe('false when no mail server is configured or sending failed'),
  })
  .meta({ id: 'InvitationCreated' });

export const invitationParamsSchema = z.object({ uuid: uuidSchema, invitationUuid: uuidSchema });
