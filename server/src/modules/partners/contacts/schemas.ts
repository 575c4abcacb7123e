import { z } from 'zod';
import { uuidSchema } from '../../../api-schemas.js';
import { emailField, optionalText, phoneField } from '../fields.js';

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
  })
  .meta({ id: 'Contact' });

export type Contact = z.infer<typeof contactSchema>;

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

export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactPatchSchema = z.object(contactFields).partial().meta({ id: 'ContactPatch' });

export type ContactPatch = z.infer<typeof contactPatchSchema>;

export const contactParamsSchema = z.object({ uuid: uuidSchema, contactUuid: uuidSchema });
