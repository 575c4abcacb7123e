/** A country as GET /api/utils/countries lists it (SPEC section 3): code and localised name. */
import { z } from 'zod';

export const countrySchema = z
  .object({ code: z.string(), name: z.string() })
  .meta({ id: 'Country' });

export type Country = z.infer<typeof countrySchema>;
