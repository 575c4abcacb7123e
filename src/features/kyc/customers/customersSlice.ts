import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Page } from '@common/api';
import type { CustomerSortField } from '@common/kyc';
import type {
  KycCustomer,
  KycCustomerSubmissions,
  KycStatusAndReview,
} from '@common/kyc-responses';
import { rootReducer, type RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import {
  getCustomerStatusAndReview,
  getKycCustomer,
  listKycCustomers,
} from '@/features/kyc/kycApi';
import { addKeyedFetch, createKeyedFetch, idleKeyed, type KeyedRequest } from '@/store/requests';

export type CustomerSort = `${CustomerSortField},${'asc' | 'desc'}`;

export interface CustomerListQuery {
  page: number;
  size: number;
  sort: CustomerSort;
}

/** One customer's screen: the company with its files, and its status and review. */
export interface CustomerDetail {
  customer: KycCustomerSubmissions;
  /** Null when the company has no file with this installation's obliged entity. */
  review: KycStatusAndReview | null;
}

export interface CustomersState {
  /** The page of the customers screen; its key names the query it answers. */
  list: KeyedRequest<Page<KycCustomer> | null>;
  /** The customer screen's company, by its uuid. */
  detail: KeyedRequest<CustomerDetail | null>;
}

const initialState: CustomersState = { list: idleKeyed(null), detail: idleKeyed(null) };

/** The same query always gives the same key. */
export const customerListKey = (query: CustomerListQuery) =>
  JSON.stringify([query.page, query.size, query.sort]);

const byUuid = (customerUuid: string) => customerUuid;

/** A page of customers (GET /api/kyc/customers), sorted by the server. */
export const fetchCustomers = createKeyedFetch(
  'kycCustomers/fetchList',
  listKycCustomers,
  (state) => selectCustomerList(state),
  customerListKey,
);

/**
 * A customer with its files (GET /api/kyc/customers/{uuid}), then its status and review with
 * the obliged entity its files name (GET /api/kyc/customer/{uuid}/status-and-review).
 */
export const fetchCustomer = createKeyedFetch(
  'kycCustomers/fetchOne',
  async (customerUuid: string): Promise<CustomerDetail> => {
    const customer = await getKycCustomer(customerUuid);
    const entity = customer.submissions[0]?.obligedEntityUuid;
    const review = entity ? await getCustomerStatusAndReview(customerUuid, entity) : null;
    return { customer, review };
  },
  (state) => selectCustomerDetail(state),
  byUuid,
);

export const customersSlice = createSlice({
  name: 'kycCustomers',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
    // The list keeps its page, dimmed, while the next loads; another customer's files are not
    // shown while this one's load, and stay after a failed reload of the same one.
    addKeyedFetch(builder, fetchCustomers, (state) => state.list, { keyOf: customerListKey });
    addKeyedFetch(builder, fetchCustomer, (state) => state.detail, {
      keyOf: byUuid,
      empty: null,
      keepOnFailure: true,
    });
  },
});
declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof customersSlice> {}
}

/** In the store once a customers page loads (app/store.ts); its initial state until then. */
const injected = customersSlice.injectInto(rootReducer);
const selectCustomers = (state: RootState) => injected.selectSlice(state);

export const selectCustomerList = (state: RootState) => selectCustomers(state).list;
export const selectCustomerDetail = (state: RootState) => selectCustomers(state).detail;
