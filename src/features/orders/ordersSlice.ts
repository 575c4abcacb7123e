import { createSlice, isFulfilled, isRejected, type WithSlice } from '@reduxjs/toolkit';
import {
  orderSchema,
  type Order,
  type OrderAuditEvent,
  type OrderCreate,
  type OrderPage,
  type OrderStatus,
  type OrderUpdate,
} from '@common/orders';
import { rootReducer, type RootState } from '@/app/store';
import { getTradePartnerByUuid } from '@/companies/tradePartnerApi';
import { holdPartners, selectHeldPartner } from '@/companies/partnerEntitiesSlice';
import { changeDocumentStatus, uploadDocumentFile } from '@/documents/documentsSlice';
import { signedOut } from '@/store/authActions';
import {
  changeOrderStatus,
  createOrder,
  getOrder,
  getOrderHistory,
  listOrders,
  updateOrder,
  type OrderListQuery,
} from '@/features/orders/ordersApi';
import { recordNamed } from '@/lib/recordRef';
import { staleCurrent } from '@/lib/api-error';
import {
  addKeyedFetch,
  addRequest,
  createChangeThunk,
  createKeyedFetch,
  entryFor,
  idleKeyed,
  notBusy,
  type KeyedRequest,
} from '@/store/requests';
import { idleRequest, recordFulfilled, type RequestState } from '@/lib/request-state';

/** The order screens' state (issue 20). Not persisted; keystrokes stay in the form. */
export interface OrdersState {
  /** The page a list shows; its key names the query it answers (orderListKey). */
  list: KeyedRequest<OrderPage | null>;
  /** The order the detail or form screen shows; its key is the id or uuid of the address. */
  detail: KeyedRequest<Order | null>;
  /** The partner an order is for (its contacts and addresses), by uuid. */
  partner: KeyedRequest<string | null>;
  /** The audit trail of one order, by the order's uuid. */
  history: KeyedRequest<OrderAuditEvent[]>;
  /** The last status change (to `target`); a refusal (a 409's details) stays to be explained. */
  move: RequestState & { orderUuid: string | null; target: OrderStatus | null };
}

const initialState: OrdersState = {
  list: idleKeyed(null),
  detail: idleKeyed(null),
  partner: idleKeyed(null),
  history: idleKeyed([]),
  move: { ...idleRequest(), orderUuid: null, target: null },
};

/** The same query always gives the same key. */
export const orderListKey = (query: OrderListQuery) =>
  JSON.stringify([
    query.page,
    query.size,
    query.sort,
    [...query.statuses].sort(),
    query.tradePartnerUuid,
    query.direction,
    query.from,
    query.to,
    query.held,
    query.q.trim(),
  ]);

// --- Reads -------------------------------------------------------------------------------------

export const fetchOrders = createKeyedFetch(
  'orders/fetchList',
  listOrders,
  (state) => selectOrderList(state),
  orderListKey,
);

/** The order an address names (`/orders/detail/{idOrUuid}`). */
export const fetchOrder = createKeyedFetch(
  'orders/fetchOne',
  getOrder,
  (state) => selectOrderDetail(state),
  (ref) => ref,
);

/** The order's partner, for its contacts and addresses (GET /api/partners/uuid/{uuid}). */
export const fetchOrderPartner = createKeyedFetch(
  'orders/fetchPartner',
  getTradePartnerByUuid,
  (state) => selectOrders(state).partner,
  (uuid) => uuid,
);
holdPartners(fetchOrderPartner.fulfilled.match, (action) => [action.payload]);

interface HistoryArg {
  orderUuid: string;
  /** Skip an answer the request de-duplication would reuse. */
  fresh?: boolean;
}

const historyKey = ({ orderUuid }: HistoryArg) => orderUuid;

export const fetchOrderHistory = createKeyedFetch(
  'orders/fetchHistory',
  ({ orderUuid, fresh = false }: HistoryArg) => getOrderHistory(orderUuid, { fresh }),
  (state) => selectOrderHistory(state),
  historyKey,
);

// --- Changes -----------------------------------------------------------------------------------

export type SaveOrderArg =
  | { order?: undefined; body: OrderCreate }
  /** A change of `order`, as it was read: which one and the version the change is on. */
  | { order: Pick<Order, 'uuid' | 'version'>; body: Omit<OrderUpdate, 'version'> };

/** A new order (POST), or a change of one (PUT on the version it was read at). */
export const saveOrder = createChangeThunk('orders/save', (arg: SaveOrderArg) =>
  arg.order
    ? updateOrder(arg.order.uuid, { ...arg.body, version: arg.order.version })
    : createOrder(arg.body),
);

export interface MoveOrderArg {
  order: Pick<Order, 'uuid' | 'version'>;
  status: OrderStatus;
  /** Needed to cancel. */
  reason?: string;
}

/** Moves the order (ORDER_TRANSITIONS); a refusal stays in `move` for the screen to explain. */
export const moveOrder = createChangeThunk(
  'orders/move',
  ({ order, status, reason }: MoveOrderArg) =>
    changeOrderStatus(order.uuid, {
      status,
      ...(reason === undefined ? {} : { reason }),
      version: order.version,
    }),
  { condition: notBusy((state: RootState) => selectOrderMove(state)) },
);

// --- The slice ---------------------------------------------------------------------------------

type S = OrdersState;

/** The order as the server now has it, wherever the state shows it. */
function showOrder(state: S, order: Order) {
  if (state.detail.data?.uuid === order.uuid) state.detail.data = order;
  state.list.stale = true;
  if (state.history.key === order.uuid) state.history.stale = true;
}

export const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    /** The screen has explained the last refusal, or left the order. */
    moveCleared(state) {
      state.move = initialState.move;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      // Saved: the detail screen opens on the answer without asking again.
      .addCase(saveOrder.fulfilled, (state, action) => {
        const order = action.payload;
        state.detail = { ...idleKeyed(order), key: order.uuid };
        recordFulfilled(state.detail);
        showOrder(state, order);
      })
      // Moved
      .addCase(moveOrder.pending, (state, action) => {
        state.move.orderUuid = action.meta.arg.order.uuid;
        state.move.target = action.meta.arg.status;
      })
      .addCase(moveOrder.fulfilled, (state, action) => showOrder(state, action.payload))
      // Someone else changed it first (decision 023): the screens show it as it is now.
      .addMatcher(isRejected(saveOrder, moveOrder), (state, action) => {
        const current = staleCurrent(action.payload, orderSchema);
        if (current) showOrder(state, current);
      })
      // A document of the order uploaded or archived: its trail says so.
      .addMatcher(isFulfilled(uploadDocumentFile, changeDocumentStatus), (state, action) => {
        const order = state.detail.data;
        if (order && action.payload.orderId === order.id && state.history.key === order.uuid) {
          state.history.stale = true;
        }
      });
    addRequest(builder, moveOrder, (state) => state.move);
    // The list keeps its page, dimmed, while the next loads; one order, its partner and its
    // trail are not shown while another's load.
    addKeyedFetch(builder, fetchOrders, (state) => state.list, { keyOf: orderListKey });
    addKeyedFetch(builder, fetchOrder, (state) => state.detail, {
      keyOf: (ref) => ref,
      empty: null,
    });
    addKeyedFetch(builder, fetchOrderPartner, (state) => state.partner, {
      keyOf: (uuid) => uuid,
      keep: (partner) => partner.uuid,
      empty: null,
    });
    addKeyedFetch(builder, fetchOrderHistory, (state) => state.history, {
      keyOf: historyKey,
      empty: [],
    });
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof ordersSlice> {}
}

/** In the store once an order page loads (app/store.ts); its initial state until then. */
const injected = ordersSlice.injectInto(rootReducer);
const selectOrders = (state: RootState) => injected.selectSlice(state);

export const { moveCleared } = ordersSlice.actions;

export const selectOrderList = (state: RootState) => selectOrders(state).list;
export const selectOrderDetail = (state: RootState) => selectOrders(state).detail;
const selectOrderPartner = selectHeldPartner((state) => selectOrders(state).partner);
export const selectOrderHistory = (state: RootState) => selectOrders(state).history;
export const selectOrderMove = (state: RootState) => selectOrders(state).move;

/** The order the screens have loaded, if it is the one `ref` (from an address) names. */
export const selectOrderFor = (state: RootState, ref: string | undefined) =>
  recordNamed(selectOrderDetail(state).data, ref);

/** The partner loaded for the order screens, if it is the one `uuid` names. */
export const selectOrderPartnerFor = (state: RootState, uuid: string | null | undefined) =>
  entryFor(selectOrderPartner(state), uuid);
