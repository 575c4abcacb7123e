import { CLEARED_KYC_STATUS, gateAllows } from '#common/orders.js';
import {
  allDelivered,
  ORDER_NOT_SHIPPABLE,
  SHIPPABLE_ORDER_STATUSES,
  type ShipmentStatus,
} from '#common/shipments.js';
import type { Db } from '#server/db/client.js';
import type { TrailActor } from '#server/db/trail.js';
import { ConflictError, ValidationError } from '#server/errors.js';
import {
  kycNotApproved,
  orderShipping,
  type KycStanding,
  type OrderRow,
} from '#server/modules/orders/orders-service.js';
import { presentQuantities } from './present.js';
import {
  createShipmentRepository,
  type NewShipment,
  type ShipmentRow,
  type ShipmentView,
} from './shipments-repository.js';
import { createTransportRepository, type TransportRow } from './transports-repository.js';

/** 400 on `body.{field}`. */
export const invalid = (field: string, message: string) =>
  new ValidationError(`body.${field}: ${message}`, [{ field: `body.${field}`, message }]);

/**
 * The date a move happened: the one given, or today (UTC). Never after today, nor before
 * `notBefore` (the pickup, the departure) when there is one: 400 on `body.date`.
 */
export function moveDate(
  given: string | undefined,
  today: string,
  notBefore?: { date: string | null; what: string },
): string {
  const date = given ?? today;
  if (date > today) throw invalid('date', 'must not be in the future');
  if (notBefore?.date && date < notBefore.date) {
    throw invalid('date', `must not be before the ${notBefore.what} (${notBefore.date})`);
  }
  return date;
}

/** 409: the order is in no status shipments are planned or travel in. */
export const notShippable = (order: Pick<OrderRow, 'number' | 'status'>) =>
  new ConflictError(`Order ${order.number} is ${order.status}: nothing is shipped for it.`, {
    reason: ORDER_NOT_SHIPPABLE,
    status: order.status,
  });

/** A shipment's change under way: who makes it, and the rows it works on, locked. */
export interface Locked {
  by: TrailActor;
  kyc: KycStanding | null;
  order: OrderRow;
  shipment: ShipmentRow;
  partner: { uuid: string; name: string };
}

/** "Leg 2 of shipment SHP-…", as refusals name a leg. */
export const legName = (leg: TransportRow, shipment: Pick<ShipmentRow, 'number'>) =>
  `Leg ${leg.sequence} of shipment ${shipment.number}`;

/**
 * How shipments and their legs move, in a change's transaction (`tx`): a shipment leaves
 * through the compliance gate and puts its order in progress; it arrives, and the order
 * completes once everything is delivered; it is cancelled with its planned legs. Every move is
 * in the order's trail.
 */
export function createShipmentMoves(tx: Db) {
  const shipping = orderShipping(tx);
  const shipments = createShipmentRepository(tx);
  const legs = createTransportRepository(tx);

  /** Changes the locked shipment (at the version read under the lock) and records its move. */
  async function setStatus(
    locked: Pick<Locked, 'by' | 'shipment'>,
    to: ShipmentStatus,
    values: Partial<NewShipment>,
    detail: { reason?: string | null; date?: string } = {},
  ): Promise<ShipmentRow> {
    const { shipment } = locked;
    const updated = (await shipments.update(shipment.id, shipment.version, {
      ...values,
      status: to,
    }))!;
    await shipping.record({
      orderId: shipment.orderId,
      shipmentId: shipment.id,
      entity: 'shipment',
      entityId: shipment.id,
      action: 'shipmentStatus',
      from: shipment.status,
      to,
      reason: detail.reason ?? null,
      details: {
        number: shipment.number,
        ...(detail.date ? { date: detail.date } : {}),
        version: updated.version,
        previousVersion: shipment.version,
      },
      by: locked.by,
    });
    return updated;
  }

  /** Moves the leg (at the version read under its lock) and records its move. */
  async function setLegStatus(
    by: TrailActor,
    shipment: ShipmentRow,
    leg: TransportRow,
    values: Partial<TransportRow> & Pick<TransportRow, 'status'>,
    detail: { reason?: string | null; date?: string } = {},
  ): Promise<TransportRow> {
    const updated = (await legs.update(leg.id, leg.version, values))!;
    await shipping.record({
      orderId: shipment.orderId,
      shipmentId: shipment.id,
      transportId: leg.id,
      entity: 'transport',
      entityId: leg.id,
      action: 'transportStatus',
      from: leg.status,
      to: values.status,
      reason: detail.reason ?? null,
      details: {
        number: shipment.number,
        sequence: leg.sequence,
        ...(detail.date ? { date: detail.date } : {}),
        version: updated.version,
        previousVersion: leg.version,
      },
      by,
    });
    return updated;
  }

  const moves = {
    shipping,
    setLegStatus,

    /**
     * Locks what a move works on, in the order a KYC move locks too: the partner's latest file
     * (shared: the gate reads it), the order, the shipment.
     */
    async lock(by: TrailActor, view: ShipmentView): Promise<Locked> {
      const kyc = await shipping.kycStanding(view.order.tradePartnerId);
      const order = (await shipping.lock(view.order.id))!;
      const shipment = (await shipments.lock(view.shipment.id))!;
      return { by, kyc, order, shipment, partner: view.partner };
    },

    /** The compliance gate: nothing leaves for a partner whose latest KYC file is not approved. */
    gate({ kyc, partner, shipment }: Locked): void {
      if (kyc?.status !== CLEARED_KYC_STATUS) {
        throw kycNotApproved(partner, kyc, `shipment ${shipment.number} cannot leave`);
      }
    },

    /** The shipment leaves on `date`: IN_TRANSIT, and its CONFIRMED order IN_PROGRESS. */
    async leave(locked: Locked, date: string): Promise<void> {
      moves.gate(locked);
      if (!SHIPPABLE_ORDER_STATUSES.includes(locked.order.status)) throw notShippable(locked.order);
      locked.shipment = await setStatus(locked, 'IN_TRANSIT', { actualPickupDate: date }, { date });
      if (locked.order.status === 'CONFIRMED') {
        locked.order = await shipping.move(locked.by, locked.order, 'IN_PROGRESS', locked.shipment);
      }
    },

    /**
     * The shipment is delivered on `date`. Once every line of the order is delivered in full,
     * the order is COMPLETED, if the gate allows it; otherwise staff complete it later.
     */
    async deliver(locked: Locked, date: string): Promise<void> {
      locked.shipment = await setStatus(
        locked,
        'DELIVERED',
        { actualDeliveryDate: date },
        { date },
      );
      const { order } = locked;
      const quantities = presentQuantities(
        await shipping.lines(order.id),
        await shipments.shippedOf(order.id),
      );
      if (
        order.status === 'IN_PROGRESS' &&
        allDelivered(quantities) &&
        gateAllows('COMPLETED', locked.kyc?.status ?? null)
      ) {
        locked.order = await shipping.move(locked.by, order, 'COMPLETED', locked.shipment);
      }
    },

    /** Cancels the shipment and its planned legs, for `reason`: its quantities are free again. */
    async cancel(
      locked: Pick<Locked, 'by' | 'shipment'>,
      reason: string | null,
    ): Promise<ShipmentRow> {
      const { by, shipment } = locked;
      for (const leg of await legs.ofShipment(shipment.id, true)) {
        if (leg.status !== 'PLANNED') continue;
        await setLegStatus(
          by,
          shipment,
          leg,
          { status: 'CANCELLED', cancelReason: reason },
          {
            reason,
          },
        );
      }
      return setStatus(locked, 'CANCELLED', { cancelReason: reason }, { reason });
    },

    /**
     * A shipment with legs follows them: once every leg not cancelled has arrived, it is
     * delivered, on the last arrival.
     */
    async settle(locked: Locked): Promise<void> {
      if (locked.shipment.status !== 'IN_TRANSIT') return;
      const live = (await legs.ofShipment(locked.shipment.id)).filter(
        (leg) => leg.status !== 'CANCELLED',
      );
      if (live.length === 0 || live.some((leg) => leg.status !== 'ARRIVED')) return;
      const last = live.map((leg) => leg.actualArrival!).sort();
      await moves.deliver(locked, last.at(-1)!);
    },
  };
  return moves;
}

export type ShipmentMoves = ReturnType<typeof createShipmentMoves>;
