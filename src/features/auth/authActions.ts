import { createAction } from '@reduxjs/toolkit';
import type { AuthNoticeKind } from '@/lib/keycloak';

/** The user signed out: every slice answers by resetting itself. */
export const signedOut = createAction('auth/signedOut');

/**
 * Something the user should be told about the session. Only recorded for now; the
 * notifications of the next issue turn it into a toast with these texts.
 */
export const authNoticeRaised = createAction<AuthNoticeKind>('auth/noticeRaised');

export const AUTH_NOTICE_KEYS = {
  session_refreshed: {
    title: 'auth.notices.sessionRefreshed.title',
    message: 'auth.notices.sessionRefreshed.message',
  },
  refresh_failed: {
    title: 'auth.notices.refreshFailed.title',
    message: 'auth.notices.refreshFailed.message',
  },
  session_expired: {
    title: 'auth.notices.sessionExpired.title',
    message: 'auth.notices.sessionExpired.message',
  },
} as const satisfies Record<AuthNoticeKind, { title: string; message: string }>;
