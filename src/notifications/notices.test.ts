import { AUTH_NOTICES, HTTP_NOTICES } from '@/notifications/notices';
import { translate } from '@/lib/i18n';

const texts = (notice: { title: string; message: string }) => [
  translate(notice.title),
  translate(notice.message),
];

describe('notice texts (SPEC section 8)', () => {
  it.each([
    ['session_expired', 'Session Expired', 'Your session has expired. Please log in again.'],
    ['token_expired', 'Session Timeout', 'Your session has timed out. Attempting to refresh...'],
    [
      'network_error',
      'Network Error',
      'Unable to connect to the authentication server. Please check your internet connection.',
    ],
    [
      'invalid_credentials',
      'Invalid Credentials',
      'The username or password you entered is incorrect.',
    ],
    [
      'insufficient_permissions',
      'Access Denied',
      'You do not have permission to access this resource.',
    ],
    ['account_locked', 'Account Locked', 'Your account has been locked. Please contact support.'],
    [
      'refresh_failed',
      'Authentication Refresh Failed',
      'Unable to refresh your authentication. You will be redirected to the login page.',
    ],
    ['session_refreshed', 'Session Refreshed', 'Your session has been successfully refreshed.'],
  ] as const)('%s: %s', (kind, title, message) => {
    expect(texts(AUTH_NOTICES[kind])).toEqual([title, message]);
  });

  it('keeps network errors and locked accounts until closed; timeouts last 5 s', () => {
    expect(AUTH_NOTICES.network_error.autoClose).toBe(false);
    expect(AUTH_NOTICES.account_locked.autoClose).toBe(false);
    expect(AUTH_NOTICES.token_expired.duration).toBe(5000);
    expect(AUTH_NOTICES.refresh_failed.duration).toBe(5000);
  });

  it('has the HTTP handling texts', () => {
    expect(texts(HTTP_NOTICES.network_error)).toEqual([
      'Network Error',
      'Unable to connect to the server. Please check your internet connection.',
    ]);
    expect(texts(HTTP_NOTICES.session_expired)).toEqual([
      'Session Expired',
      'Your session has expired. You will be redirected to the login page.',
    ]);
    expect(texts(HTTP_NOTICES.insufficient_permissions)).toEqual([
      'Access Denied',
      'You do not have permission to access this resource.',
    ]);
  });
});
