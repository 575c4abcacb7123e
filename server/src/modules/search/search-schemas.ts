import { z } from 'zod';

/** An empty parameter (`?cocNumber=`) counts as not given. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

/** Only bounds here; what makes a search valid is checked by the service (one 400 shape). */
export const searchQuerySchema = z.object({
  cocNumber: optionalText(64).describe('Chamber of Commerce number, in any notation'),
  vatNumber: optionalText(64).describe('VAT number, with or without its country prefix'),
  name: optionalText(200).describe('Company name, legal form optional'),
  country: optionalText(64).describe('ISO 3166-1 alpha-2 country of registration'),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;
