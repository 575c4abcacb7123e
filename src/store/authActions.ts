import { createAction } from '@reduxjs/toolkit';
import type { AuthNoticeKind } from '@/lib/keycloak';

/** The user signed out: every slice answers by resetting itself. */
export const signedOut = createAction('auth/signedOut');

/**
 * Something the user should be told about the session; the notifications slice turns it into a
 * toast (`src/notifications/notices.ts` holds the texts).
 */
export const authNoticeRaised = createAction<AuthNoticeKind>('auth/noticeRaised');
