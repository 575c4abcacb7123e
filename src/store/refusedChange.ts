import { createAction, type Dispatch } from '@reduxjs/toolkit';
import { isStaleVersion, toApiError, type ApiError } from '@/lib/api-error';

/**
 * Someone else changed the record first (409, decision 023). The notifications slice turns it
 * into the toast that says so (`STALE_VERSION_NOTICE`), as it does with the session's notices:
 * the ground every slice stands on raises the event, the place above it tells the user.
 */
export const staleVersionRefused = createAction('requests/staleVersionRefused');

/**
 * A change the server refused. When someone else changed the record first the user is told so
 * in their language; the reducers show the record as it is now.
 */
export function refusedChange(error: unknown, dispatch: Dispatch): ApiError {
  const apiError = toApiError(error);
  if (isStaleVersion(apiError)) dispatch(staleVersionRefused());
  return apiError;
}
