import type { NotificationInput } from '@/notifications/notification';
import type { HttpNotice } from '@/lib/api-client';
import type { AuthNoticeKind } from '@/lib/keycloak';

/** The authentication notices of SPEC section 8, plus the refreshed-session one of section 4. */
export type AuthNotice =
  | Exclude<AuthNoticeKind, `call_${string}`>
  | 'invalid_credentials'
  | 'insufficient_permissions'
  | 'account_locked';

export const AUTH_NOTICES: Record<AuthNotice, NotificationInput> = {
  session_refreshed: {
    type: 'success',
    title: 'auth.notices.sessionRefreshed.title',
    message: 'auth.notices.sessionRefreshed.message',
  },
  session_expired: {
    type: 'warning',
    title: 'auth.notices.sessionExpired.title',
    message: 'auth.notices.sessionExpired.message',
  },
  token_expired: {
    type: 'warning',
    title: 'auth.notices.tokenExpired.title',
    message: 'auth.notices.tokenExpired.message',
    duration: 5000,
  },
  network_error: {
    type: 'error',
    title: 'auth.notices.networkError.title',
    message: 'auth.notices.networkError.message',
    autoClose: false,
  },
  invalid_credentials: {
    type: 'error',
    title: 'auth.notices.invalidCredentials.title',
    message: 'auth.notices.invalidCredentials.message',
  },
  insufficient_permissions: {
    type: 'error',
    title: 'auth.notices.insufficientPermissions.title',
    message: 'auth.notices.insufficientPermissions.message',
  },
  account_locked: {
    type: 'error',
    title: 'auth.notices.accountLocked.title',
    message: 'auth.notices.accountLocked.message',
    autoClose: false,
  },
  refresh_failed: {
    type: 'error',
    title: 'auth.notices.refreshFailed.title',
    message: 'auth.notices.refreshFailed.message',
    duration: 5000,
  },
};

/** Someone else changed the record first (409, decision 023); the screen shows theirs now. */
export const STALE_VERSION_NOTICE: NotificationInput = {
  type: 'warning',
  title: 'http.staleVersion.title',
  message: 'http.staleVersion.message',
};

/** SPEC section 8, 'HTTP handling'. */
export const HTTP_NOTICES: Record<HttpNotice | 'session_expired', NotificationInput> = {
  network_error: {
    type: 'error',
    title: 'http.networkError.title',
    message: 'http.networkError.message',
    autoClose: false,
  },
  insufficient_permissions: AUTH_NOTICES.insufficient_permissions,
  // The message counts the seconds the server asked to wait (Retry-After).
  too_many_requests: {
    type: 'warning',
    title: 'http.tooManyRequests.title',
    message: 'http.tooManyRequests.message',
  },
  // The browser leaves for the sign-in page 2 s later.
  session_expired: {
    type: 'warning',
    title: 'auth.notices.sessionExpired.title',
    message: 'http.sessionExpired.message',
  },
};

/**
 * What the session tells (keycloak.ts): the authentication notices, and for an API call whose
 * 401 could not be mended, the texts of 'HTTP handling' (the browser leaves 2 s later).
 */
export const SESSION_NOTICES: Record<AuthNoticeKind, NotificationInput> = {
  session_refreshed: AUTH_NOTICES.session_refreshed,
  token_expired: AUTH_NOTICES.token_expired,
  session_expired: AUTH_NOTICES.session_expired,
  refresh_failed: AUTH_NOTICES.refresh_failed,
  network_error: AUTH_NOTICES.network_error,
  call_session_expired: HTTP_NOTICES.session_expired,
  call_refresh_failed: {
    type: 'error',
    title: 'auth.notices.refreshFailed.title',
    message: 'specNotices.sessionRefreshFailed.message',
    duration: 5000,
  },
};
