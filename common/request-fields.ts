/**
 * The field rules request bodies share (docs/api/partners.md, "Field rules"): the server's
 * routes validate with them, the app types what it sends with them (`z.input`). Optional
 * fields take null or a blank string to clear them; the checks run on what is left.
 */
import countries from 'i18n-iso-countries';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

/** A string field; a missing one reads "is required" rather than zod's type message. */
export const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') });

export const requiredText = (max: number) =>
  text().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

const blankIsNull = (value: string | null) =>
  value === null || value.trim() === '' ? null : value.trim();

export const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).nullable().transform(blankIsNull);

/** An ISO 3166-1 alpha-2 code that exists; accepted in any case, stored in upper case. */
export const countryCodeSchema = text()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(
    (value) => /^[A-Z]{2}$/.test(value) && countries.isValid(value),
    'must be an existing ISO 3166-1 alpha-2 country code',
  )
  .describe('ISO 3166-1 alpha-2 country code');

/** A valid international phone number (with its + country code), stored in E.164. */
export const phoneNumberSchema = text()
  .trim()
  .max(40, 'must be at most 40 characters')
  .transform((value, ctx) => {
    const parsed = parsePhoneNumberFromString(value);
    if (!parsed?.isValid()) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a valid international phone number, such as +31 6 12345678',
      });
      return z.NEVER;
    }
    return parsed.number as string;
  })
  .describe('international phone number; stored and answered in E.164 (+31612345678)');

export const emailField = z
  .string()
  .max(254, 'must be at most 254 characters')
  .nullable()
  .transform(blankIsNull)
  .pipe(z.email('must be a valid e-mail address').nullable())
  .transform((value) => value?.toLowerCase() ?? null);

export const phoneField = z
  .string()
  .nullable()
  .transform(blankIsNull)
  .pipe(phoneNumberSchema.nullable());

export const countryField = z
  .string()
  .nullable()
  .transform(blankIsNull)
  .pipe(countryCodeSchema.nullable());

export const websiteField = z
  .string()
  .max(255, 'must be at most 255 characters')
  .nullable()
  .transform(blankIsNull)
  .transform((value) => (value && !/^https?:\/\//i.test(value) ? `https://${value}` : value))
  .pipe(
    z
      .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'must be a web address' })
      .nullable(),
  );

/** A uuid, 8-4-4-4-12 hex digits in any case (SPEC section 5), in lower case. */
export const uuidSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID')
  .transform((value) => value.toLowerCase())
  .describe('UUID');

/** The body field a change may name its version in, instead of If-Match (decision 023). */
export const versionField = z
  .number('must be a number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .optional()
  .describe('the version the change is based on; required unless the If-Match header names it');

/** A body as the app sends it: with the version of the record it read, never without. */
export type Versioned<T extends { version?: number | undefined }> = Omit<T, 'version'> & {
  version: number;
};
