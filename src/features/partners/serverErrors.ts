import { duplicateNumberSchema, type PartnerNumberField } from '@common/partners';
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

/**
 * A 409 on a company, from its details (never its message): which number is taken, and the
 * partner holding it when staff may see it.
 */
export function conflictOf(error: ApiError): {
  field: PartnerNumberField | null;
  existing: { uuid: string; name: string } | null;
} {
  const details = duplicateNumberSchema.safeParse(error.details);
  if (!details.success) return { field: null, existing: null };
  const { field, uuid, name } = details.data;
  return {
    field,
    existing: uuid !== undefined && name !== undefined ? { uuid, name } : null,
  };
}

/** An empty text field means "nothing" to the API. */
export const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
