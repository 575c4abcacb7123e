import { isAxiosError } from 'axios';
import { z } from 'zod';
import { errorResponseSchema } from '@common/api';

/** A failed call as slices keep it: plain data, safe to put in the store. */
export interface ApiError {
  /** HTTP status; 0 when no answer came back (network failure) or the answer was unusable. */
  status: number;
  message: string;
  details?: unknown;
}

// The server's one error shape (common/api.ts), read for its message and details only (the
// status comes from the response itself); an empty message is none the user can be shown.
const errorBodySchema = errorResponseSchema
  .partial({ statusCode: true, error: true })
  .refine((body) => body.message !== '');

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).status === 'number' &&
    typeof (value as ApiError).message === 'string' &&
    Object.keys(value).every((key) => key === 'status' || key === 'message' || key === 'details')
  );
}

export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (isAxiosError(error)) {
    const status = error.response?.status ?? 0;
    const body = errorBodySchema.safeParse(error.response?.data);
    if (body.success) {
      const { message, details } = body.data;
      return details === undefined ? { status, message } : { status, message, details };
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
