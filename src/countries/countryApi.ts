import type { Country } from '@common/countries';
import type { Language } from '@common/languages';
import { apiClient } from '@/lib/api-client';

/** The texts SPEC section 5 gives for a countries response that cannot be used. */
export const COUNTRIES_RESPONSE_ERRORS = {
  notAnArray: 'API response is not an array',
  empty: 'API response is an empty array',
  itemNotAnObject: 'API response item is not an object',
  unexpectedFormat: 'API response does not have the expected format',
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * Checks a countries response (SPEC section 5): a non-empty array whose first item is an object
 * with code and name. Items lacking either are dropped; the rest come sorted by name in the
 * collation of `language`.
 */
export function parseCountries(data: unknown, language: string = 'en'): Country[] {
  if (!Array.isArray(data)) throw new Error(COUNTRIES_RESPONSE_ERRORS.notAnArray);
  if (data.length === 0) throw new Error(COUNTRIES_RESPONSE_ERRORS.empty);
  const [first] = data as unknown[];
  if (!isRecord(first)) throw new Error(COUNTRIES_RESPONSE_ERRORS.itemNotAnObject);
  if (!('code' in first) || !('name' in first)) {
    throw new Error(COUNTRIES_RESPONSE_ERRORS.unexpectedFormat);
  }
  const collator = new Intl.Collator(language);
  return (data as unknown[])
    .filter(
      (item): item is Country =>
        isRecord(item) && nonEmptyText(item.code) && nonEmptyText(item.name),
    )
    .map(({ code, name }) => ({ code: code.toUpperCase(), name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** GET /api/utils/countries?lang=: every country, named in `language`. */
export async function getCountries(language: Language): Promise<Country[]> {
  const { data } = await apiClient.get<unknown>('/api/utils/countries', {
    params: { lang: language },
    // A failure is only logged (SPEC section 8): the screens fall back to the codes.
    skipErrorNotice: true,
  });
  return parseCountries(data, language);
}
