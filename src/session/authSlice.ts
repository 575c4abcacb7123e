import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '@/store/hooks';
import type { AppThunk, RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { clearEnsureUserCache, ensureUser } from '@/session/authApi';
import { kycPath } from '@/config/paths';
import { notify } from '@/notifications/notificationsSlice';
import { landingChosen, startOnboarding } from '@/session/onboardingSlice';
import { claimPendingLink } from '@/session/pendingClaim';
import { selectTradePartners } from '@/session/tradePartnerSlice';
import { fetchUser } from '@/session/userSlice';
import { toApiError } from '@/lib/api-error';
import { clearRequestCache } from '@/lib/request-dedup';
import { responseCache } from '@/lib/response-cache';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';
import type { TokenIdentity } from '@/lib/token';

export interface AuthState {
  authenticated: boolean;
  username: string | null;
  /** The identity provider's subject id (token `sub`). */
  identityId: string | null;
  givenName: string | null;
  familyName: string | null;
  email: string | null;
  roles: string[];
  /** The start-up thunk below: ensure the user record exists, then load it. */
  startup: RequestState;
  /** True until the user has been initialised (or that failed). */
  userInitialising: boolean;
  appReady: boolean;
  /** The user record was created by this start-up. */
  isNewUser: boolean;
}

const initialState: AuthState = {
  authenticated: false,
  username: null,
  identityId: null,
  givenName: null,
  familyName: null,
  email: null,
  roles: [],
  startup: idleRequest(),
  userInitialising: true,
  appReady: false,
  isNewUser: false,
};

function applyIdentity(state: AuthState, identity: TokenIdentity) {
  state.identityId = identity.identityId;
  state.username = identity.username;
  state.givenName = identity.givenName;
  state.familyName = identity.familyName;
  state.email = identity.email;
  state.roles = identity.roles;
}

/**
 * App start-up (SPEC section 4, steps 1-4): make sure the user record exists, claim the
 * self-service link the person signed up from (if any: they then land on its file), load the
 * record, then
 * onboarding (src/session/onboardingSlice.ts: profile completeness, the company step and where to go).
 * The app is ready once that settles.
 */
export const initializeUser = createAppAsyncThunk(
  'auth/initializeUser',
  async (_arg, { dispatch, getState, rejectWithValue }) => {
    const { authenticated, identityId } = getState().auth;
    if (!authenticated || !identityId) {
      return rejectWithValue({ status: 401, message: 'User is not authenticated' });
    }
    try {
      const { userExists } = await ensureUser(identityId);
      // Before onboarding: a claimed link's file brings its company along.
      const claim = await dispatch(claimPendingLink()).unwrap();
      await dispatch(fetchUser(identityId)).unwrap();
      await dispatch(startOnboarding({ isNewUser: !userExists })).unwrap();
      if (claim) {
        const company = selectTradePartners(getState()).find(
          (partner) => partner.uuid === claim.tradePartnerUuid,
        );
        dispatch(
          notify.success('selfService.claim.followTitle', 'selfService.claim.follow', {
            values: { company: company?.name ?? '' },
          }),
        );
        dispatch(landingChosen(kycPath(claim.kycId)));
      }
      return { isNewUser: !userExists };
    } catch (error) {
      console.error('User initialisation failed:', error);
      return rejectWithValue(toApiError(error));
    }
  },
  {
    // Once per start: unlike notBusy, a start that succeeded is not run again.
    condition: (_, { getState }) => {
      const { status } = getState().auth.startup;
      return status !== 'loading' && status !== 'succeeded';
    },
  },
);

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** keycloak-js is ready with a signed-in user. */
    sessionStarted(state, action: PayloadAction<TokenIdentity>) {
      state.authenticated = true;
      applyIdentity(state, action.payload);
    },
    /** A new access token arrived; its claims (roles, names) may have changed. */
    tokenRefreshed(state, action: PayloadAction<TokenIdentity>) {
      if (state.authenticated) applyIdentity(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(initializeUser.pending, (state) => {
        recordPending(state.startup);
        state.userInitialising = true;
        state.appReady = false;
      })
      .addCase(initializeUser.fulfilled, (state, action) => {
        recordFulfilled(state.startup);
        state.isNewUser = action.payload.isNewUser;
        state.appReady = true;
        state.userInitialising = false;
      })
      .addCase(initializeUser.rejected, (state, action) => {
        recordRejected(state.startup, action);
        state.appReady = false;
        state.userInitialising = false;
      });
  },
});

export const { sessionStarted, tokenRefreshed } = authSlice.actions;

/** Sends the browser to the identity provider's sign-in, coming back to `returnTo`. */
export const signIn =
  (returnTo: string): AppThunk =>
  (_dispatch, _getState, { auth }) => {
    auth.login(returnTo);
  };

/** Sends the browser to the identity provider's sign-up, coming back signed in to `returnTo`. */
export const signUp =
  (returnTo: string): AppThunk =>
  (_dispatch, _getState, { auth }) => {
    auth.register(returnTo);
  };

/** Ends the session at the identity provider and resets every slice. */
export const signOut =
  (): AppThunk =>
  (dispatch, _getState, { auth }) => {
    // Leave first: once the state is reset the route guard would otherwise ask for a new sign-in.
    auth.logout();
    clearEnsureUserCache();
    clearRequestCache();
    responseCache.clear();
    dispatch(signedOut());
  };

export const selectAuthenticated = (state: RootState) => state.auth.authenticated;
export const selectAppReady = (state: RootState) => state.auth.appReady;
export const selectStartup = (state: RootState) => state.auth.startup;
export const selectTokenProfile = createSelector(
  [
    (state: RootState) => state.auth.username,
    (state: RootState) => state.auth.givenName,
    (state: RootState) => state.auth.familyName,
    (state: RootState) => state.auth.email,
    (state: RootState) => state.auth.roles,
  ],
  (username, givenName, familyName, email, roles) => ({
    username,
    givenName,
    familyName,
    email,
    roles,
  }),
);
