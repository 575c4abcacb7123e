import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { SEXES } from '#common/users.js';
import { text } from '#server/api-schemas.js';
import { countryCodeSchema } from '#server/modules/countries/countries-schemas.js';

export const identityParamsSchema = z.object({
  identityId: z.string().min(1).max(255),
});

// ---- profile ------------------------------------------------------------------------------------

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

const nameSchema = text()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters');

const MIN_AGE = 16;
const MAX_AGE = 120;

/** Whole years between a yyyy-MM-dd birthday and today (UTC). */
function age(birthday: string, today: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const years = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return beforeBirthday ? years - 1 : years;
}

export const birthdaySchema = text()
  .trim()
  .pipe(z.iso.date('must be a date in the form yyyy-MM-dd'))
  .superRefine((value, ctx) => {
    const today = new Date();
    if (value >= today.toISOString().slice(0, 10)) {
      ctx.addIssue({ code: 'custom', message: 'must be in the past' });
      return;
    }
    const years = age(value, today);
    if (years < MIN_AGE || years > MAX_AGE) {
      ctx.addIssue({
        code: 'custom',
        message: `must give an age between ${MIN_AGE} and ${MAX_AGE}`,
      });
    }
  })
  .describe('yyyy-MM-dd, in the past, age 16 to 120');

const profileFields = {
  firstName: nameSchema,
  lastName: nameSchema,
  mobile: phoneNumberSchema,
  birthday: birthdaySchema,
  country: countryCodeSchema,
  nationality: countryCodeSchema,
  sex: z.enum(SEXES, 'must be one of MALE, FEMALE, OTHER'),
};

/** PUT: the whole profile, every field required and non-empty. Other user fields are ignored. */
export const profileSchema = z.object(profileFields).meta({ id: 'UserProfile' });

/** PATCH: any of the seven profile fields. */
export const profilePatchSchema = z
  .object(profileFields)
  .partial()
  .meta({ id: 'UserProfilePatch' });

export type ProfilePatch = z.infer<typeof profilePatchSchema>;
