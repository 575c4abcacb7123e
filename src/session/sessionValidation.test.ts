import { http, HttpResponse } from 'msw';
import { signedOut } from '@/store/authActions';
import { initializeUser, sessionStarted } from '@/session/authSlice';
import {
  SESSION_VALIDATION_INTERVAL_MS,
  startSessionValidation,
} from '@/session/sessionValidation';
import { httpNoticeRaised } from '@/notifications/notificationsSlice';
import { setHttpNotifier } from '@/lib/api-client';
import { server } from '../../tests/msw-server';
import { makeStore, markToken } from '../../tests/render-with-providers';

const sessionInfo = {
  subject: markToken.identityId,
  username: 'mark',
  email: markToken.email,
  roles: ['NT24_MANAGER'],
  effectiveRoles: ['NT24_MANAGER', 'NT24_EMPLOYEE'],
  expiresAt: 1_900_000_000,
};

describe('session validation', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('checks once the user is initialised, then every 5 minutes until sign-out', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const validate = vi.fn(async () => sessionInfo);
    const store = makeStore();
    stop = startSessionValidation(store, validate);

    store.dispatch(sessionStarted(markToken));
    expect(validate).not.toHaveBeenCalled();
    await store.dispatch(initializeUser());
    expect(validate).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(SESSION_VALIDATION_INTERVAL_MS - 1);
    expect(validate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(validate).toHaveBeenCalledTimes(2);

    store.dispatch(signedOut());
    vi.advanceTimersByTime(SESSION_VALIDATION_INTERVAL_MS * 3);
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it('asks GET /api/auth/session/info; a 403 there shows Access Denied', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    server.use(
      http.get('/api/auth/session/info', () => {
        calls += 1;
        return HttpResponse.json(
          { statusCode: 403, error: 'Forbidden', message: 'No' },
          { status: 403 },
        );
      }),
    );
    const store = makeStore();
    setHttpNotifier((notice) => store.dispatch(httpNoticeRaised(notice)));
    store.dispatch(sessionStarted(markToken));
    await store.dispatch(initializeUser());

    stop = startSessionValidation(store);

    await vi.waitFor(() => expect(store.getState().notifications.items).toHaveLength(1));
    expect(calls).toBe(1);
    expect(store.getState().notifications.items[0]).toMatchObject({
      title: 'auth.notices.insufficientPermissions.title',
    });
  });
});
