import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  tradePartnerSchema,
  type Contact,
  type PartnerUserRole,
  type TradePartner,
} from '@common/partners';
import { TERMS_VERSION } from '@common/terms';
import { createAppAsyncThunk } from '@/store/hooks';
import type { AppDispatch, RootState } from '@/app/store';
import { notificationAdded } from '@/notifications/notificationsSlice';
import { STALE_VERSION_NOTICE } from '@/notifications/notices';
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
  getContactByUuid,
  getCurrentUserTradePartners,
  getTradePartnerById,
  getTradePartnerByUuid,
  getTradePartnerUserRole,
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
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';

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
  currentContact: Contact | null;
  contactRequest: RequestState;
  /** The user's role in the current partner (GET .../user-role). */
  role: PartnerUserRole | null;
  roleRequest: RequestState;
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
  currentContact: null,
  contactRequest: idleRequest(),
  role: null,
  roleRequest: idleRequest(),
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
  'currentContact',
] as const satisfies readonly (keyof TradePartnerState)[];

/** SPEC section 4.7. */
export const TRADE_PARTNER_LOADING_CLEAR_MS = 1500;

/**
 * The signed-in user's trade partners (SPEC section 7): by the user's uuid, falling back to
 * the user's id; GET /api/partners/user when no uuid is known.
 */
export const loadUserTradePartners = createAppAsyncThunk(
  'tradePartner/loadUserPartners',
  async (_arg, { getState, dispatch, rejectWithValue }) => {
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
      return rejectWithValue(toApiError(error));
    } finally {
      setTimeout(() => dispatch(tradePartnerLoadingCleared()), TRADE_PARTNER_LOADING_CLEAR_MS);
    }
  },
  { condition: (_arg, { getState }) => getState().tradePartner.listRequest.status !== 'loading' },
);

export type PartnerKey = { id: number; uuid?: undefined } | { uuid: string; id?: undefined };

/** One partner by uuid (preferred) or legacy id; it becomes the current partner. */
export const loadTradePartner = createAppAsyncThunk(
  'tradePartner/loadPartner',
  async (key: PartnerKey, { rejectWithValue }) => {
    try {
      return key.uuid !== undefined
        ? await getTradePartnerByUuid(key.uuid)
        : await getTradePartnerById(key.id);
    } catch (error) {
      console.error('Trade partner could not be loaded:', error);
      return rejectWithValue(toApiError(error));
    }
  },
);

/** The user's role in a partner; an undefined id fails with 'Trade partner ID is undefined'. */
export const loadTradePartnerRole = createAppAsyncThunk(
  'tradePartner/loadRole',
  async (id: number | undefined, { rejectWithValue }) => {
    try {
      return await getTradePartnerUserRole(id);
    } catch (error) {
      console.error('Trade partner role could not be loaded:', error);
      return rejectWithValue(toApiError(error));
    }
  },
);

/** One contact (GET /api/partners/contacts/uuid/{uuid}); it becomes the current contact. */
export const loadContact = createAppAsyncThunk(
  'tradePartner/loadContact',
  async (uuid: string, { rejectWithValue }) => {
    try {
      return await getContactByUuid(uuid);
    } catch (error) {
      console.error('Contact could not be loaded:', error);
      return rejectWithValue(toApiError(error));
    }
  },
);

/**
 * Accepts the terms in force (TERMS_VERSION, the version the dialog shows) or withdraws the
 * acceptance, for a partner by uuid or id (SPEC section 4.6; decision 027). Completes once the
 * partner shows the new value: the answer's, else a fresh read.
 */
export const setTermsAccepted = createAppAsyncThunk(
  'tradePartner/setTermsAccepted',
  async (
    {
      termsAccepted,
      version,
      ...key
    }: PartnerKey & { termsAccepted: boolean; /** The partner's, as read. */ version: number },
    { dispatch, rejectWithValue },
  ) => {
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
      const partner =
        answer.termsAccepted === termsAccepted ? answer : await getTradePartnerByUuid(answer.uuid);
      if (partner.termsAccepted !== termsAccepted) {
        return rejectWithValue({ status: 0, message: 'The terms acceptance was not saved' });
      }
      return partner;
    } catch (error) {
      console.error('Terms acceptance could not be saved:', error);
      return rejectWithValue(refusedChange(error, dispatch));
    }
  },
  { condition: (_arg, { getState }) => getState().tradePartner.termsRequest.status !== 'loading' },
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
export const saveCompany = createAppAsyncThunk(
  'tradePartner/saveCompany',
  async ({ partner, company, address }: SaveCompanyArg, { dispatch, rejectWithValue }) => {
    try {
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
    } catch (error) {
      console.error('Company could not be saved:', error);
      const apiError = refusedChange(error, dispatch);
      // Someone else changed the partner or its address first: show it as it is now.
      if (partner && isStaleVersion(apiError))
        void dispatch(loadTradePartner({ uuid: partner.uuid }));
      return rejectWithValue(apiError);
    }
  },
);

/**
 * A change the server refused. When someone else changed the record first (409, decision 023)
 * the user is told so in their language.
 */
function refusedChange(error: unknown, dispatch: AppDispatch): ApiError {
  const apiError = toApiError(error);
  if (isStaleVersion(apiError)) dispatch(notificationAdded(STALE_VERSION_NOTICE));
  return apiError;
}

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
    currentContactSet(state, action: PayloadAction<Contact | null>) {
      state.currentContact = action.payload;
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
        recordPending(state.listRequest);
        state.loading = true;
      })
      .addCase(loadUserTradePartners.fulfilled, (state, action) => {
        recordFulfilled(state.listRequest);
        state.list = action.payload;
        state.userDefault = pickDefaultPartner(action.payload);
        // The current partner stays when it is still one of the user's, in its fresh form.
        const current = action.payload.find((partner) => partner.uuid === state.current?.uuid);
        if (current && state.current)
          state.current = { ...current, isOwner: state.current.isOwner };
      })
      .addCase(loadUserTradePartners.rejected, (state, action) =>
        recordRejected(state.listRequest, action),
      )
      .addCase(loadTradePartner.pending, (state) => recordPending(state.currentRequest))
      .addCase(loadTradePartner.fulfilled, (state, action) => {
        recordFulfilled(state.currentRequest);
        state.current = action.payload;
        // The user's list shows the same company: as it is now there too (after a 409, say).
        refresh(state, action.payload);
      })
      .addCase(loadTradePartner.rejected, (state, action) =>
        recordRejected(state.currentRequest, action),
      )
      .addCase(loadTradePartnerRole.pending, (state) => recordPending(state.roleRequest))
      .addCase(loadTradePartnerRole.fulfilled, (state, action) => {
        recordFulfilled(state.roleRequest);
        state.role = action.payload;
      })
      .addCase(loadTradePartnerRole.rejected, (state, action) => {
        recordRejected(state.roleRequest, action);
        state.role = null;
      })
      .addCase(loadContact.pending, (state) => recordPending(state.contactRequest))
      .addCase(loadContact.fulfilled, (state, action) => {
        recordFulfilled(state.contactRequest);
        state.currentContact = action.payload;
      })
      .addCase(loadContact.rejected, (state, action) =>
        recordRejected(state.contactRequest, action),
      )
      .addCase(setTermsAccepted.pending, (state) => recordPending(state.termsRequest))
      .addCase(setTermsAccepted.fulfilled, (state, action) => {
        recordFulfilled(state.termsRequest);
        refresh(state, action.payload);
      })
      .addCase(setTermsAccepted.rejected, (state, action) => {
        recordRejected(state.termsRequest, action);
        // Someone else changed the partner first: shown as it is now.
        const current = staleCurrent(action.payload, tradePartnerSchema);
        if (current) refresh(state, current);
      })
      .addCase(saveCompany.pending, (state) => recordPending(state.saveRequest))
      .addCase(saveCompany.fulfilled, (state, action) => {
        recordFulfilled(state.saveRequest);
        const saved = action.payload;
        if (!state.list.some((partner) => partner.uuid === saved.uuid)) state.list.push(saved);
        refresh(state, saved);
        state.current = saved;
      })
      .addCase(saveCompany.rejected, (state, action) => recordRejected(state.saveRequest, action));
  },
});

export const {
  currentPartnerSet,
  currentContactSet,
  urlPartnerChanged,
  tradePartnerLoadingCleared,
} = tradePartnerSlice.actions;

export const selectTradePartners = (state: RootState) => state.tradePartner.list;
export const selectTradePartnersRequest = (state: RootState) => state.tradePartner.listRequest;
export const selectCurrentTradePartner = (state: RootState) => state.tradePartner.current;
export const selectUserDefaultTradePartner = (state: RootState) => state.tradePartner.userDefault;
export const selectCurrentContact = (state: RootState) => state.tradePartner.currentContact;
export const selectTradePartnerRole = (state: RootState) => state.tradePartner.role;
export const selectTermsRequest = (state: RootState) => state.tradePartner.termsRequest;
export const selectSaveCompanyRequest = (state: RootState) => state.tradePartner.saveRequest;
export const selectTradePartnerLoading = (state: RootState) => state.tradePartner.loading;
export const selectUrlPartnerId = (state: RootState) => state.tradePartner.urlPartnerId;
export const selectUrlPartnerUuid = (state: RootState) => state.tradePartner.urlPartnerUuid;
