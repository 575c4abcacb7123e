/**
 * What PUT and PATCH /api/users/{id} take: the seven fields of a person's own profile. The
 * server validates with these schemas; the app types what it sends with `ProfileBody`.
 */
import { z } from 'zod';
import { countryCodeSchema, phoneNumberSchema, text } from './request-fields.js';
import { SEXES } from './users.js';

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

/** The profile as the app sends it (PATCH with all seven fields; birthday yyyy-MM-dd, mobile E.164). */
export type ProfileBody = z.input<typeof profileSchema>;
