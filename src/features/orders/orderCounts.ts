import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { orderCountsSchema, type OrderCounts } from '@common/orders';
import { rootReducer, type RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { apiClient } from '@/lib/api-client';
import { idleRequest, type RequestState } from '@/lib/request-state';
import { addRequest, createFetch, notBusy } from '@/store/requests';

// The dashboard's order card (issue 20): its one call and its state, apart from the order
// screens' slice so that the dashboard does not carry them.

/** GET /api/orders/counts: the open orders and those 'On hold: KYC' the caller may see. */
async function getOrderCounts(): Promise<OrderCounts> {
  const { data } = await apiClient.get<unknown>('/api/orders/counts');
  return orderCountsSchema.parse(data);
}

export interface OrderCountsState extends RequestState {
  counts: OrderCounts | null;
}

const initialState: OrderCountsState = { ...idleRequest(), counts: null };

export const fetchOrderCounts = createFetch('orderCounts/fetch', (_arg) => getOrderCounts(), {
  condition: notBusy((state: RootState) => selectOrderCounts(state)),
});

const orderCountsSlice = createSlice({
  name: 'orderCounts',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(fetchOrderCounts.fulfilled, (state, action) => {
        state.counts = action.payload;
      });
    addRequest(builder, fetchOrderCounts, (state) => state);
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof orderCountsSlice> {}
}

/** In the store once the dashboard loads (app/store.ts); its initial state until then. */
const injected = orderCountsSlice.injectInto(rootReducer);

export const selectOrderCounts = (state: RootState) => injected.selectSlice(state);
