import { z } from 'zod';
import { LANGUAGES } from '#common/languages.js';

export const countriesQuerySchema = z.object({
  lang: z.enum(LANGUAGES).default('en').describe('the language of the names'),
});
