import { authNoticeRaised, signedOut } from '@/store/authActions';
import {
  httpNoticeRaised,
  notificationAdded,
  notificationClosed,
  notify,
} from '@/notifications/notificationsSlice';
import type { NotificationType } from '@/notifications/notification';
import { makeStore } from '../../tests/render-with-providers';

const items = (store: ReturnType<typeof makeStore>) => store.getState().notifications.items;

describe('notifications', () => {
  it.each<[NotificationType, number]>([
    ['success', 5000],
    ['info', 5000],
    ['warning', 8000],
    ['error', 10000],
  ])('closes a %s notification by itself after %i ms', (type, duration) => {
    const store = makeStore();
    store.dispatch(notify[type]('app.name', 'app.loading'));

    expect(items(store)).toEqual([
      { id: 'n1', type, title: 'app.name', message: 'app.loading', autoClose: true, duration },
    ]);
  });

  it('takes a duration, placeholder values and persistence from the caller', () => {
    const store = makeStore();
    store.dispatch(notify.success('app.name', 'dashboard.welcome', { values: { name: 'Mark' } }));
    store.dispatch(notify.error('app.name', 'app.loading', { duration: 3000 }));
    store.dispatch(notify.warning('app.name', 'app.reload', { autoClose: false }));

    expect(items(store)).toMatchObject([
      { id: 'n1', values: { name: 'Mark' }, autoClose: true, duration: 5000 },
      { id: 'n2', type: 'error', autoClose: true, duration: 3000 },
      { id: 'n3', type: 'warning', autoClose: false },
    ]);
  });

  it('closes one by id', () => {
    const store = makeStore();
    store.dispatch(notify.info('app.name', 'app.loading'));
    store.dispatch(notify.info('app.name', 'app.reload'));

    store.dispatch(notificationClosed('n1'));

    expect(items(store).map(({ id }) => id)).toEqual(['n2']);
  });

  it('does not repeat a notification that is still on screen', () => {
    const store = makeStore();
    store.dispatch(httpNoticeRaised('insufficient_permissions'));
    store.dispatch(httpNoticeRaised('insufficient_permissions'));
    expect(items(store)).toHaveLength(1);

    store.dispatch(notificationClosed('n1'));
    store.dispatch(httpNoticeRaised('insufficient_permissions'));
    expect(items(store).map(({ id }) => id)).toEqual(['n2']);
  });

  it('is emptied at sign-out', () => {
    const store = makeStore();
    store.dispatch(notificationAdded({ type: 'info', title: 'app.name', message: 'app.loading' }));

    store.dispatch(signedOut());

    expect(items(store)).toEqual([]);
  });
});

describe('session notices', () => {
  it('tells the user the session was refreshed', () => {
    const store = makeStore();
    store.dispatch(authNoticeRaised('session_refreshed'));

    expect(items(store)).toEqual([
      {
        id: 'n1',
        type: 'success',
        title: 'auth.notices.sessionRefreshed.title',
        message: 'auth.notices.sessionRefreshed.message',
        autoClose: true,
        duration: 5000,
      },
    ]);
  });

  it('shows a failed refresh for 5 s', () => {
    const store = makeStore();
    store.dispatch(authNoticeRaised('refresh_failed'));

    expect(items(store)).toMatchObject([
      {
        type: 'error',
        title: 'auth.notices.refreshFailed.title',
        message: 'auth.notices.refreshFailed.message',
        autoClose: true,
        duration: 5000,
      },
    ]);
  });

  it("announces the sign-in redirect of an API call's failed refresh with the HTTP texts", () => {
    const store = makeStore();
    store.dispatch(authNoticeRaised('call_session_expired'));
    store.dispatch(authNoticeRaised('call_refresh_failed'));

    expect(items(store)).toMatchObject([
      {
        title: 'auth.notices.sessionExpired.title',
        message: 'http.sessionExpired.message',
        autoClose: true,
      },
      {
        type: 'error',
        title: 'auth.notices.refreshFailed.title',
        message: 'specNotices.sessionRefreshFailed.message',
        duration: 5000,
      },
    ]);
  });

  it('tells of an ended session, a timed-out token and an unreachable sign-in service', () => {
    const store = makeStore();
    store.dispatch(authNoticeRaised('session_expired'));
    store.dispatch(authNoticeRaised('token_expired'));
    store.dispatch(authNoticeRaised('network_error'));

    expect(items(store)).toMatchObject([
      {
        type: 'warning',
        title: 'auth.notices.sessionExpired.title',
        message: 'auth.notices.sessionExpired.message',
      },
      {
        type: 'warning',
        title: 'auth.notices.tokenExpired.title',
        message: 'auth.notices.tokenExpired.message',
        duration: 5000,
      },
      // SPEC section 8: it does not close by itself.
      {
        type: 'error',
        title: 'auth.notices.networkError.title',
        message: 'auth.notices.networkError.message',
        autoClose: false,
      },
    ]);
  });
});

describe('HTTP notices', () => {
  it('keeps the network error until it is closed', () => {
    const store = makeStore();
    store.dispatch(httpNoticeRaised('network_error'));

    expect(items(store)).toMatchObject([
      {
        type: 'error',
        title: 'http.networkError.title',
        message: 'http.networkError.message',
        autoClose: false,
      },
    ]);
  });

  it('shows a refusal as Access Denied', () => {
    const store = makeStore();
    store.dispatch(httpNoticeRaised('insufficient_permissions'));

    expect(items(store)).toMatchObject([
      {
        type: 'error',
        title: 'auth.notices.insufficientPermissions.title',
        message: 'auth.notices.insufficientPermissions.message',
        autoClose: true,
        duration: 10000,
      },
    ]);
  });
});
