import {
  EDITABLE_TRANSPORT_STATUSES,
  LEG_ADDABLE_SHIPMENT_STATUSES,
  mayMoveTransport,
  PREVIOUS_LEG_OPEN,
  todayUtc,
  TRANSPORTS_MAX,
  type Transport,
  type TransportStatus,
} from '#common/shipments.js';
import type { Db } from '#server/db/client.js';
import { ConflictError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { StaleRecord, versionedChange } from '#server/versions.js';
import { orderShipping, trailActorOf } from '#server/modules/orders/orders-service.js';
import { authorizeShipmentAccess, authorizeTransportAccess } from './access-service.js';
import { createShipmentMoves, legName, moveDate } from './moves.js';
import { presentTransport } from './present.js';
import { createShipmentRepository, type Ref } from './shipments-repository.js';
import type {
  TransportCreateInput,
  TransportStatusInput,
  TransportUpdateInput,
} from './shipments-schemas.js';
import {
  createTransportRepository,
  type NewTransport,
  type TransportRow,
} from './transports-repository.js';

/** A leg's own fields as its form sends them, in the columns they are kept in. */
function columnsOf(input: TransportCreateInput | TransportUpdateInput) {
  return {
    mode: input.mode,
    carrier: input.carrier,
    vehicle: input.vehicle ?? null,
    trackingReference: input.trackingReference ?? null,
    fromPlace: input.from.place,
    fromCountry: input.from.country,
    toPlace: input.to.place,
    toCountry: input.to.country,
    plannedDeparture: input.plannedDeparture,
    plannedArrival: input.plannedArrival,
  } satisfies Partial<NewTransport>;
}

type Columns = ReturnType<typeof columnsOf>;

/** The names of the fields a change alters (`from` and `to` for either of their parts). */
const changedFields = (current: TransportRow, columns: Columns) => [
  ...new Set(
    (Object.keys(columns) as (keyof Columns)[])
      .filter((key) => columns[key] !== current[key])
      .map((key) => /^(from|to)[A-Z]/.exec(key)?.[1] ?? key),
  ),
];

/**
 * What a leg's move writes: the day it departed or arrived (today unless given; an arrival not
 * before the departure), or why it was cancelled.
 */
function legChange(leg: TransportRow, to: TransportStatus, input: TransportStatusInput) {
  if (to === 'CANCELLED') {
    const reason = input.reason ?? null;
    return { values: { status: to, cancelReason: reason }, detail: { reason } };
  }
  const today = todayUtc();
  if (to === 'DEPARTED') {
    const date = moveDate(input.date, today);
    return { values: { status: to, actualDeparture: date }, detail: { date } };
  }
  const date = moveDate(input.date, today, { date: leg.actualDeparture, what: 'departure' });
  return { values: { status: to, actualArrival: date }, detail: { date } };
}

/** The legs of shipments (issue 21): adding one, changing it while planned, its moves. */
export function createTransportService(db: Db) {
  const read = async (actor: AuthUser, ref: Ref): Promise<Transport> =>
    presentTransport((await authorizeTransportAccess(db, actor, ref, 'read')).leg, todayUtc());

  /** Runs a change; one based on an old version is 409 with the transport as it is now. */
  const versioned = (actor: AuthUser, id: number, change: () => Promise<unknown>) =>
    versionedChange('transport', change, () => read(actor, { id }));

  return {
    get: read,

    /** Adds a leg after the shipment's last one, while the shipment is planned or on its way. */
    async create(actor: AuthUser, shipmentRef: Ref, input: TransportCreateInput) {
      const { view } = await authorizeShipmentAccess(db, actor, shipmentRef, 'write');
      const id = await db.transaction(async (tx) => {
        const shipment = (await createShipmentRepository(tx).lock(view.shipment.id))!;
        if (!LEG_ADDABLE_SHIPMENT_STATUSES.includes(shipment.status)) {
          throw new ConflictError(
            `Shipment ${shipment.number} is ${shipment.status}: it takes no more legs.`,
          );
        }
        const legs = createTransportRepository(tx);
        const existing = await legs.ofShipment(shipment.id);
        if (existing.length >= TRANSPORTS_MAX) {
          throw new ConflictError(
            `Shipment ${shipment.number} has ${existing.length} legs, the most it may have.`,
          );
        }
        const leg = await legs.insert({
          ...columnsOf(input),
          shipmentId: shipment.id,
          sequence: (existing.at(-1)?.sequence ?? 0) + 1,
        });
        await orderShipping(tx).record({
          orderId: shipment.orderId,
          shipmentId: shipment.id,
          transportId: leg.id,
          entity: 'transport',
          entityId: leg.id,
          action: 'transportAdded',
          to: leg.status,
          details: {
            number: shipment.number,
            sequence: leg.sequence,
            mode: leg.mode,
            carrier: leg.carrier,
            version: leg.version,
          },
          by: await trailActorOf(tx, actor),
        });
        return leg.id;
      });
      return read(actor, { id });
    },

    /** Replaces the leg's carrier, places and dates, while it has not departed. */
    async update(actor: AuthUser, ref: Ref, input: TransportUpdateInput, version: number) {
      const { view, leg } = await authorizeTransportAccess(db, actor, ref, 'write');
      const columns = columnsOf(input);
      return versioned(actor, leg.id, () =>
        db.transaction(async (tx) => {
          const legs = createTransportRepository(tx);
          const current = await legs.lock(leg.id);
          if (current?.version !== version) throw new StaleRecord();
          const { number } = view.shipment;
          if (!EDITABLE_TRANSPORT_STATUSES.includes(current.status)) {
            throw new ConflictError(
              `Leg ${current.sequence} of shipment ${number} is ${current.status}: its carrier, places and dates can no longer change.`,
            );
          }
          const fields = changedFields(current, columns);
          if (fields.length === 0) return;
          const updated = (await legs.update(leg.id, version, columns))!;
          await orderShipping(tx).record({
            orderId: view.order.id,
            shipmentId: view.shipment.id,
            transportId: leg.id,
            entity: 'transport',
            entityId: leg.id,
            action: 'transportUpdated',
            details: {
              number,
              sequence: current.sequence,
              fields,
              version: updated.version,
              previousVersion: version,
            },
            by: await trailActorOf(tx, actor),
          });
        }),
      );
    },

    /**
     * Moves the leg as TRANSPORT_TRANSITIONS allows, and its shipment with it: legs depart in
     * sequence, the first puts a planned shipment on its way (through the compliance gate), and
     * once every leg not cancelled has arrived the shipment is delivered.
     */
    async changeStatus(actor: AuthUser, ref: Ref, input: TransportStatusInput, version: number) {
      const { view, leg } = await authorizeTransportAccess(db, actor, ref, 'write');
      const to = input.status;
      return versioned(actor, leg.id, () =>
        db.transaction(async (tx) => {
          const moves = createShipmentMoves(tx);
          const locked = await moves.lock(await trailActorOf(tx, actor), view);
          const legs = createTransportRepository(tx);
          const current = await legs.lock(leg.id);
          if (current?.version !== version) throw new StaleRecord();
          const { shipment } = locked;
          const name = legName(current, shipment);
          if (!LEG_ADDABLE_SHIPMENT_STATUSES.includes(shipment.status)) {
            throw new ConflictError(
              `Shipment ${shipment.number} is ${shipment.status}: its legs no longer move.`,
            );
          }
          if (!mayMoveTransport(current.status, to)) {
            throw new ConflictError(`${name} cannot move from ${current.status} to ${to}.`);
          }
          if (to === 'DEPARTED') {
            const ahead = (await legs.ofShipment(shipment.id)).find(
              (other) =>
                other.sequence < current.sequence &&
                other.status !== 'CANCELLED' &&
                other.status !== 'ARRIVED',
            );
            if (ahead) {
              throw new ConflictError(
                `${legName(ahead, shipment)} has not arrived yet: leg ${current.sequence} departs after it.`,
                { reason: PREVIOUS_LEG_OPEN },
              );
            }
            if (shipment.status === 'PLANNED') moves.gate(locked);
          }
          const { values, detail } = legChange(current, to, input);
          await moves.setLegStatus(locked.by, shipment, current, values, detail);
          // The first leg takes the shipment on its way; the last one in delivers it.
          if (to !== 'DEPARTED') await moves.settle(locked);
          else if (shipment.status === 'PLANNED') await moves.leave(locked, detail.date!);
        }),
      );
    },
  };
}
