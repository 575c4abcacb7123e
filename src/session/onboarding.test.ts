import { http, HttpResponse } from 'msw';
import { initializeUser, sessionStarted } from '@/session/authSlice';
import {
  completeProfileStep,
  onboardingRoutes,
  redirectDone,
  runCompanyStep,
} from '@/session/onboardingSlice';
import { isProfileComplete, missingProfileFields } from '@/session/profileRules';
import { fetchUser } from '@/session/userSlice';
import { deVriesTrading, errorBody, markDeVries } from '../../tests/msw-handlers';
import { server } from '../../tests/msw-server';
import { makeStore, markToken } from '../../tests/render-with-providers';
import { tradePartnerView } from '../../tests/trade-partner-view';

/** A partner user (not staff), as the token names their roles. */
const ownerToken = { ...markToken, roles: ['NT24_TRADE_PARTNER'] };

function signedIn(token = ownerToken) {
  const store = makeStore();
  store.dispatch(sessionStarted(token));
  return store;
}

function userAnswers(user: object) {
  server.use(http.get('/api/users/keycloak/:identityId', () => HttpResponse.json(user)));
}

/** Answers the user's trade partners with `partners`, counting the calls. */
function partnersAnswer(partners: object[] | (() => Response)) {
  const calls = { count: 0 };
  server.use(
    http.get('/api/users/uuid/:uuid/trade-partners', () => {
      calls.count += 1;
      return typeof partners === 'function' ? partners() : HttpResponse.json(partners);
    }),
  );
  return calls;
}

const invitedCompany = {
  ...deVriesTrading,
  role: 'CONTACT',
  accessLevel: 'EDITOR',
  isOwner: false,
};
const noAddress = { ...deVriesTrading, addresses: [] };
const bareCompany = { ...deVriesTrading, cocNumber: null, vatNumber: null, addresses: [] };

describe('profile completeness (SPEC section 5)', () => {
  it('needs all seven fields non-empty', () => {
    expect(isProfileComplete(markDeVries)).toBe(true);
    for (const field of [
      'firstName',
      'lastName',
      'sex',
      'birthday',
      'nationality',
      'country',
      'mobile',
    ] as const) {
      expect(isProfileComplete({ ...markDeVries, [field]: null })).toBe(false);
      expect(isProfileComplete({ ...markDeVries, [field]: '' })).toBe(false);
      expect(isProfileComplete({ ...markDeVries, [field]: '  ' })).toBe(false);
    }
    expect(isProfileComplete(null)).toBe(false);
    expect(missingProfileFields({ ...markDeVries, sex: null, mobile: '' })).toEqual([
      'sex',
      'mobile',
    ]);
  });
});

describe('start-up and onboarding (SPEC section 4)', () => {
  it('sends a new user to the basic information, flagged, with the app ready', async () => {
    server.use(
      http.post('/api/auth/keycloak/ensure-user', () =>
        HttpResponse.json({ userExists: false, userId: markDeVries.id }),
      ),
    );
    userAnswers({
      ...markDeVries,
      firstName: null,
      lastName: null,
      sex: null,
      birthday: null,
      mobile: null,
    });
    const partnerCalls = partnersAnswer([]);
    const store = signedIn();

    await store.dispatch(initializeUser());

    const { auth, onboarding } = store.getState();
    expect(auth).toMatchObject({ appReady: true, isNewUser: true, userInitialising: false });
    expect(onboarding).toMatchObject({
      basicInfoMissing: true,
      profileIncomplete: false,
      redirect: '/settings/basic-info',
    });
    // The company step waits for the profile.
    expect(partnerCalls.count).toBe(0);
  });

  it('sends an existing user with an incomplete profile to the profile modal', async () => {
    userAnswers({ ...markDeVries, nationality: null });
    const partnerCalls = partnersAnswer([]);
    const store = signedIn();

    await store.dispatch(initializeUser());

    expect(store.getState().auth).toMatchObject({ appReady: true, userInitialising: false });
    expect(store.getState().onboarding).toMatchObject({
      profileIncomplete: true,
      basicInfoMissing: false,
      redirect: '/settings/basic-info?showModal=true',
    });
    expect(partnerCalls.count).toBe(0);
  });

  it('skips the company check for staff', async () => {
    const partnerCalls = partnersAnswer([]);
    const store = signedIn(markToken); // NT24_MANAGER

    await store.dispatch(initializeUser());

    expect(store.getState().auth.appReady).toBe(true);
    expect(store.getState().onboarding).toMatchObject({ companyOutcome: 'staff', redirect: null });
    expect(partnerCalls.count).toBe(0);
  });

  it('lets an owner with a complete company in, the company current and flagged isOwner', async () => {
    partnersAnswer([deVriesTrading]);
    const store = signedIn();

    await store.dispatch(initializeUser());

    const { auth, onboarding } = store.getState();
    const tradePartner = tradePartnerView(store.getState());
    expect(auth.appReady).toBe(true);
    expect(onboarding).toMatchObject({ companyOutcome: 'complete', redirect: null });
    expect(tradePartner.current).toMatchObject({ uuid: deVriesTrading.uuid, isOwner: true });
  });

  it.each([
    ['no company', []],
    ['neither company data nor address', [bareCompany]],
  ])('sends a user with %s to the company modal', async (_case, partners) => {
    partnersAnswer(partners);
    const store = signedIn();

    await store.dispatch(initializeUser());

    expect(store.getState().auth.appReady).toBe(true);
    expect(store.getState().onboarding).toMatchObject({
      companyOutcome: 'companyMissing',
      redirect: '/settings/company-info?showModal=company',
    });
  });

  it('sends a user whose company lacks only the address to the address modal', async () => {
    partnersAnswer([noAddress]);
    const store = signedIn();

    await store.dispatch(initializeUser());

    expect(store.getState().onboarding).toMatchObject({
      companyOutcome: 'addressMissing',
      redirect: onboardingRoutes.addressModal,
    });
    expect(tradePartnerView(store.getState()).current).toMatchObject({ isOwner: true });
  });

  it('only loads the trade partner of an invited user, whatever its state', async () => {
    partnersAnswer([{ ...invitedCompany, addresses: [] }]);
    const store = signedIn({ ...ownerToken, roles: ['CONTACT'] });

    await store.dispatch(initializeUser());

    const { onboarding } = store.getState();
    const tradePartner = tradePartnerView(store.getState());
    expect(onboarding).toMatchObject({ companyOutcome: 'invited', redirect: null });
    expect(tradePartner.list).toHaveLength(1);
    expect(tradePartner.current).toMatchObject({ uuid: invitedCompany.uuid, isOwner: false });
  });

  it('counts failed partner lookups as no company (SPEC section 8), and logs them', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    partnersAnswer(() =>
      HttpResponse.json(errorBody(500, 'Internal Server Error', 'Down'), { status: 500 }),
    );
    server.use(
      http.get('/api/users/:id/trade-partners', () =>
        HttpResponse.json(errorBody(500, 'Internal Server Error', 'Down'), { status: 500 }),
      ),
    );
    const store = signedIn();

    await store.dispatch(initializeUser());

    expect(store.getState().auth.appReady).toBe(true);
    expect(store.getState().onboarding.redirect).toBe(onboardingRoutes.companyModal);
    expect(logged).toHaveBeenCalled();
  });

  it('shows company-initialisation while the company step runs', async () => {
    let release: (() => void) | null = null;
    server.use(
      http.get('/api/users/uuid/:uuid/trade-partners', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json([deVriesTrading]);
      }),
    );
    const store = signedIn();
    await store.dispatch(fetchUser(ownerToken.identityId));
    const pending = store.dispatch(runCompanyStep());
    expect(store.getState().onboarding.companyStep.status).toBe('loading');
    expect(store.getState().tradePartner.loading).toBe(true);
    await vi.waitFor(() => expect(release).not.toBeNull());
    release!();
    await pending;
    expect(store.getState().onboarding.companyStep.status).toBe('succeeded');
  });

  it('after the profile is completed clears the flags and runs the company step', async () => {
    userAnswers({ ...markDeVries, mobile: null });
    partnersAnswer([]);
    const store = signedIn();
    await store.dispatch(initializeUser());
    expect(store.getState().onboarding.profileIncomplete).toBe(true);
    store.dispatch(redirectDone());

    const outcome = await store.dispatch(completeProfileStep()).unwrap();

    expect(outcome).toBe('companyMissing');
    expect(store.getState().onboarding).toMatchObject({
      profileIncomplete: false,
      basicInfoMissing: false,
      redirect: onboardingRoutes.companyModal,
    });
  });

  it('leaves the app not ready when the user record fails, and clears the loading flag', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/users/keycloak/:identityId', () =>
        HttpResponse.json(errorBody(500, 'Internal Server Error', 'Down'), { status: 500 }),
      ),
    );
    const partnerCalls = partnersAnswer([]);
    const store = signedIn();

    await store.dispatch(initializeUser());

    expect(store.getState().auth).toMatchObject({ appReady: false, userInitialising: false });
    expect(store.getState().onboarding.redirect).toBeNull();
    expect(partnerCalls.count).toBe(0);
  });
});
