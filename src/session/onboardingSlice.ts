import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TradePartner } from '@common/partners';
import { createAppAsyncThunk } from '@/store/hooks';
import type { RootState } from '@/app/store';
import { paths } from '@/config/paths';
import { signedOut } from '@/store/authActions';
import { isProfileComplete } from '@/session/profileRules';
import {
  hasCompanyData,
  hasValidCompanyAddress,
  isInvitedMember,
  pickDefaultPartner,
} from '@/companies/companyRules';
import { currentPartnerSet, loadUserTradePartners } from '@/session/tradePartnerSlice';
import { selectRoles } from '@/session/userSlice';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';
import { hasAnyRole, STAFF_ROLES } from '@/lib/roles';
import { notBusy } from '@/store/requests';

/** The onboarding addresses of SPEC section 2. */
export const onboardingRoutes = {
  profileModal: `${paths.settingsBasicInfo}?showModal=true`,
  newUserProfile: paths.settingsBasicInfo,
  companyModal: `${paths.settingsCompanyInfo}?showModal=company`,
  addressModal: `${paths.settingsCompanyInfo}?showModal=address`,
} as const;

/** What the company step decided (docs/decisions/009-onboarding.md). */
export type CompanyStepOutcome =
  /** Staff have no company of their own: nothing to check. */
  | 'staff'
  /** An invited member: their partners are loaded, nothing is asked of them. */
  | 'invited'
  /** No company, or neither company data nor address: the company modal. */
  | 'companyMissing'
  /** A company without a valid address: the address modal. */
  | 'addressMissing'
  | 'complete';

export interface OnboardingState {
  /** An existing user's profile lacks one of the seven fields (SPEC section 4.2). */
  profileIncomplete: boolean;
  /** The user record was just created: no basic information yet (SPEC section 4.3). */
  basicInfoMissing: boolean;
  /** SPEC section 4.7's company-initialisation, as a request. */
  companyStep: RequestState;
  companyOutcome: CompanyStepOutcome | null;
  /** Where the app must go next; useOnboardingRedirect takes the router there. */
  redirect: string | null;
}

const initialState: OnboardingState = {
  profileIncomplete: false,
  basicInfoMissing: false,
  companyStep: idleRequest(),
  companyOutcome: null,
  redirect: null,
};

const REDIRECTS: Partial<Record<CompanyStepOutcome, string>> = {
  companyMissing: onboardingRoutes.companyModal,
  addressMissing: onboardingRoutes.addressModal,
};

/** The company check proper, on the partners the user has. */
function companyOutcome(partner: TradePartner | null): CompanyStepOutcome {
  if (!partner) return 'companyMissing';
  const address = hasValidCompanyAddress(partner);
  if (!address && !hasCompanyData(partner)) return 'companyMissing';
  return address ? 'complete' : 'addressMissing';
}

/**
 * The company step (SPEC section 4.5), run at start-up for a complete profile and after the
 * profile is completed. Staff skip it. Invited users only load their trade partners. Anyone
 * else gets the company check: the first trade partner (the one they own) becomes current,
 * flagged isOwner, and a missing company or address sends them to its modal. A failed lookup
 * is logged and counts as no company (SPEC section 8); the company page reads the partners
 * afresh before it creates one.
 */
export const runCompanyStep = createAppAsyncThunk(
  'onboarding/companyStep',
  async (_arg, { dispatch, getState }): Promise<CompanyStepOutcome> => {
    if (hasAnyRole(selectRoles(getState()), STAFF_ROLES)) return 'staff';
    let partners: TradePartner[] = [];
    try {
      partners = await dispatch(loadUserTradePartners()).unwrap();
    } catch (error) {
      console.error('Company check: trade partners could not be loaded:', error);
    }
    const chosen = pickDefaultPartner(partners);
    if (isInvitedMember(partners)) {
      const current = getState().tradePartner.currentUuid;
      if (!partners.some((partner) => partner.uuid === current)) {
        dispatch(currentPartnerSet(chosen));
      }
      return 'invited';
    }
    if (chosen) dispatch(currentPartnerSet({ ...chosen, isOwner: true }));
    return companyOutcome(chosen);
  },
  { condition: notBusy((state: RootState) => state.onboarding.companyStep) },
);

/**
 * Start-up after the user record is loaded (SPEC section 4, steps 2 and 3): a new user goes to
 * the basic information, an incomplete profile to its modal; a complete one has the company
 * step. The app becomes ready when this settles (authSlice.initializeUser).
 */
export const startOnboarding = createAppAsyncThunk(
  'onboarding/start',
  async ({ isNewUser }: { isNewUser: boolean }, { dispatch, getState }) => {
    if (isNewUser) return 'newUser' as const;
    if (!isProfileComplete(getState().user.user)) return 'profileIncomplete' as const;
    await dispatch(runCompanyStep());
    return 'profileComplete' as const;
  },
);

/**
 * The profile was saved complete (SPEC section 4.5): the profile flags are cleared and the
 * company step runs. Resolves with its outcome.
 */
export const completeProfileStep = createAppAsyncThunk(
  'onboarding/profileCompleted',
  async (_arg, { dispatch }) => dispatch(runCompanyStep()).unwrap(),
);

export const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState,
  reducers: {
    /** The router has gone where `redirect` said. */
    redirectDone(state) {
      state.redirect = null;
    },
    /** Start-up lands here instead (a self-service link's file, just claimed). */
    landingChosen(state, action: PayloadAction<string>) {
      state.redirect = action.payload;
    },
    /** The company (or its address) was saved from the onboarding modal. */
    companyCompleted(state) {
      state.companyOutcome = 'complete';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(startOnboarding.fulfilled, (state, action) => {
        if (action.payload === 'newUser') {
          state.basicInfoMissing = true;
          state.redirect = onboardingRoutes.newUserProfile;
        } else if (action.payload === 'profileIncomplete') {
          state.profileIncomplete = true;
          state.redirect = onboardingRoutes.profileModal;
        }
      })
      .addCase(completeProfileStep.pending, (state) => {
        state.profileIncomplete = false;
        state.basicInfoMissing = false;
      })
      .addCase(runCompanyStep.pending, (state) => recordPending(state.companyStep))
      .addCase(runCompanyStep.fulfilled, (state, action) => {
        recordFulfilled(state.companyStep);
        state.companyOutcome = action.payload;
        state.redirect = REDIRECTS[action.payload] ?? state.redirect;
      })
      // Reached only through an unexpected error: the lookups themselves never reject.
      .addCase(runCompanyStep.rejected, (state, action) =>
        recordRejected(state.companyStep, action),
      );
  },
});

export const { redirectDone, landingChosen, companyCompleted } = onboardingSlice.actions;

export const selectOnboardingRedirect = (state: RootState) => state.onboarding.redirect;
export const selectBasicInfoMissing = (state: RootState) => state.onboarding.basicInfoMissing;
/** Whether the profile still has to be completed as part of onboarding. */
export const selectProfileOnboarding = (state: RootState) =>
  state.onboarding.profileIncomplete || state.onboarding.basicInfoMissing;
