import type { ApiError } from '@/lib/api-error';

interface FieldDetail {
  field: string;
  message: string;
}

const isFieldDetail = (value: unknown): value is FieldDetail =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldDetail).field === 'string' &&
  typeof (value as FieldDetail).message === 'string';

/**
 * The server's per-field messages of a 400 answer (`details: [{ field, message }]`), by field.
 * With `prefix` ('address'), only the fields under it ('address.city' → 'city').
 */
export function fieldErrorsOf(
  error: ApiError | null | undefined,
  prefix?: string,
): Record<string, string> {
  const details: unknown = error?.details;
  if (!Array.isArray(details)) return {};
  const result: Record<string, string> = {};
  for (const detail of details) {
    if (!isFieldDetail(detail)) continue;
    // Zod paths may come as 'address.city' or '/address/city'.
    const path = detail.field.replace(/^\//, '').replace(/\//g, '.');
    let field: string | null = path;
    if (prefix) field = path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : null;
    else if (path.includes('.')) field = null;
    if (field && !(field in result)) result[field] = detail.message;
  }
  return result;
}
