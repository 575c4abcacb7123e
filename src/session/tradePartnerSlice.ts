import { createSelector, createSlice, isFulfilled, type PayloadAction } from '@reduxjs/toolkit';
import { tradePartnerSchema, type TradePartner } from '@common/partners';
import { TERMS_VERSION } from '@common/terms';
import type { RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import {
  holdPartners,
  selectPartnerByUuid,
  selectPartnerEntities,
} from '@/companies/partnerEntitiesSlice';
import { pickDefaultPartner } from '@/companies/companyRules';
import {
  toAddressBody,
  toCompanyBody,
  type AddressFormValues,
  type CompanyFormValues,
} from '@/companies/companyBodies';
import type { UrlPartner } from '@/session/partnerFromUrl';
import {
  addAddress,
  createTradePartner,
  getCurrentUserTradePartners,
  getTradePartnerById,
  getTradePartnerByUuid,
  getUserTradePartnersById,
  getUserTradePartnersByUuid,
  setTermsAcceptedById,
  setTermsAcceptedByUuid,
  updateAddress,
  updateTradePartner,
} from '@/companies/tradePartnerApi';
import {
  fieldIssues,
  isStaleVersion,
  staleCurrent,
  toApiError,
  type ApiError,
} from '@/lib/api-error';
import { idleRequest, type RequestState } from '@/lib/request-state';
import { addRequest, createChangeThunk, createFetch, notBusy } from '@/store/requests';

/**
 * The facts about the signed-in person in a partner record: kept here, so that a screen that
 * reads the partner for someone else's purpose (an order's partner, say) leaves them as the
 * session read them.
 */
type Membership = Pick<TradePartner, 'role' | 'accessLevel' | 'isOwner'>;

const membershipOf = ({ role, accessLevel, isOwner }: TradePartner): Membership => ({
  role,
  accessLevel,
  isOwner,
});

/**
 * SPEC section 3's trade partner state holder. The partners themselves are held once, by uuid,
 * in companies/partnerEntitiesSlice.ts; here are which of them are the user's and current.
 */
export interface TradePartnerState {
  /** The signed-in user's trade partners, in the order the server gives them. */
  userUuids: string[];
  /** The user's place in each of them, as the session's own answers gave it. */
  memberships: Record<string, Membership>;
  listRequest: RequestState;
  /** The partner the user works with now. */
  currentUuid: string | null;
  /** The user's place in it, as the company check or the last answer for it said. */
  currentMembership: Membership | null;
  currentRequest: RequestState;
  termsRequest: RequestState;
  saveRequest: RequestState;
  /** SPEC section 4.7's trade-partner-loading: set by a load, cleared 1.5 s after it settles. */
  loading: boolean;
  /** The partner the address names (SPEC section 2), kept up to date on every navigation. */
  urlPartnerId: number | null;
  urlPartnerUuid: string | null;
}

const initialState: TradePartnerState = {
  userUuids: [],
  memberships: {},
  listRequest: idleRequest(),
  currentUuid: null,
  currentMembership: null,
  currentRequest: idleRequest(),
  termsRequest: idleRequest(),
  saveRequest: idleRequest(),
  loading: false,
  urlPartnerId: null,
  urlPartnerUuid: null,
};

/**
 * What app/store.ts keeps in the browser: which partners, not the requests or the address (the
 * partners themselves are kept with the entity slice).
 */
export const PERSISTED_TRADE_PARTNER_KEYS = [
  'userUuids',
  'memberships',
  'currentUuid',
  'currentMembership',
] as const satisfies readonly (keyof TradePartnerState)[];

/** SPEC section 4.7. */
export const TRADE_PARTNER_LOADING_CLEAR_MS = 1500;

/**
 * The signed-in user's trade partners (SPEC section 7): by the user's uuid, falling back to
 * the user's id; GET /api/partners/user when no uuid is known.
 */
export const loadUserTradePartners = createFetch(
  'tradePartner/loadUserPartners',
  async (_arg, { getState, dispatch }) => {
    const user = getState().user.user;
    try {
      if (!user?.uuid) return await getCurrentUserTradePartners();
      try {
        return await getUserTradePartnersByUuid(user.uuid);
      } catch (error) {
        if (!user.id) throw error;
        console.warn('Trade partners by user uuid failed; trying the user id:', error);
        return await getUserTradePartnersById(user.id);
      }
    } catch (error) {
      console.error('Trade partners could not be loaded:', error);
      throw error;
    } finally {
      setTimeout(() => dispatch(tradePartnerLoadingCleared()), TRADE_PARTNER_LOADING_CLEAR_MS);
    }
  },
  { condition: notBusy((state: RootState) => state.tradePartner.listRequest) },
);

type PartnerKey = { id: number; uuid?: undefined } | { uuid: string; id?: undefined };

/** One partner by uuid (preferred) or legacy id; it becomes the current partner. */
export const loadTradePartner = createFetch('tradePartner/loadPartner', async (key: PartnerKey) => {
  try {
    return key.uuid !== undefined
      ? await getTradePartnerByUuid(key.uuid)
      : await getTradePartnerById(key.id);
  } catch (error) {
    console.error('Trade partner could not be loaded:', error);
    throw error;
  }
});

/**
 * Accepts the terms in force (TERMS_VERSION, the version the dialog shows) or withdraws the
 * acceptance, for a partner by uuid or id (SPEC section 4.6; decision 027). Completes once the
 * partner shows the new value: the answer's, else a fresh read.
 */
export const setTermsAccepted = createChangeThunk(
  'tradePartner/setTermsAccepted',
  async ({
    termsAccepted,
    version,
    ...key
  }: PartnerKey & { termsAccepted: boolean; /** The partner's, as read. */ version: number }) => {
    let partner: TradePartner;
    try {
      const body = {
        termsAccepted,
        version,
        ...(termsAccepted ? { termsVersion: TERMS_VERSION } : {}),
      };
      const answer =
        key.uuid !== undefined
          ? await setTermsAcceptedByUuid(key.uuid, body)
          : await setTermsAcceptedById(key.id, body);
      partner =
        answer.termsAccepted === termsAccepted ? answer : await getTradePartnerByUuid(answer.uuid);
    } catch (error) {
      console.error('Terms acceptance could not be saved:', error);
      throw error;
    }
    if (partner.termsAccepted !== termsAccepted) {
      throw { status: 0, message: 'The terms acceptance was not saved' } satisfies ApiError;
    }
    return partner;
  },
  { condition: notBusy((state: RootState) => state.tradePartner.termsRequest) },
);

export interface SaveCompanyArg {
  /** The partner to change; absent: a new partner is created (the user becomes its OWNER). */
  partner?: Pick<TradePartner, 'uuid' | 'version' | 'addresses'> | null;
  /** The company fields; absent: only the address is saved. */
  company?: CompanyFormValues;
  /** The company address (the partner's first); absent: left as it is. */
  address?: AddressFormValues;
}

/**
 * An address call's 400 names its fields as they are ('city'); the caller reads address
 * fields as 'address.city', the way POST /api/partners names them.
 */
function asAddressError(error: ApiError): ApiError {
  const issues = fieldIssues(error);
  if (issues.length === 0) return error;
  return {
    ...error,
    details: issues.map((issue) => ({ ...issue, field: `address.${issue.field}` })),
  };
}

/**
 * Saves company data and/or the company address: POST /api/partners for a new partner (with
 * its address), else PATCH the partner and PATCH its first address (POST when it has none).
 * The partner as saved becomes the current one.
 */
export const saveCompany = createChangeThunk(
  'tradePartner/saveCompany',
  async ({ partner, company, address }: SaveCompanyArg) => {
    if (!partner) {
      if (!company) throw new Error('A new trade partner needs its company data');
      return await createTradePartner({
        ...toCompanyBody(company, 'create'),
        ...(address ? { address: toAddressBody(address) } : {}),
      });
    }
    let saved: TradePartner | null = company
      ? await updateTradePartner(partner.uuid, toCompanyBody(company, 'update'), partner.version)
      : null;
    if (address) {
      const first = partner.addresses[0];
      try {
        if (first) {
          await updateAddress(partner.uuid, first.uuid, toAddressBody(address), first.version);
        } else await addAddress(partner.uuid, toAddressBody(address));
      } catch (error) {
        throw asAddressError(toApiError(error));
      }
      saved = await getTradePartnerByUuid(partner.uuid);
    }
    return saved ?? (await getTradePartnerByUuid(partner.uuid));
  },
  {
    onRefused: (error, { partner }, { dispatch }) => {
      console.error('Company could not be saved:', error);
      // Someone else changed the partner or its address first: show it as it is now.
      if (partner && isStaleVersion(error)) void dispatch(loadTradePartner({ uuid: partner.uuid }));
    },
  },
);

/** An answer of the session's own: the user's place in the partner as it says. */
function answered(state: TradePartnerState, partner: TradePartner) {
  if (state.memberships[partner.uuid]) state.memberships[partner.uuid] = membershipOf(partner);
  if (state.currentUuid === partner.uuid) state.currentMembership = membershipOf(partner);
}

export const tradePartnerSlice = createSlice({
  name: 'tradePartner',
  initialState,
  reducers: {
    /** The partner the user works with from now on (the company check stores it). */
    currentPartnerSet(state, action: PayloadAction<TradePartner | null>) {
      state.currentUuid = action.payload?.uuid ?? null;
      state.currentMembership = action.payload && membershipOf(action.payload);
    },
    /** A navigation completed; `action.payload` is what partnerFromPath made of the address. */
    urlPartnerChanged(state, action: PayloadAction<UrlPartner>) {
      state.urlPartnerId = action.payload.id;
      state.urlPartnerUuid = action.payload.uuid;
    },
    tradePartnerLoadingCleared(state) {
      state.loading = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(loadUserTradePartners.pending, (state) => {
        state.loading = true;
      })
      .addCase(loadUserTradePartners.fulfilled, (state, action) => {
        state.userUuids = action.payload.map((partner) => partner.uuid);
        state.memberships = Object.fromEntries(
          action.payload.map((partner) => [partner.uuid, membershipOf(partner)]),
        );
        // The current partner stays when it is still one of the user's, owned as it was.
        const current = action.payload.find((partner) => partner.uuid === state.currentUuid);
        if (current && state.currentMembership) {
          state.currentMembership = {
            ...membershipOf(current),
            isOwner: state.currentMembership.isOwner,
          };
        }
      })
      .addCase(loadTradePartner.fulfilled, (state, action) => {
        state.currentUuid = action.payload.uuid;
        answered(state, action.payload);
      })
      .addCase(setTermsAccepted.fulfilled, (state, action) => answered(state, action.payload))
      .addCase(setTermsAccepted.rejected, (state, action) => {
        const current = staleCurrent(action.payload, tradePartnerSchema);
        if (current) answered(state, current);
      })
      .addCase(saveCompany.fulfilled, (state, action) => {
        const saved = action.payload;
        if (!state.userUuids.includes(saved.uuid)) state.userUuids.push(saved.uuid);
        state.memberships[saved.uuid] = membershipOf(saved);
        state.currentUuid = saved.uuid;
        state.currentMembership = membershipOf(saved);
      });
    addRequest(builder, loadUserTradePartners, (state) => state.listRequest);
    addRequest(builder, loadTradePartner, (state) => state.currentRequest);
    addRequest(builder, setTermsAccepted, (state) => state.termsRequest);
    addRequest(builder, saveCompany, (state) => state.saveRequest);
  },
});

export const { currentPartnerSet, urlPartnerChanged } = tradePartnerSlice.actions;
const { tradePartnerLoadingCleared } = tradePartnerSlice.actions;

// The partners every answer here brings, held once (and, 409, someone else's newer version).
holdPartners(loadUserTradePartners.fulfilled.match, (action) => action.payload);
holdPartners(isFulfilled(loadTradePartner, setTermsAccepted, saveCompany), (action) => [
  action.payload,
]);
holdPartners(setTermsAccepted.rejected.match, (action) => [
  staleCurrent(action.payload, tradePartnerSchema),
]);
// A company the user picks was read with their list; it is held already unless built by hand.
holdPartners(currentPartnerSet.match, (action, held) =>
  action.payload && !held(action.payload.uuid) ? [action.payload] : [],
);

export const selectTradePartners = createSelector(
  [
    (state: RootState) => state.tradePartner.userUuids,
    (state: RootState) => state.tradePartner.memberships,
    selectPartnerEntities,
  ],
  (uuids, memberships, partners) =>
    uuids.flatMap((uuid) => {
      const partner = partners[uuid];
      return partner ? [{ ...partner, ...memberships[uuid] }] : [];
    }),
);
export const selectTradePartnersRequest = (state: RootState) => state.tradePartner.listRequest;
export const selectCurrentTradePartner = createSelector(
  [
    (state: RootState) => selectPartnerByUuid(state, state.tradePartner.currentUuid),
    (state: RootState) => state.tradePartner.currentMembership,
  ],
  (partner, membership): TradePartner | null => (partner ? { ...partner, ...membership } : null),
);
/** SPEC section 4.6: the first partner the user owns, else the first. */
export const selectUserDefaultTradePartner = createSelector(
  [selectTradePartners],
  pickDefaultPartner,
);
export const selectTermsRequest = (state: RootState) => state.tradePartner.termsRequest;
