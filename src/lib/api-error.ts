import { isAxiosError } from 'axios';
import { z } from 'zod';
import {
  errorResponseSchema,
  fieldIssueSchema,
  STALE_VERSION,
  staleVersionSchema,
} from '@common/api';

/** A failed call as slices keep it: plain data, safe to put in the store. */
export interface ApiError {
  /** HTTP status; 0 when no answer came back (network failure) or the answer was unusable. */
  status: number;
  message: string;
  details?: unknown;
  /** The server's id of the request (its X-Request-Id): what a support person asks for. */
  requestId?: string;
}

const API_ERROR_KEYS: ReadonlySet<string> = new Set(['status', 'message', 'details', 'requestId']);

// The server's one error shape (common/api.ts), read for its message, details and request id
// (the status comes from the response itself); an empty message is none the user can be shown.
const errorBodySchema = errorResponseSchema
  .partial({ statusCode: true, error: true, requestId: true })
  .refine((body) => body.message !== '');

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).status === 'number' &&
    typeof (value as ApiError).message === 'string' &&
    Object.keys(value).every((key) => API_ERROR_KEYS.has(key))
  );
}

export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (isAxiosError(error)) {
    const status = error.response?.status ?? 0;
    const body = errorBodySchema.safeParse(error.response?.data);
    if (body.success) {
      const { message, details, requestId } = body.data;
      return {
        status,
        message,
        ...(details === undefined ? {} : { details }),
        ...(requestId === undefined ? {} : { requestId }),
      };
    }
    return { status, message: error.message };
  }
  if (error instanceof z.ZodError) {
    return { status: 0, message: 'Unexpected response from the server', details: error.issues };
  }
  // Errors, and the plain { name, message } objects Redux Toolkit rejects with.
  if (typeof error === 'object' && error !== null && typeof (error as Error).message === 'string') {
    return { status: 0, message: (error as Error).message };
  }
  return { status: 0, message: String(error) };
}

/** A 409 because someone else changed the record first (decision 023). */
export function isStaleVersion(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 409) return false;
  return (error.details as { reason?: unknown } | undefined)?.reason === STALE_VERSION;
}

/**
 * The record as it is now, from a stale-version 409 (`details.current`); undefined for any
 * other answer, null when the record is gone.
 */
export function staleCurrent<T>(error: unknown, schema: z.ZodType<T>): T | null | undefined {
  if (!isStaleVersion(error)) return undefined;
  const parsed = staleVersionSchema(schema).safeParse((error as ApiError).details);
  return parsed.success ? parsed.data.current : undefined;
}

/** One problem the server found with one field of a request: an item of a 400's `details`. */
export interface FieldIssue {
  /** Dotted, without the part of the request it was in: 'vatNumber', 'address.city'. */
  field: string;
  message: string;
  /** The server's name for the problem, when it gives one (KYC step data: 'iban'). */
  code?: string;
}

/**
 * A field as the server names it, as the forms name it: without the part of the request
 * ('body.vatNumber', 'querystring.vatNumber' → 'vatNumber'), a pointer as a dotted path
 * ('/address/city' → 'address.city').
 */
export const fieldPath = (field: string): string =>
  field
    .replace(/^\//, '')
    .replace(/\//g, '.')
    .replace(/^(body|querystring|query|params)\./, '');

/**
 * The server's per-field problems of a 400 answer (`details: [{ field, message, code? }]`), in
 * its order; none for any other answer, and items of another shape are passed over.
 */
export function fieldIssues(error: ApiError | null | undefined): FieldIssue[] {
  if (error?.status !== 400 || !Array.isArray(error.details)) return [];
  return error.details.flatMap((detail: unknown) => {
    const parsed = fieldIssueSchema.safeParse(detail);
    if (!parsed.success) return [];
    const { field, message, code } = parsed.data;
    const issue = { field: fieldPath(field), message };
    return [code === undefined ? issue : { ...issue, code }];
  });
}

/**
 * A form's server messages by field name, the first for each: the top-level fields, or with
 * `prefix` ('address') the fields under it ('address.city' → 'city').
 */
export function fieldMessages(
  error: ApiError | null | undefined,
  prefix?: string,
): Record<string, string> {
  const nameOf = (field: string): string | null => {
    if (prefix === undefined) return field.includes('.') ? null : field;
    return field.startsWith(`${prefix}.`) ? field.slice(prefix.length + 1) : null;
  };
  const messages: Record<string, string> = {};
  for (const { field, message } of fieldIssues(error)) {
    const name = nameOf(field);
    if (name && !Object.hasOwn(messages, name)) messages[name] = message;
  }
  return messages;
}
