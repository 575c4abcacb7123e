import type { ApiError } from '@/lib/api-error';

/** A field as the server names it, without where it was ('body.vatNumber' → 'vatNumber'). */
export const fieldName = (field: string) => field.replace(/^(body|querystring|query|params)\./, '');

/** The server's 400 details by field (`[{ field, message }]`), split into the form and its address. */
export function fieldErrorsOf(error: ApiError): {
  company: Record<string, string>;
  address: Record<string, string>;
} {
  const company: Record<string, string> = {};
  const address: Record<string, string> = {};
  if (error.status === 400 && Array.isArray(error.details)) {
    for (const item of error.details as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const { field, message } = item as { field?: unknown; message?: unknown };
      if (typeof field !== 'string' || typeof message !== 'string') continue;
      const name = fieldName(field);
      const nested = /^address[./](.+)$/.exec(name);
      if (nested) address[nested[1]!] = message;
      else company[name] = message;
    }
  }
  return { company, address };
}

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
