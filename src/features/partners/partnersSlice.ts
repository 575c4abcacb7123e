import { createSlice, isRejected, type WithSlice } from '@reduxjs/toolkit';
import type { Page } from '@common/api';
import type { AccessLevel } from '@common/partner-access';
import {
  addressSchema,
  contactSchema,
  memberSchema,
  tradePartnerSchema,
  type Invitation,
  type Member,
  type TradePartner,
} from '@common/partners';
import type { SearchResult } from '@common/search';
import { createAppAsyncThunk } from '@/store/hooks';
import type { AppDispatch } from '@/app/store';
import { rootReducer, type RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { setTermsAccepted } from '@/session/tradePartnerSlice';
import { notificationAdded } from '@/notifications/notificationsSlice';
import { STALE_VERSION_NOTICE } from '@/notifications/notices';
import { parsePartnerRef, partnerNamed } from '@/features/partners/partnerRef';
import {
  createContact,
  createInvitation,
  deleteAddress,
  deleteContact,
  listInvitations,
  listMembers,
  listPartners,
  removeMember,
  revokeInvitation,
  searchCompanies,
  updateContact,
  updateMemberAccess,
  type CompanySearch,
  type ContactInput,
  type PartnerListQuery,
} from '@/features/partners/partnersApi';
import {
  confidenceNotice,
  SEARCH_ERROR_NOTICE,
  SEARCH_RESULT_NOTICES,
  searchValidationNotice,
} from '@/features/partners/searchNotices';
import {
  addAddress,
  createTradePartner,
  getTradePartnerById,
  getTradePartnerByUuid,
  updateAddress,
  updateTradePartner,
  type AddressBody,
  type CreateTradePartnerBody,
  type TradePartnerBody,
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

export interface PartnersState {
  /** The page of the list screen; `key` names the query it answers. */
  list: RequestState & { key: string | null; page: Page<TradePartner> | null };
  /** The partner the detail screen shows; `ref` is the id or uuid from its address. */
  detail: RequestState & { ref: string | null; partner: TradePartner | null };
  members: RequestState & { partnerUuid: string | null; items: Member[] };
  invitations: RequestState & { partnerUuid: string | null; items: Invitation[] };
  /** The last company search of the new-partner screen. */
  search: RequestState & { query: CompanySearch | null; result: SearchResult | null };
}

const initialState: PartnersState = {
  list: { ...idleRequest(), key: null, page: null },
  detail: { ...idleRequest(), ref: null, partner: null },
  members: { ...idleRequest(), partnerUuid: null, items: [] },
  invitations: { ...idleRequest(), partnerUuid: null, items: [] },
  search: { ...idleRequest(), query: null, result: null },
};

/** The same query always gives the same key. */
export const listKey = (query: PartnerListQuery) =>
  JSON.stringify([query.search.trim(), query.page, query.size, query.sort]);

// --- The list ---------------------------------------------------------------------------------

export const fetchPartners = createAppAsyncThunk(
  'partners/fetchList',
  async (query: PartnerListQuery, { rejectWithValue }) => {
    try {
      return await listPartners(query);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    // The same page already on its way is not asked for twice.
    condition: (query, { getState }) => {
      const { status, key } = selectPartnerList(getState());
      return !(status === 'loading' && key === listKey(query));
    },
  },
);

// --- One partner ------------------------------------------------------------------------------

/** Loads the partner an address names (`/partners/{idOrUuid}`); rejects 404 for a bad value. */
export const fetchPartner = createAppAsyncThunk(
  'partners/fetchOne',
  async (idOrUuid: string, { rejectWithValue }) => {
    const ref = parsePartnerRef(idOrUuid);
    try {
      if (!ref) return rejectWithValue({ status: 404, message: 'Not a trade partner id or uuid' });
      return ref.kind === 'uuid'
        ? await getTradePartnerByUuid(ref.uuid)
        : await getTradePartnerById(ref.id);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (idOrUuid, { getState }) => {
      const { status, ref } = selectPartnerDetail(getState());
      return !(status === 'loading' && ref === idOrUuid);
    },
  },
);

/** A new partner (POST /api/partners); the detail screen shows it from the answer. */
export const createPartner = createAppAsyncThunk(
  'partners/create',
  async (body: CreateTradePartnerBody, { rejectWithValue }) => {
    try {
      return await createTradePartner(body);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
);

/**
 * A change the server refused. When someone else changed the record first (409, decision 023)
 * the user is told so in their language; the reducers show the record as it is now.
 */
function refusedChange(error: unknown, dispatch: AppDispatch): ApiError {
  const apiError = toApiError(error);
  if (isStaleVersion(apiError)) dispatch(notificationAdded(STALE_VERSION_NOTICE));
  return apiError;
}

/** A record the screen changes, as it was read: which one, and the version the change is on. */
interface Read {
  uuid: string;
  version: number;
}

export const savePartner = createAppAsyncThunk(
  'partners/save',
  async (
    { partner, body }: { partner: Read; body: TradePartnerBody },
    { dispatch, rejectWithValue },
  ) => {
    try {
      return await updateTradePartner(partner.uuid, body, partner.version);
    } catch (error) {
      return rejectWithValue(refusedChange(error, dispatch));
    }
  },
);

/** Adds an address, or changes the one `address` names. */
export const saveAddress = createAppAsyncThunk(
  'partners/saveAddress',
  async (
    { partnerUuid, address, body }: { partnerUuid: string; address?: Read; body: AddressBody },
    { dispatch, rejectWithValue },
  ) => {
    try {
      return address
        ? await updateAddress(partnerUuid, address.uuid, body, address.version)
        : await addAddress(partnerUuid, body);
    } catch (error) {
      return rejectWithValue(refusedChange(error, dispatch));
    }
  },
);

export const removeAddress = createAppAsyncThunk(
  'partners/removeAddress',
  async (
    { partnerUuid, address }: { partnerUuid: string; address: Read },
    { dispatch, rejectWithValue },
  ) => {
    try {
      await deleteAddress(partnerUuid, address.uuid, address.version);
    } catch (error) {
      return rejectWithValue(refusedChange(error, dispatch));
    }
  },
);

/** Adds a contact, or changes the one `contact` names. */
export const saveContact = createAppAsyncThunk(
  'partners/saveContact',
  async (
    { partnerUuid, contact, body }: { partnerUuid: string; contact?: Read; body: ContactInput },
    { dispatch, rejectWithValue },
  ) => {
    try {
      return contact
        ? await updateContact(partnerUuid, contact.uuid, body, contact.version)
        : await createContact(partnerUuid, body);
    } catch (error) {
      return rejectWithValue(refusedChange(error, dispatch));
    }
  },
);

export const removeContact = createAppAsyncThunk(
  'partners/removeContact',
  async (
    { partnerUuid, contact }: { partnerUuid: string; contact: Read },
    { dispatch, rejectWithValue },
  ) => {
    try {
      await deleteContact(partnerUuid, contact.uuid, contact.version);
    } catch (error) {
      return rejectWithValue(refusedChange(error, dispatch));
    }
  },
);

// --- Members and invitations ------------------------------------------------------------------

export const fetchMembers = createAppAsyncThunk(
  'partners/fetchMembers',
  async (partnerUuid: string, { rejectWithValue }) => {
    try {
      return await listMembers(partnerUuid);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (partnerUuid, { getState }) => {
      const { status, partnerUuid: held } = selectMembers(getState());
      return !(status === 'loading' && held === partnerUuid);
    },
  },
);

export const changeMemberAccess = createAppAsyncThunk(
  'partners/changeMemberAccess',
  async (
    {
      partnerUuid,
      member,
      accessLevel,
    }: { partnerUuid: string; member: Member; accessLevel: AccessLevel },
    { dispatch, rejectWithValue },
  ) => {
    try {
      return await updateMemberAccess(partnerUuid, member.userUuid, accessLevel, member.version);
    } catch (error) {
      return rejectWithValue(refusedChange(error, dispatch));
    }
  },
);

export const removePartnerMember = createAppAsyncThunk(
  'partners/removeMember',
  async (
    { partnerUuid, member }: { partnerUuid: string; member: Member },
    { dispatch, rejectWithValue },
  ) => {
    try {
      await removeMember(partnerUuid, member.userUuid, member.version);
    } catch (error) {
      return rejectWithValue(refusedChange(error, dispatch));
    }
  },
);

export const fetchInvitations = createAppAsyncThunk(
  'partners/fetchInvitations',
  async (partnerUuid: string, { rejectWithValue }) => {
    try {
      return await listInvitations(partnerUuid);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (partnerUuid, { getState }) => {
      const { status, partnerUuid: held } = selectInvitations(getState());
      return !(status === 'loading' && held === partnerUuid);
    },
  },
);

export const sendInvitation = createAppAsyncThunk(
  'partners/sendInvitation',
  async (
    {
      partnerUuid,
      email,
      accessLevel,
    }: { partnerUuid: string; email: string; accessLevel: AccessLevel },
    { rejectWithValue },
  ) => {
    try {
      return await createInvitation(partnerUuid, { email, accessLevel });
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
);

export const cancelInvitation = createAppAsyncThunk(
  'partners/revokeInvitation',
  async (
    { partnerUuid, invitationUuid }: { partnerUuid: string; invitationUuid: string },
    { rejectWithValue },
  ) => {
    try {
      await revokeInvitation(partnerUuid, invitationUuid);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
);

// --- Company search ---------------------------------------------------------------------------

/**
 * GET /api/partners/search, telling the user what it found (SPEC section 8): each result type
 * has its notice; partial and fuzzy matches also say how sure the search is.
 */
export const searchCompany = createAppAsyncThunk(
  'partners/search',
  async (query: CompanySearch, { dispatch, rejectWithValue }) => {
    try {
      const result = await searchCompanies(query);
      dispatch(notificationAdded(SEARCH_RESULT_NOTICES[result.resultType]));
      if (result.resultType === 'PARTIAL_MATCH' || result.resultType === 'FUZZY_MATCH') {
        dispatch(notificationAdded(confidenceNotice(result.confidence)));
      }
      return result;
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 400) {
        const problems = fieldIssues(apiError);
        dispatch(
          notificationAdded(
            searchValidationNotice(
              problems.length > 0 ? problems : [{ field: 'search', message: apiError.message }],
            ),
          ),
        );
      } else {
        console.error('Company search failed:', error);
        dispatch(notificationAdded(SEARCH_ERROR_NOTICE));
      }
      return rejectWithValue(apiError);
    }
  },
  { condition: (_query, { getState }) => selectCompanySearch(getState()).status !== 'loading' },
);

// --- The slice --------------------------------------------------------------------------------

type Keyed = { uuid: string };

function upsert<T extends Keyed>(items: T[], item: T) {
  const index = items.findIndex((candidate) => candidate.uuid === item.uuid);
  if (index === -1) items.push(item);
  else items[index] = item;
}

const without = <T extends Keyed>(items: T[], uuid: string) =>
  items.filter((item) => item.uuid !== uuid);

export const partnersSlice = createSlice({
  name: 'partners',
  initialState,
  reducers: {
    /** The new-partner screen starts over. */
    searchCleared(state) {
      state.search = initialState.search;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      // The list
      .addCase(fetchPartners.pending, (state, action) => {
        recordPending(state.list);
        state.list.key = listKey(action.meta.arg);
      })
      .addCase(fetchPartners.fulfilled, (state, action) => {
        // An answer to a query the screen has left behind is dropped.
        if (state.list.key !== listKey(action.meta.arg)) return;
        recordFulfilled(state.list);
        state.list.page = action.payload;
      })
      .addCase(fetchPartners.rejected, (state, action) => {
        if (state.list.key !== listKey(action.meta.arg)) return;
        recordRejected(state.list, action);
      })
      // One partner
      .addCase(fetchPartner.pending, (state, action) => {
        const sameOne = state.detail.ref === action.meta.arg;
        recordPending(state.detail);
        state.detail.ref = action.meta.arg;
        if (!sameOne) state.detail.partner = null;
      })
      .addCase(fetchPartner.fulfilled, (state, action) => {
        if (state.detail.ref !== action.meta.arg) return;
        recordFulfilled(state.detail);
        state.detail.partner = action.payload;
      })
      .addCase(fetchPartner.rejected, (state, action) => {
        if (state.detail.ref !== action.meta.arg) return;
        recordRejected(state.detail, action);
        state.detail.partner = null;
      })
      .addCase(createPartner.fulfilled, (state, action) => {
        // The new partner's page opens without asking again; the list is stale.
        state.detail = { ...idleRequest(), ref: action.payload.uuid, partner: action.payload };
        recordFulfilled(state.detail);
        state.list = initialState.list;
        state.search = initialState.search;
      })
      .addCase(savePartner.fulfilled, (state, action) => {
        if (state.detail.partner?.uuid === action.payload.uuid)
          state.detail.partner = action.payload;
      })
      // Someone else changed it first (decision 023): the screen shows it as it is now.
      .addCase(savePartner.rejected, (state, action) => {
        const current = staleCurrent(action.payload, tradePartnerSchema);
        if (current && state.detail.partner?.uuid === current.uuid) state.detail.partner = current;
      })
      // Terms accepted here or in Settings: the page and the list show the partner as answered.
      .addCase(setTermsAccepted.fulfilled, (state, action) => {
        const partner = action.payload;
        if (state.detail.partner?.uuid === partner.uuid) state.detail.partner = partner;
        const rows = state.list.page?.content ?? [];
        const index = rows.findIndex((row) => row.uuid === partner.uuid);
        if (index !== -1) rows[index] = partner;
      })
      .addCase(setTermsAccepted.rejected, (state, action) => {
        const current = staleCurrent(action.payload, tradePartnerSchema);
        if (current && state.detail.partner?.uuid === current.uuid) state.detail.partner = current;
      })
      .addCase(saveAddress.fulfilled, (state, action) => {
        const partner = state.detail.partner;
        if (partner?.uuid !== action.meta.arg.partnerUuid) return;
        upsert(partner.addresses, action.payload);
        partner.addresses.sort((a, b) => a.position - b.position);
      })
      .addCase(removeAddress.fulfilled, (state, action) => {
        const partner = state.detail.partner;
        if (partner?.uuid !== action.meta.arg.partnerUuid) return;
        partner.addresses = without(partner.addresses, action.meta.arg.address.uuid);
      })
      .addCase(saveContact.fulfilled, (state, action) => {
        const partner = state.detail.partner;
        if (partner?.uuid !== action.meta.arg.partnerUuid) return;
        upsert(partner.tradePartnerContacts, action.payload);
      })
      .addCase(removeContact.fulfilled, (state, action) => {
        const partner = state.detail.partner;
        if (partner?.uuid !== action.meta.arg.partnerUuid) return;
        partner.tradePartnerContacts = without(
          partner.tradePartnerContacts,
          action.meta.arg.contact.uuid,
        );
      })
      // Members
      .addCase(fetchMembers.pending, (state, action) => {
        if (state.members.partnerUuid !== action.meta.arg) state.members.items = [];
        recordPending(state.members);
        state.members.partnerUuid = action.meta.arg;
      })
      .addCase(fetchMembers.fulfilled, (state, action) => {
        if (state.members.partnerUuid !== action.meta.arg) return;
        recordFulfilled(state.members);
        state.members.items = action.payload;
      })
      .addCase(fetchMembers.rejected, (state, action) => {
        if (state.members.partnerUuid !== action.meta.arg) return;
        recordRejected(state.members, action);
      })
      .addCase(changeMemberAccess.fulfilled, (state, action) => {
        if (state.members.partnerUuid !== action.meta.arg.partnerUuid) return;
        const index = state.members.items.findIndex((m) => m.userUuid === action.payload.userUuid);
        if (index !== -1) state.members.items[index] = action.payload;
      })
      .addCase(removePartnerMember.fulfilled, (state, action) => {
        if (state.members.partnerUuid !== action.meta.arg.partnerUuid) return;
        state.members.items = state.members.items.filter(
          (member) => member.userUuid !== action.meta.arg.member.userUuid,
        );
      })
      // Invitations
      .addCase(fetchInvitations.pending, (state, action) => {
        if (state.invitations.partnerUuid !== action.meta.arg) state.invitations.items = [];
        recordPending(state.invitations);
        state.invitations.partnerUuid = action.meta.arg;
      })
      .addCase(fetchInvitations.fulfilled, (state, action) => {
        if (state.invitations.partnerUuid !== action.meta.arg) return;
        recordFulfilled(state.invitations);
        state.invitations.items = action.payload;
      })
      .addCase(fetchInvitations.rejected, (state, action) => {
        if (state.invitations.partnerUuid !== action.meta.arg) return;
        recordRejected(state.invitations, action);
      })
      .addCase(sendInvitation.fulfilled, (state, action) => {
        if (state.invitations.partnerUuid !== action.meta.arg.partnerUuid) return;
        state.invitations.items = [
          action.payload.invitation,
          ...without(state.invitations.items, action.payload.invitation.uuid),
        ];
      })
      .addCase(cancelInvitation.fulfilled, (state, action) => {
        if (state.invitations.partnerUuid !== action.meta.arg.partnerUuid) return;
        const invitation = state.invitations.items.find(
          (item) => item.uuid === action.meta.arg.invitationUuid,
        );
        if (invitation) invitation.status = 'REVOKED';
      })
      // Search
      .addCase(searchCompany.pending, (state, action) => {
        state.search = { ...idleRequest(), query: action.meta.arg, result: null };
        recordPending(state.search);
      })
      .addCase(searchCompany.fulfilled, (state, action) => {
        recordFulfilled(state.search);
        state.search.result = action.payload;
      })
      .addCase(searchCompany.rejected, (state, action) => recordRejected(state.search, action))
      // Someone else changed or removed it first (decision 023): shown as it is now.
      .addMatcher(isRejected(saveAddress, removeAddress), (state, action) => {
        const { partnerUuid, address } = action.meta.arg;
        const current = staleCurrent(action.payload, addressSchema);
        const partner = state.detail.partner;
        if (current === undefined || !address || partner?.uuid !== partnerUuid) return;
        partner.addresses = without(partner.addresses, address.uuid);
        if (current) upsert(partner.addresses, current);
        partner.addresses.sort((a, b) => a.position - b.position);
      })
      .addMatcher(isRejected(saveContact, removeContact), (state, action) => {
        const { partnerUuid, contact } = action.meta.arg;
        const current = staleCurrent(action.payload, contactSchema);
        const partner = state.detail.partner;
        if (current === undefined || !contact || partner?.uuid !== partnerUuid) return;
        partner.tradePartnerContacts = without(partner.tradePartnerContacts, contact.uuid);
        if (current) upsert(partner.tradePartnerContacts, current);
      })
      .addMatcher(isRejected(changeMemberAccess, removePartnerMember), (state, action) => {
        const { partnerUuid, member } = action.meta.arg;
        const current = staleCurrent(action.payload, memberSchema);
        if (current === undefined || state.members.partnerUuid !== partnerUuid) return;
        state.members.items = current
          ? state.members.items.map((m) => (m.userUuid === member.userUuid ? current : m))
          : state.members.items.filter((m) => m.userUuid !== member.userUuid);
      });
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof partnersSlice> {}
}

/** In the store once a partners page loads (app/store.ts); its initial state until then. */
const injected = partnersSlice.injectInto(rootReducer);
const selectPartners = (state: RootState) => injected.selectSlice(state);

export const { searchCleared } = partnersSlice.actions;

export const selectPartnerList = (state: RootState) => selectPartners(state).list;
export const selectPartnerDetail = (state: RootState) => selectPartners(state).detail;
export const selectMembers = (state: RootState) => selectPartners(state).members;
export const selectInvitations = (state: RootState) => selectPartners(state).invitations;
export const selectCompanySearch = (state: RootState) => selectPartners(state).search;

/** The partner the detail screen has loaded, if it is the one `idOrUuid` names. */
export const selectPartnerFor = (state: RootState, idOrUuid: string | undefined) =>
  partnerNamed(selectPartnerDetail(state).partner, idOrUuid);
