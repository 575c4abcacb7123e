import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Page } from '@common/api';
import type { CustomerSortField } from '@common/kyc';
import type {
  KycCustomer,
  KycCustomerSubmissions,
  KycStatusAndReview,
} from '@common/kyc-responses';
import { createAppAsyncThunk } from '@/store/hooks';
import { rootReducer, type RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import {
  getCustomerStatusAndReview,
  getKycCustomer,
  listKycCustomers,
} from '@/features/kyc/kycApi';
import { toApiError } from '@/lib/api-error';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';

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
  /** The page of the customers screen; `key` names the query it answers. */
  list: RequestState & { key: string | null; page: Page<KycCustomer> | null };
  /** The customer screen's company, by its uuid. */
  detail: RequestState & { uuid: string | null; data: CustomerDetail | null };
}

const initialState: CustomersState = {
  list: { ...idleRequest(), key: null, page: null },
  detail: { ...idleRequest(), uuid: null, data: null },
};

/** The same query always gives the same key. */
export const customerListKey = (query: CustomerListQuery) =>
  JSON.stringify([query.page, query.size, query.sort]);

/** A page of customers (GET /api/kyc/customers), sorted by the server. */
export const fetchCustomers = createAppAsyncThunk(
  'kycCustomers/fetchList',
  async (query: CustomerListQuery, { rejectWithValue }) => {
    try {
      return await listKycCustomers(query);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    // The same page already on its way is not asked for twice.
    condition: (query, { getState }) => {
      const { status, key } = selectCustomerList(getState());
      return !(status === 'loading' && key === customerListKey(query));
    },
  },
);

/**
 * A customer with its files (GET /api/kyc/customers/{uuid}), then its status and review with
 * the obliged entity its files name (GET /api/kyc/customer/{uuid}/status-and-review).
 */
export const fetchCustomer = createAppAsyncThunk(
  'kycCustomers/fetchOne',
  async (customerUuid: string, { rejectWithValue }) => {
    try {
      const customer = await getKycCustomer(customerUuid);
      const entity = customer.submissions[0]?.obligedEntityUuid;
      const review = entity ? await getCustomerStatusAndReview(customerUuid, entity) : null;
      return { customer, review } satisfies CustomerDetail;
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (customerUuid, { getState }) => {
      const { status, uuid } = selectCustomerDetail(getState());
      return !(status === 'loading' && uuid === customerUuid);
    },
  },
);

export const customersSlice = createSlice({
  name: 'kycCustomers',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(fetchCustomers.pending, (state, action) => {
        recordPending(state.list);
        state.list.key = customerListKey(action.meta.arg);
      })
      .addCase(fetchCustomers.fulfilled, (state, action) => {
        // An answer to a query the screen has left behind is dropped.
        if (state.list.key !== customerListKey(action.meta.arg)) return;
        recordFulfilled(state.list);
        state.list.page = action.payload;
      })
      .addCase(fetchCustomers.rejected, (state, action) => {
        if (state.list.key !== customerListKey(action.meta.arg)) return;
        recordRejected(state.list, action);
      })
      .addCase(fetchCustomer.pending, (state, action) => {
        if (state.detail.uuid !== action.meta.arg) state.detail.data = null;
        recordPending(state.detail);
        state.detail.uuid = action.meta.arg;
      })
      .addCase(fetchCustomer.fulfilled, (state, action) => {
        if (state.detail.uuid !== action.meta.arg) return;
        recordFulfilled(state.detail);
        state.detail.data = action.payload;
      })
      .addCase(fetchCustomer.rejected, (state, action) => {
        if (state.detail.uuid !== action.meta.arg) return;
        recordRejected(state.detail, action);
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
