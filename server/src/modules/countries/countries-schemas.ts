import { z } from 'zod';
import { LANGUAGES } from '#common/languages.js';
import { text } from '#server/api-schemas.js';
import { isCountryCode } from './countries-service.js';

export const countriesQuerySchema = z.object({
  lang: z.enum(LANGUAGES).default('en').describe('the language of the names'),
});

/** An ISO 3166-1 alpha-2 code that exists; accepted in any case, stored in upper case. */
export const countryCodeSchema = text()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCountryCode, 'must be an existing ISO 3166-1 alpha-2 country code')
  .describe('ISO 3166-1 alpha-2 country code');
