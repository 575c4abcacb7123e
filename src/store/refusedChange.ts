import type { AppDispatch } from '@/app/store';
import { isStaleVersion, toApiError, type ApiError } from '@/lib/api-error';
import { STALE_VERSION_NOTICE } from '@/notifications/notices';
import { notificationAdded } from '@/notifications/notificationsSlice';

/**
 * A change the server refused. When someone else changed the record first (409, decision 023)
 * the user is told so in their language; the reducers show the record as it is now.
 */
export function refusedChange(error: unknown, dispatch: AppDispatch): ApiError {
  const apiError = toApiError(error);
  if (isStaleVersion(apiError)) dispatch(notificationAdded(STALE_VERSION_NOTICE));
  return apiError;
}
