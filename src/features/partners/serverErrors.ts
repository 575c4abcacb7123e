import { duplicateNumberSchema, type PartnerNumberField } from '@common/partners';
import type { ApiError } from '@/lib/api-error';

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
