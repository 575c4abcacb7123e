import { http, HttpResponse } from 'msw';
import { initializeUser, sessionStarted, signOut } from '@/session/authSlice';
import { errorBody, markDeVries } from '../../tests/msw-handlers';
import { server } from '../../tests/msw-server';
import { fakeAuth, makeStore, markToken } from '../../tests/render-with-providers';

function signedInStore(auth = fakeAuth()) {
  const store = makeStore(undefined, { auth });
  store.dispatch(sessionStarted(markToken));
  return store;
}

/** Counts calls to ensure-user while answering as given. */
function ensureUserAnswers(body: object, init?: ResponseInit) {
  const calls = { count: 0 };
  server.use(
    http.post('/api/auth/keycloak/ensure-user', () => {
      calls.count += 1;
      return HttpResponse.json(body, init);
    }),
  );
  return calls;
}

describe('start-up (initializeUser)', () => {
  it('starts with the user being initialised and the app not ready', () => {
    const { auth } = makeStore().getState();
    expect(auth).toMatchObject({
      userInitialising: true,
      appReady: false,
      startup: { status: 'idle' },
    });
  });

  it('marks the app ready for a user who already exists', async () => {
    const store = signedInStore();
    const pending = store.dispatch(initializeUser());
    expect(store.getState().auth).toMatchObject({ userInitialising: true, appReady: false });

    await pending;

    const { auth, user } = store.getState();
    expect(auth).toMatchObject({
      appReady: true,
      isNewUser: false,
      userInitialising: false,
      startup: { status: 'succeeded', error: null },
    });
    expect(user).toEqual({ user: markDeVries, status: 'succeeded', error: null });
  });

  it('marks the app ready and flags a user whose record was just created', async () => {
    ensureUserAnswers({ userExists: false, userId: markDeVries.id });
    const store = signedInStore();

    await store.dispatch(initializeUser());

    expect(store.getState().auth).toMatchObject({
      appReady: true,
      isNewUser: true,
      userInitialising: false,
    });
    expect(store.getState().user.user?.firstName).toBe('Mark');
  });

  it('leaves the app not ready with an error when ensure-user fails, and can be retried', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    ensureUserAnswers(errorBody(500, 'Internal Server Error', 'Something broke'), { status: 500 });
    const store = signedInStore();

    await store.dispatch(initializeUser());

    expect(store.getState().auth).toMatchObject({
      appReady: false,
      userInitialising: false,
      startup: { status: 'failed', error: { status: 500, message: 'Something broke' } },
    });
    expect(store.getState().user.status).toBe('idle');

    server.resetHandlers();
    await store.dispatch(initializeUser());
    expect(store.getState().auth).toMatchObject({
      appReady: true,
      startup: { status: 'succeeded' },
    });
  });

  it('fails when the user record cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/users/keycloak/:identityId', () =>
        HttpResponse.json(errorBody(404, 'Not Found', 'User not found'), { status: 404 }),
      ),
    );
    const store = signedInStore();

    await store.dispatch(initializeUser());

    expect(store.getState().auth).toMatchObject({
      appReady: false,
      userInitialising: false,
      startup: { status: 'failed', error: { status: 404 } },
    });
    expect(store.getState().user).toMatchObject({ status: 'failed', error: { status: 404 } });
  });

  it('refuses to start without a signed-in user', async () => {
    const store = makeStore();
    await store.dispatch(initializeUser());
    expect(store.getState().auth).toMatchObject({
      appReady: false,
      userInitialising: false,
      startup: { status: 'failed', error: { status: 401 } },
    });
  });

  it('runs once when asked twice, and reuses the ensure-user answer for 5 minutes', async () => {
    const calls = ensureUserAnswers({ userExists: true, userId: markDeVries.id });
    const store = signedInStore();

    await Promise.all([store.dispatch(initializeUser()), store.dispatch(initializeUser())]);
    expect(calls.count).toBe(1);

    // Another start-up for the same identity within the 5 minutes asks the server no more.
    const second = signedInStore();
    await second.dispatch(initializeUser());
    expect(calls.count).toBe(1);
  });
});

describe('signOut', () => {
  it('leaves through the identity provider and resets every slice', async () => {
    const auth = fakeAuth();
    const store = signedInStore(auth);
    await store.dispatch(initializeUser());

    store.dispatch(signOut());

    expect(auth.logout).toHaveBeenCalledTimes(1);
    expect(store.getState()).toEqual(makeStore().getState());
  });
});
