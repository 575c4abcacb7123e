import { createSlice, isRejected, type WithSlice } from '@reduxjs/toolkit';
import type { Page } from '@common/api';
import {
  addressSchema,
  contactSchema,
  tradePartnerSchema,
  type TradePartner,
} from '@common/partners';
import { rootReducer, type RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { setTermsAccepted } from '@/session/tradePartnerSlice';
import { parsePartnerRef, partnerNamed } from '@/features/partners/partnerRef';
import {
  createContact,
  deleteAddress,
  deleteContact,
  listPartners,
  updateContact,
  type PartnerListQuery,
} from '@/features/partners/partnersApi';
import {
  addAddress,
  createTradePartner,
  getTradePartnerById,
  getTradePartnerByUuid,
  updateAddress,
  updateTradePartner,
} from '@/companies/tradePartnerApi';
import type { AddressBody, ContactInput, TradePartnerBody } from '@common/partner-bodies';
import { staleCurrent } from '@/lib/api-error';
import { recordFulfilled } from '@/lib/request-state';
import {
  addKeyedFetch,
  createChangeThunk,
  createKeyedFetch,
  idleKeyed,
  type KeyedRequest,
} from '@/store/requests';

export interface PartnersState {
  /** The page of the list screen; its key names the query it answers (listKey). */
  list: KeyedRequest<Page<TradePartner> | null>;
  /** The partner the detail screen shows; its key is the id or uuid from its address. */
  detail: KeyedRequest<TradePartner | null>;
}

const initialState: PartnersState = { list: idleKeyed(null), detail: idleKeyed(null) };

/** The same query always gives the same key. */
export const listKey = (query: PartnerListQuery) =>
  JSON.stringify([query.search.trim(), query.page, query.size, query.sort]);

const byRef = (idOrUuid: string) => idOrUuid;

// --- Reads -------------------------------------------------------------------------------------

export const fetchPartners = createKeyedFetch(
  'partners/fetchList',
  listPartners,
  (state) => selectPartnerList(state),
  listKey,
);

/** Loads the partner an address names (`/partners/{idOrUuid}`); rejects 404 for a bad value. */
export const fetchPartner = createKeyedFetch(
  'partners/fetchOne',
  (idOrUuid: string) => {
    const ref = parsePartnerRef(idOrUuid);
    if (!ref) throw { status: 404, message: 'Not a trade partner id or uuid' };
    return ref.kind === 'uuid' ? getTradePartnerByUuid(ref.uuid) : getTradePartnerById(ref.id);
  },
  (state) => selectPartnerDetail(state),
  byRef,
);

// --- Changes -----------------------------------------------------------------------------------

/** A new partner (POST /api/partners); the detail screen shows it from the answer. */
export const createPartner = createChangeThunk('partners/create', createTradePartner);

/** A record the screen changes, as it was read: which one, and the version the change is on. */
interface Read {
  uuid: string;
  version: number;
}

export const savePartner = createChangeThunk(
  'partners/save',
  ({ partner, body }: { partner: Read; body: TradePartnerBody }) =>
    updateTradePartner(partner.uuid, body, partner.version),
);

/** Adds an address, or changes the one `address` names. */
export const saveAddress = createChangeThunk(
  'partners/saveAddress',
  ({ partnerUuid, address, body }: { partnerUuid: string; address?: Read; body: AddressBody }) =>
    address
      ? updateAddress(partnerUuid, address.uuid, body, address.version)
      : addAddress(partnerUuid, body),
);

export const removeAddress = createChangeThunk(
  'partners/removeAddress',
  async ({ partnerUuid, address }: { partnerUuid: string; address: Read }) => {
    await deleteAddress(partnerUuid, address.uuid, address.version);
  },
);

/** Adds a contact, or changes the one `contact` names. */
export const saveContact = createChangeThunk(
  'partners/saveContact',
  ({ partnerUuid, contact, body }: { partnerUuid: string; contact?: Read; body: ContactInput }) =>
    contact
      ? updateContact(partnerUuid, contact.uuid, body, contact.version)
      : createContact(partnerUuid, body),
);

export const removeContact = createChangeThunk(
  'partners/removeContact',
  async ({ partnerUuid, contact }: { partnerUuid: string; contact: Read }) => {
    await deleteContact(partnerUuid, contact.uuid, contact.version);
  },
);

// --- The slice ---------------------------------------------------------------------------------

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
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(createPartner.fulfilled, (state, action) => {
        // The new partner's page opens without asking again; the list is stale.
        state.detail = { ...idleKeyed(action.payload), key: action.payload.uuid };
        recordFulfilled(state.detail);
        state.list = initialState.list;
      })
      .addCase(savePartner.fulfilled, (state, action) => {
        if (state.detail.data?.uuid === action.payload.uuid) state.detail.data = action.payload;
      })
      // Terms accepted here or in Settings: the page and the list show the partner as answered.
      .addCase(setTermsAccepted.fulfilled, (state, action) => {
        const partner = action.payload;
        if (state.detail.data?.uuid === partner.uuid) state.detail.data = partner;
        const rows = state.list.data?.content ?? [];
        const index = rows.findIndex((row) => row.uuid === partner.uuid);
        if (index !== -1) rows[index] = partner;
      })
      .addCase(saveAddress.fulfilled, (state, action) => {
        const partner = state.detail.data;
        if (partner?.uuid !== action.meta.arg.partnerUuid) return;
        upsert(partner.addresses, action.payload);
        partner.addresses.sort((a, b) => a.position - b.position);
      })
      .addCase(removeAddress.fulfilled, (state, action) => {
        const partner = state.detail.data;
        if (partner?.uuid !== action.meta.arg.partnerUuid) return;
        partner.addresses = without(partner.addresses, action.meta.arg.address.uuid);
      })
      .addCase(saveContact.fulfilled, (state, action) => {
        const partner = state.detail.data;
        if (partner?.uuid !== action.meta.arg.partnerUuid) return;
        upsert(partner.tradePartnerContacts, action.payload);
      })
      .addCase(removeContact.fulfilled, (state, action) => {
        const partner = state.detail.data;
        if (partner?.uuid !== action.meta.arg.partnerUuid) return;
        partner.tradePartnerContacts = without(
          partner.tradePartnerContacts,
          action.meta.arg.contact.uuid,
        );
      })
      // Someone else changed or removed it first (decision 023): shown as it is now.
      .addMatcher(isRejected(savePartner, setTermsAccepted), (state, action) => {
        const current = staleCurrent(action.payload, tradePartnerSchema);
        if (current && state.detail.data?.uuid === current.uuid) state.detail.data = current;
      })
      .addMatcher(isRejected(saveAddress, removeAddress), (state, action) => {
        const { partnerUuid, address } = action.meta.arg;
        const current = staleCurrent(action.payload, addressSchema);
        const partner = state.detail.data;
        if (current === undefined || !address || partner?.uuid !== partnerUuid) return;
        partner.addresses = without(partner.addresses, address.uuid);
        if (current) upsert(partner.addresses, current);
        partner.addresses.sort((a, b) => a.position - b.position);
      })
      .addMatcher(isRejected(saveContact, removeContact), (state, action) => {
        const { partnerUuid, contact } = action.meta.arg;
        const current = staleCurrent(action.payload, contactSchema);
        const partner = state.detail.data;
        if (current === undefined || !contact || partner?.uuid !== partnerUuid) return;
        partner.tradePartnerContacts = without(partner.tradePartnerContacts, contact.uuid);
        if (current) upsert(partner.tradePartnerContacts, current);
      });
    // The list keeps its page, dimmed, while the next loads; another partner is not shown while
    // this one loads.
    addKeyedFetch(builder, fetchPartners, (state) => state.list, { keyOf: listKey });
    addKeyedFetch(builder, fetchPartner, (state) => state.detail, { keyOf: byRef, empty: null });
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof partnersSlice> {}
}

/** In the store once a partners page loads (app/store.ts); its initial state until then. */
const injected = partnersSlice.injectInto(rootReducer);
const selectPartners = (state: RootState) => injected.selectSlice(state);

export const selectPartnerList = (state: RootState) => selectPartners(state).list;
export const selectPartnerDetail = (state: RootState) => selectPartners(state).detail;

/** The partner the detail screen has loaded, if it is the one `idOrUuid` names. */
export const selectPartnerFor = (state: RootState, idOrUuid: string | undefined) =>
  partnerNamed(selectPartnerDetail(state).data, idOrUuid);
