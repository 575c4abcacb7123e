import { z } from 'zod';
import { uuidSchema } from '#server/api-schemas.js';
import { versionField } from '#server/versions.js';
import { emailField, optionalText, phoneField } from '../fields.js';

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

export const contactPatchSchema = z
  .object(contactFields)
  .partial()
  .extend({ version: versionField })
  .meta({ id: 'ContactPatch' });

export type ContactPatch = z.infer<typeof contactPatchSchema>;

export const contactParamsSchema = z.object({ uuid: uuidSchema, contactUuid: uuidSchema });
