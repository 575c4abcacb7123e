import { z } from 'zod';
import { postCodeRefusal } from '#common/company-rules.js';
import { ValidationError } from '#server/errors.js';
import { text } from '#server/api-schemas.js';
import { countryCodeSchema } from '#server/modules/countries/countries-schemas.js';
import { phoneNumberSchema } from '#server/modules/users/users-schemas.js';

/**
 * Field rules shared by companies, addresses and contacts (docs/api/partners.md, "Field rules").
 * Optional fields take null or a blank string to clear them; the checks run on what is left.
 */

export const requiredText = (max: number) =>
  text().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

const blankIsNull = (value: string | null) =>
  value === null || value.trim() === '' ? null : value.trim();

export const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).nullable().transform(blankIsNull);

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

/** 400 at `field` when the post code is not one of the address's country (decision 028). */
export function checkPostCode(field: string, address: { postCode: string; country: string }) {
  const refusal = postCodeRefusal(address.postCode, address.country);
  if (refusal) {
    throw new ValidationError(`${field}: ${refusal.message}`, [
      { field, message: refusal.message },
    ]);
  }
}
