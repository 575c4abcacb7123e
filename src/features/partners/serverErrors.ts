import type { ApiError } from '@/lib/api-error';

/** A 409 on a company: which number is taken, and the partner holding it when staff may see it. */
export function conflictOf(error: ApiError): {
  field: 'cocNumber' | 'vatNumber' | null;
  existing: { uuid: string; name: string } | null;
} {
  const field = /\bVAT\b/i.test(error.message)
    ? 'vatNumber'
    : /\bCoC\b/i.test(error.message)
      ? 'cocNumber'
      : null;
  const details = error.details as { uuid?: unknown; name?: unknown } | undefined;
  const existing =
    details && typeof details.uuid === 'string' && typeof details.name === 'string'
      ? { uuid: details.uuid, name: details.name }
      : null;
  return { field, existing };
}

/** An empty text field means "nothing" to the API. */
export const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
