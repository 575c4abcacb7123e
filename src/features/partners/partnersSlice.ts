import {
  createSelector,
  createSlice,
  isFulfilled,
  isRejected,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { Page } from '@common/api';
import {
  addressSchema,
  contactSchema,
  tradePartnerSchema,
  type TradePartner,
} from '@common/partners';
import { rootReducer, type RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import {
  holdPartners,
  selectHeldPartner,
  selectPartnerEntities,
} from '@/companies/partnerEntitiesSlice';
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

/** The partners themselves are held once, by uuid, in companies/partnerEntitiesSlice.ts. */
export interface PartnersState {
  /** The page of the list screen, its partners' uuids; its key names the query (listKey). */
  list: KeyedRequest<Page<string> | null>;
  /** The uuid of the partner the detail screen shows; its key is the id or uuid from its address. */
  detail: KeyedRequest<string | null>;
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

// --- The partners these answers bring, held once ------------------------------------------

type Keyed = { uuid: string };

const without = <T extends Keyed>(items: readonly T[], uuid: string) =>
  items.filter((item) => item.uuid !== uuid);

/** `items` with `item` in the place of its namesake, or last. */
const withItem = <T extends Keyed>(items: readonly T[], item: T) =>
  items.some((candidate) => candidate.uuid === item.uuid)
    ? items.map((candidate) => (candidate.uuid === item.uuid ? item : candidate))
    : [...items, item];

const byPosition = <T extends { position: number }>(items: T[]) =>
  items.sort((a, b) => a.position - b.position);

holdPartners(fetchPartners.fulfilled.match, (action) => action.payload.content);
holdPartners(isFulfilled(fetchPartner, createPartner, savePartner), (action) => [action.payload]);
// Someone else changed or removed it first (decision 023): shown as it is now.
holdPartners(savePartner.rejected.match, (action) => [
  staleCurrent(action.payload, tradePartnerSchema),
]);
holdPartners(saveAddress.fulfilled.match, (action, held) => {
  const partner = held(action.meta.arg.partnerUuid);
  return [
    partner && { ...partner, addresses: byPosition(withItem(partner.addresses, action.payload)) },
  ];
});
holdPartners(removeAddress.fulfilled.match, (action, held) => {
  const partner = held(action.meta.arg.partnerUuid);
  return [
    partner && { ...partner, addresses: without(partner.addresses, action.meta.arg.address.uuid) },
  ];
});
holdPartners(saveContact.fulfilled.match, (action, held) => {
  const partner = held(action.meta.arg.partnerUuid);
  return [
    partner && {
      ...partner,
      tradePartnerContacts: withItem(partner.tradePartnerContacts, action.payload),
    },
  ];
});
holdPartners(removeContact.fulfilled.match, (action, held) => {
  const partner = held(action.meta.arg.partnerUuid);
  const { uuid } = action.meta.arg.contact;
  return [
    partner && { ...partner, tradePartnerContacts: without(partner.tradePartnerContacts, uuid) },
  ];
});
holdPartners(isRejected(saveAddress, removeAddress), (action, held) => {
  const { partnerUuid, address } = action.meta.arg;
  const current = staleCurrent(action.payload, addressSchema);
  const partner = held(partnerUuid);
  if (current === undefined || !address || !partner) return [];
  const addresses = without(partner.addresses, address.uuid);
  return [
    { ...partner, addresses: byPosition(current ? withItem(addresses, current) : addresses) },
  ];
});
holdPartners(isRejected(saveContact, removeContact), (action, held) => {
  const { partnerUuid, contact } = action.meta.arg;
  const current = staleCurrent(action.payload, contactSchema);
  const partner = held(partnerUuid);
  if (current === undefined || !contact || !partner) return [];
  const contacts = without(partner.tradePartnerContacts, contact.uuid);
  return [{ ...partner, tradePartnerContacts: current ? withItem(contacts, current) : contacts }];
});

// --- The slice ---------------------------------------------------------------------------------

export const partnersSlice = createSlice({
  name: 'partners',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(createPartner.fulfilled, (state, action) => {
        // The new partner's page opens without asking again; the list is stale.
        state.detail = { ...idleKeyed(action.payload.uuid), key: action.payload.uuid };
        recordFulfilled(state.detail);
        state.list = initialState.list;
      });
    // The list keeps its page, dimmed, while the next loads; another partner is not shown while
    // this one loads.
    addKeyedFetch(builder, fetchPartners, (state) => state.list, {
      keyOf: listKey,
      keep: (page) => ({ ...page, content: page.content.map((partner) => partner.uuid) }),
    });
    addKeyedFetch(builder, fetchPartner, (state) => state.detail, {
      keyOf: byRef,
      keep: (partner) => partner.uuid,
      empty: null,
    });
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof partnersSlice> {}
}

/** In the store once a partners page loads (app/store.ts); its initial state until then. */
const injected = partnersSlice.injectInto(rootReducer);
const selectPartners = (state: RootState) => injected.selectSlice(state);

const selectListEntry = (state: RootState) => selectPartners(state).list;
const selectDetailEntry = (state: RootState) => selectPartners(state).detail;

export const selectPartnerList = createSelector(
  [selectListEntry, selectPartnerEntities],
  ({ data, ...entry }, partners): KeyedRequest<Page<TradePartner> | null> => ({
    ...entry,
    data: data && { ...data, content: data.content.flatMap((uuid) => partners[uuid] ?? []) },
  }),
);

export const selectPartnerDetail = selectHeldPartner(selectDetailEntry);

/** The partner the detail screen has loaded, if it is the one `idOrUuid` names. */
export const selectPartnerFor = (state: RootState, idOrUuid: string | undefined) =>
  partnerNamed(selectPartnerDetail(state).data, idOrUuid);
