import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { tradePartnerSchema, type TradePartner } from '@common/partners';
import { TERMS_VERSION } from '@common/terms';
import type { RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
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

/** SPEC section 3's trade partner state holder. */
export interface TradePartnerState {
  /** The signed-in user's trade partners. */
  list: TradePartner[];
  listRequest: RequestState;
  /** The partner the user works with now. */
  current: TradePartner | null;
  currentRequest: RequestState;
  /** SPEC section 4.6: the first partner the user owns, else the first. */
  userDefault: TradePartner | null;
  termsRequest: RequestState;
  saveRequest: RequestState;
  /** SPEC section 4.7's trade-partner-loading: set by a load, cleared 1.5 s after it settles. */
  loading: boolean;
  /** The partner the address names (SPEC section 2), kept up to date on every navigation. */
  urlPartnerId: number | null;
  urlPartnerUuid: string | null;
}

const initialState: TradePartnerState = {
  list: [],
  listRequest: idleRequest(),
  current: null,
  currentRequest: idleRequest(),
  userDefault: null,
  termsRequest: idleRequest(),
  saveRequest: idleRequest(),
  loading: false,
  urlPartnerId: null,
  urlPartnerUuid: null,
};

/** What app/store.ts keeps in the browser: the partners, not the requests or the address. */
export const PERSISTED_TRADE_PARTNER_KEYS = [
  'list',
  'current',
  'userDefault',
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

/** Puts a fresh copy of `partner` wherever the state holds it. */
function refresh(state: TradePartnerState, partner: TradePartner) {
  const index = state.list.findIndex((item) => item.uuid === partner.uuid);
  if (index >= 0) state.list[index] = partner;
  if (state.current?.uuid === partner.uuid) state.current = partner;
  state.userDefault = pickDefaultPartner(state.list);
}

export const tradePartnerSlice = createSlice({
  name: 'tradePartner',
  initialState,
  reducers: {
    /** The partner the user works with from now on (the company check stores it). */
    currentPartnerSet(state, action: PayloadAction<TradePartner | null>) {
      state.current = action.payload;
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
        state.list = action.payload;
        state.userDefault = pickDefaultPartner(action.payload);
        // The current partner stays when it is still one of the user's, in its fresh form.
        const current = action.payload.find((partner) => partner.uuid === state.current?.uuid);
        if (current && state.current)
          state.current = { ...current, isOwner: state.current.isOwner };
      })
      .addCase(loadTradePartner.fulfilled, (state, action) => {
        state.current = action.payload;
        // The user's list shows the same company: as it is now there too (after a 409, say).
        refresh(state, action.payload);
      })
      .addCase(setTermsAccepted.fulfilled, (state, action) => refresh(state, action.payload))
      .addCase(setTermsAccepted.rejected, (state, action) => {
        // Someone else changed the partner first: shown as it is now.
        const current = staleCurrent(action.payload, tradePartnerSchema);
        if (current) refresh(state, current);
      })
      .addCase(saveCompany.fulfilled, (state, action) => {
        const saved = action.payload;
        if (!state.list.some((partner) => partner.uuid === saved.uuid)) state.list.push(saved);
        refresh(state, saved);
        state.current = saved;
      });
    addRequest(builder, loadUserTradePartners, (state) => state.listRequest);
    addRequest(builder, loadTradePartner, (state) => state.currentRequest);
    addRequest(builder, setTermsAccepted, (state) => state.termsRequest);
    addRequest(builder, saveCompany, (state) => state.saveRequest);
  },
});

export const { currentPartnerSet, urlPartnerChanged } = tradePartnerSlice.actions;
const { tradePartnerLoadingCleared } = tradePartnerSlice.actions;

export const selectTradePartners = (state: RootState) => state.tradePartner.list;
export const selectTradePartnersRequest = (state: RootState) => state.tradePartner.listRequest;
export const selectCurrentTradePartner = (state: RootState) => state.tradePartner.current;
export const selectUserDefaultTradePartner = (state: RootState) => state.tradePartner.userDefault;
export const selectTermsRequest = (state: RootState) => state.tradePartner.termsRequest;
