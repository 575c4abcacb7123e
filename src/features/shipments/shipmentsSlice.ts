import { createSlice, isFulfilled, isRejected, type WithSlice } from '@reduxjs/toolkit';
import type { Order, OrderAuditEvent } from '@common/orders';
import {
  shipmentSchema,
  type OrderShipments,
  type Shipment,
  type ShipmentCreate,
  type ShipmentStatus,
  type ShipmentUpdate,
  type Transport,
  type TransportCreate,
  type TransportStatus,
  type TransportUpdate,
} from '@common/shipments';
import { rootReducer, type RootState } from '@/app/store';
import { getTradePartnerByUuid } from '@/companies/tradePartnerApi';
import { holdPartners, selectHeldPartner } from '@/companies/partnerEntitiesSlice';
import { changeDocumentStatus, uploadDocumentFile } from '@/documents/documentsSlice';
import { signedOut } from '@/store/authActions';
import {
  addTransport,
  changeShipmentStatus,
  changeTransportStatus,
  createShipment,
  getOrderShipments,
  getShipment,
  getShipmentHistory,
  getShippedOrder,
  updateShipment,
  updateTransport,
} from '@/features/shipments/shipmentsApi';
import { recordNamed } from '@/lib/recordRef';
import { isStaleVersion, staleCurrent } from '@/lib/api-error';
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

/** What the last move was about: a shipment's status, or one of its legs'. */
export interface MoveTarget {
  shipmentUuid: string;
  /** The leg moved; null for the shipment itself. */
  legUuid: string | null;
  status: ShipmentStatus | TransportStatus;
}

/** The shipment screens' state (issue 21). Not persisted; keystrokes stay in the forms. */
export interface ShipmentsState {
  /** The order a new shipment is planned from, by the uuid of the address (?order=). */
  order: KeyedRequest<Order | null>;
  /** That order's partner, for its addresses, by uuid. */
  partner: KeyedRequest<string | null>;
  /** An order's lines with what is left to ship, and its shipments, by the order's uuid. */
  orderShipments: KeyedRequest<OrderShipments | null>;
  /** The shipment the detail or form screen shows; its key is the id or uuid of the address. */
  detail: KeyedRequest<Shipment | null>;
  /** The trail entries of one shipment, by its uuid. */
  history: KeyedRequest<OrderAuditEvent[]>;
  /** The last status change; a refusal (a 409's details) stays to be explained. */
  move: RequestState & { target: MoveTarget | null };
}

const initialState: ShipmentsState = {
  order: idleKeyed(null),
  partner: idleKeyed(null),
  orderShipments: idleKeyed(null),
  detail: idleKeyed(null),
  history: idleKeyed([]),
  move: { ...idleRequest(), target: null },
};

// --- Reads -------------------------------------------------------------------------------------

/** The order of /shipments/modify/new?order={uuid}. */
export const fetchShippedOrder = createKeyedFetch(
  'shipments/fetchOrder',
  getShippedOrder,
  (state) => selectShipments(state).order,
  (uuid) => uuid,
);

/** The order's partner, for the places its addresses prefill. */
export const fetchShipmentPartner = createKeyedFetch(
  'shipments/fetchPartner',
  getTradePartnerByUuid,
  (state) => selectShipments(state).partner,
  (uuid) => uuid,
);
holdPartners(fetchShipmentPartner.fulfilled.match, (action) => [action.payload]);

interface FreshArg {
  ref: string;
  /** Skip an answer the request de-duplication would reuse. */
  fresh?: boolean;
}

const refKey = ({ ref }: FreshArg) => ref;

/** An order's lines with what is left to ship, and its shipments (by the order's uuid). */
export const fetchOrderShipments = createKeyedFetch(
  'shipments/fetchOrderShipments',
  ({ ref, fresh }: FreshArg) => getOrderShipments(ref, { fresh }),
  (state) => selectShipments(state).orderShipments,
  refKey,
);

/** The shipment an address names (`/shipments/detail/{idOrUuid}`). */
export const fetchShipment = createKeyedFetch(
  'shipments/fetchOne',
  getShipment,
  (state) => selectShipments(state).detail,
  (ref) => ref,
);

/** The shipment's trail (by its uuid). */
export const fetchShipmentHistory = createKeyedFetch(
  'shipments/fetchHistory',
  ({ ref, fresh }: FreshArg) => getShipmentHistory(ref, { fresh }),
  (state) => selectShipments(state).history,
  refKey,
);

// --- Changes -----------------------------------------------------------------------------------

type ShipmentVersion = Pick<Shipment, 'uuid' | 'version'>;
type LegVersion = Pick<Transport, 'uuid' | 'version'>;

export type SaveShipmentArg =
  | { shipment?: undefined; body: ShipmentCreate }
  /** A change of `shipment`, as it was read: which one and the version the change is on. */
  | { shipment: ShipmentVersion; body: Omit<ShipmentUpdate, 'version'> };

/** A new shipment (POST), or a change of a planned one (PUT on the version it was read at). */
export const saveShipment = createChangeThunk('shipments/save', (arg: SaveShipmentArg) =>
  arg.shipment
    ? updateShipment(arg.shipment.uuid, { ...arg.body, version: arg.shipment.version })
    : createShipment(arg.body),
);

export interface MoveArg {
  shipment: ShipmentVersion;
  /** The date it left or arrived (yyyy-MM-dd); the server's today when absent. */
  date?: string;
  /** Needed to cancel. */
  reason?: string;
}

const moveFields = ({ date, reason }: Pick<MoveArg, 'date' | 'reason'>) => ({
  ...(date === undefined ? {} : { date }),
  ...(reason === undefined ? {} : { reason }),
});

const notMoving = notBusy((state: RootState) => selectShipments(state).move);

/** Moves the shipment by hand (SHIPMENT_TRANSITIONS); a refusal stays in `move`. */
export const moveShipment = createChangeThunk(
  'shipments/move',
  ({ shipment, status, ...fields }: MoveArg & { status: ShipmentStatus }) =>
    changeShipmentStatus(shipment.uuid, {
      status,
      ...moveFields(fields),
      version: shipment.version,
    }),
  { condition: notMoving },
);

/**
 * A leg's call, then the shipment as it is after it: a leg departing or arriving may have moved
 * the shipment, and the order with it.
 */
async function legThenShipment(shipment: ShipmentVersion, call: () => Promise<void>) {
  await call();
  return getShipment(shipment.uuid);
}

/** Moves a leg (TRANSPORT_TRANSITIONS); a refusal stays in `move`. */
export const moveLeg = createChangeThunk(
  'shipments/moveLeg',
  ({ shipment, leg, status, ...fields }: MoveArg & { leg: LegVersion; status: TransportStatus }) =>
    legThenShipment(shipment, () =>
      changeTransportStatus(leg.uuid, { status, ...moveFields(fields), version: leg.version }),
    ),
  { condition: notMoving },
);

export type SaveLegArg =
  | { shipment: ShipmentVersion; leg?: undefined; body: TransportCreate }
  | { shipment: ShipmentVersion; leg: LegVersion; body: Omit<TransportUpdate, 'version'> };

/** A new leg after the last (POST), or a change of a planned one (PUT on its version). */
export const saveLeg = createChangeThunk(
  'shipments/saveLeg',
  ({ shipment, leg, body }: SaveLegArg) =>
    legThenShipment(shipment, () =>
      leg
        ? updateTransport(leg.uuid, { ...body, version: leg.version })
        : addTransport(shipment.uuid, body),
    ),
);

// --- The slice ---------------------------------------------------------------------------------

type S = ShipmentsState;

/** The shipment as the server now has it, wherever the state shows it. */
function showShipment(state: S, shipment: Shipment) {
  if (state.detail.data?.uuid === shipment.uuid) state.detail.data = shipment;
  state.orderShipments.stale = true;
  if (state.history.key === shipment.uuid) state.history.stale = true;
}

/**
 * A change refused because someone else changed the record first: the shipment answered with
 * the refusal is shown; a leg's refusal answers the leg, so the shipment is read again.
 */
function showCurrent(state: S, error: unknown) {
  const current = staleCurrent(error, shipmentSchema);
  if (current) showShipment(state, current);
  else if (isStaleVersion(error)) state.detail.stale = true;
}

export const shipmentsSlice = createSlice({
  name: 'shipments',
  initialState,
  reducers: {
    /** The screen has explained the last refusal, or left the shipment. */
    moveCleared(state) {
      state.move = initialState.move;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      // Saved: the detail screen opens on the answer without asking again.
      .addCase(saveShipment.fulfilled, (state, action) => {
        const shipment = action.payload;
        state.detail = { ...idleKeyed(shipment), key: shipment.uuid };
        recordFulfilled(state.detail);
        showShipment(state, shipment);
      })
      .addCase(saveShipment.rejected, (state, action) => showCurrent(state, action.payload))
      .addCase(saveLeg.fulfilled, (state, action) => showShipment(state, action.payload))
      .addCase(saveLeg.rejected, (state, action) => showCurrent(state, action.payload))
      .addMatcher(
        (action) => moveShipment.pending.match(action) || moveLeg.pending.match(action),
        (state, action) => {
          const { shipment, status } = action.meta.arg;
          state.move.target = {
            shipmentUuid: shipment.uuid,
            legUuid: 'leg' in action.meta.arg ? action.meta.arg.leg.uuid : null,
            status,
          };
        },
      )
      .addMatcher(isFulfilled(moveShipment, moveLeg), (state, action) =>
        showShipment(state, action.payload),
      )
      .addMatcher(isRejected(moveShipment, moveLeg), (state, action) =>
        showCurrent(state, action.payload),
      )
      // A paper of the shipment or of one of its legs uploaded or archived: its trail says so.
      .addMatcher(isFulfilled(uploadDocumentFile, changeDocumentStatus), (state, action) => {
        const shipment = state.detail.data;
        if (shipment && action.payload.shipmentId === shipment.id) {
          if (state.history.key === shipment.uuid) state.history.stale = true;
        }
      });
    addRequest(builder, moveShipment, (state) => state.move);
    addRequest(builder, moveLeg, (state) => state.move);
    // One record, its order and its trail are not shown while another's load.
    addKeyedFetch(builder, fetchShippedOrder, (state) => state.order, {
      keyOf: (uuid) => uuid,
      empty: null,
    });
    addKeyedFetch(builder, fetchShipmentPartner, (state) => state.partner, {
      keyOf: (uuid) => uuid,
      keep: (partner) => partner.uuid,
      empty: null,
    });
    addKeyedFetch(builder, fetchOrderShipments, (state) => state.orderShipments, {
      keyOf: refKey,
      empty: null,
    });
    addKeyedFetch(builder, fetchShipment, (state) => state.detail, {
      keyOf: (ref) => ref,
      empty: null,
    });
    addKeyedFetch(builder, fetchShipmentHistory, (state) => state.history, {
      keyOf: refKey,
      empty: [],
    });
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof shipmentsSlice> {}
}

/** In the store once a shipment screen loads (app/store.ts); its initial state until then. */
const injected = shipmentsSlice.injectInto(rootReducer);
const selectShipments = (state: RootState) => injected.selectSlice(state);

export const { moveCleared } = shipmentsSlice.actions;

const selectShipmentPartner = selectHeldPartner((state) => selectShipments(state).partner);

export const selectShipmentDetail = (state: RootState) => selectShipments(state).detail;
export const selectShipmentHistory = (state: RootState) => selectShipments(state).history;
export const selectShipmentMove = (state: RootState) => selectShipments(state).move;

/** The shipment the screens have loaded, if it is the one `ref` (from an address) names. */
export const selectShipmentFor = (state: RootState, ref: string | undefined) =>
  recordNamed(selectShipmentDetail(state).data, ref);

/** The order a new shipment is planned from, if it is the one `uuid` names. */
export const selectShippedOrderFor = (state: RootState, uuid: string | null | undefined) =>
  entryFor(selectShipments(state).order, uuid);

/** The partner loaded for the shipment form, if it is the one `uuid` names. */
export const selectShipmentPartnerFor = (state: RootState, uuid: string | null | undefined) =>
  entryFor(selectShipmentPartner(state), uuid);

/** An order's shipments and what is left to ship, if loaded for `orderUuid`. */
export const selectOrderShipmentsFor = (state: RootState, orderUuid: string | null | undefined) =>
  entryFor(selectShipments(state).orderShipments, orderUuid);
