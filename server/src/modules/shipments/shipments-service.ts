import Big from 'big.js';
import type { OrderHistory } from '#common/orders.js';
import {
  EDITABLE_SHIPMENT_STATUSES,
  mayMoveShipment,
  QUANTITY_EXCEEDS_REMAINING,
  SHIPMENT_FOLLOWS_LEGS,
  SHIPPABLE_ORDER_STATUSES,
  todayUtc,
  type OrderShipments,
  type Shipment,
} from '#common/shipments.js';
import type { Db } from '#server/db/client.js';
import { ConflictError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { StaleRecord, versionedChange } from '#server/versions.js';
import {
  createOrderLookup,
  orderShipping,
  shipmentHistory,
  trailActorOf,
  type OrderRef,
  type OrderRow,
} from '#server/modules/orders/orders-service.js';
import {
  authorizeOrderShipments,
  authorizeShipmentAccess,
  permissionsOf,
  writesShipments,
  type ShipmentAccess,
} from './access-service.js';
import { createShipmentMoves, invalid, moveDate, notShippable } from './moves.js';
import { presentQuantities, presentShipment, presentSummary } from './present.js';
import {
  createShipmentRepository,
  placeColumns,
  type LineQuantity,
  type NewShipment,
  type Ref,
  type ShipmentLineView,
  type ShipmentRow,
} from './shipments-repository.js';
import type {
  ShipmentCreateInput,
  ShipmentStatusInput,
  ShipmentUpdateInput,
} from './shipments-schemas.js';
import { createTransportRepository } from './transports-repository.js';

/** The shipment's own fields as its form sends them, in the columns they are kept in. */
function columnsOf(input: ShipmentCreateInput | ShipmentUpdateInput) {
  return {
    ...placeColumns(input.origin, input.destination),
    plannedPickupDate: input.plannedPickupDate,
    plannedDeliveryDate: input.plannedDeliveryDate,
    notes: input.notes ?? null,
  } satisfies Partial<NewShipment>;
}

type Columns = ReturnType<typeof columnsOf>;

/** The names of the fields (origin, destination, the dates, notes, lines) a change alters. */
function changedFields(
  current: ShipmentRow,
  currentLines: readonly ShipmentLineView[],
  columns: Columns,
  lines: readonly LineQuantity[],
): string[] {
  const fields = (Object.keys(columns) as (keyof Columns)[])
    .filter((key) => columns[key] !== current[key])
    .map((key) => /^(origin|destination)/.exec(key)?.[1] ?? key);
  const quantityOf = new Map(currentLines.map((line) => [line.orderLineId, line.quantity]));
  const sameLines =
    lines.length === currentLines.length &&
    lines.every((line) => {
      const quantity = quantityOf.get(line.orderLineId);
      return quantity !== undefined && new Big(quantity).eq(line.quantity);
    });
  return [...new Set(sameLines ? fields : [...fields, 'lines'])];
}

/**
 * A shipment's lines against its order, with the order locked: each must be one of the order's
 * lines (400 on the field), and none may take more than is left to ship of it (409, every line
 * that does with what is left). `except`: the shipment being changed, whose own lines are free.
 */
async function checkLines(
  tx: Db,
  order: OrderRow,
  lines: readonly LineQuantity[],
  except?: number,
): Promise<void> {
  const orderLines = await orderShipping(tx).lines(order.id);
  lines.forEach((line, index) => {
    if (!orderLines.some((orderLine) => orderLine.id === line.orderLineId)) {
      throw invalid(`lines.${index}.orderLineId`, `is not a line of order ${order.number}`);
    }
  });
  const shipped = await createShipmentRepository(tx).shippedOf(order.id);
  const quantities = presentQuantities(
    orderLines,
    shipped.filter((shipment) => shipment.id !== except),
  );
  const over = lines.flatMap((line) => {
    const left = quantities.find((counted) => counted.orderLineId === line.orderLineId)!;
    return new Big(line.quantity).gt(left.remaining) ? [left] : [];
  });
  if (over.length > 0) {
    const words = over.map((line) => `line ${line.position}: ${line.remaining} left`).join(', ');
    throw new ConflictError(`More than is left to ship of order ${order.number} (${words}).`, {
      reason: QUANTITY_EXCEEDS_REMAINING,
      lines: over.map(({ orderLineId, remaining }) => ({ orderLineId, remaining })),
    });
  }
}

/** Shipments (issue 21): planning one for an order, changing and moving it, reading them. */
export function createShipmentService(db: Db) {
  const repository = createShipmentRepository(db);
  const transports = createTransportRepository(db);
  const orders = createOrderLookup(db);

  async function present(actor: AuthUser, { view, membership }: ShipmentAccess): Promise<Shipment> {
    const [lines, legs, kyc] = await Promise.all([
      repository.linesOf(view.shipment.id),
      transports.ofShipment(view.shipment.id),
      orders.kycStanding(view.order.tradePartnerId),
    ]);
    const permissions = permissionsOf(actor, membership, view.shipment.status);
    return presentShipment(view, lines, legs, kyc, permissions, todayUtc());
  }

  const read = async (actor: AuthUser, ref: Ref) =>
    present(actor, await authorizeShipmentAccess(db, actor, ref, 'read'));

  /** Runs a change; one based on an old version is 409 with the shipment as it is now. */
  const versioned = (actor: AuthUser, id: number, change: () => Promise<unknown>) =>
    versionedChange('shipment', change, () => read(actor, { id }));

  return {
    get: read,

    /**
     * Plans a shipment for a CONFIRMED or IN_PROGRESS order (held or not: only leaving is
     * gated). The order is locked while its lines are checked, so of two shipments that each
     * take the rest of a line only the first is planned.
     */
    async create(actor: AuthUser, input: ShipmentCreateInput): Promise<Shipment> {
      const ref = { uuid: input.orderUuid };
      const { order: view } = await authorizeOrderShipments(db, actor, ref, 'write');
      const columns = columnsOf(input);
      const id = await db.transaction(async (tx) => {
        const shipping = orderShipping(tx);
        const order = (await shipping.lock(view.order.id))!;
        if (!SHIPPABLE_ORDER_STATUSES.includes(order.status)) throw notShippable(order);
        await checkLines(tx, order, input.lines);
        const by = await trailActorOf(tx, actor);
        const shipments = createShipmentRepository(tx);
        const shipment = await shipments.insert({
          ...columns,
          orderId: order.id,
          status: 'PLANNED',
          createdBy: by.userId,
        });
        await shipments.replaceLines(shipment.id, input.lines);
        await shipping.record({
          orderId: order.id,
          shipmentId: shipment.id,
          entity: 'shipment',
          entityId: shipment.id,
          action: 'shipmentCreated',
          to: shipment.status,
          details: { number: shipment.number, version: shipment.version, lines: input.lines },
          by,
        });
        return shipment.id;
      });
      return read(actor, { id });
    },

    /** Replaces the shipment's places, dates, notes and lines, while it is PLANNED. */
    async update(
      actor: AuthUser,
      ref: Ref,
      input: ShipmentUpdateInput,
      version: number,
    ): Promise<Shipment> {
      const { view } = await authorizeShipmentAccess(db, actor, ref, 'write');
      const { id } = view.shipment;
      const columns = columnsOf(input);
      return versioned(actor, id, () =>
        db.transaction(async (tx) => {
          const shipping = orderShipping(tx);
          const order = (await shipping.lock(view.order.id))!;
          const shipments = createShipmentRepository(tx);
          const current = await shipments.lock(id);
          if (current?.version !== version) throw new StaleRecord();
          if (!EDITABLE_SHIPMENT_STATUSES.includes(current.status)) {
            throw new ConflictError(
              `Shipment ${current.number} is ${current.status}: its lines, places and dates can no longer change.`,
            );
          }
          const fields = changedFields(current, await shipments.linesOf(id), columns, input.lines);
          if (fields.length === 0) return;
          if (fields.includes('lines')) {
            await checkLines(tx, order, input.lines, id);
            await shipments.replaceLines(id, input.lines);
          }
          const updated = (await shipments.update(id, version, columns))!;
          await shipping.record({
            orderId: order.id,
            shipmentId: id,
            entity: 'shipment',
            entityId: id,
            action: 'shipmentUpdated',
            details: {
              number: current.number,
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
     * Moves the shipment as SHIPMENT_TRANSITIONS allows. One with legs follows them; one
     * without moves by hand: IN_TRANSIT through the compliance gate, DELIVERED after its pickup.
     */
    async changeStatus(
      actor: AuthUser,
      ref: Ref,
      input: ShipmentStatusInput,
      version: number,
    ): Promise<Shipment> {
      const { view } = await authorizeShipmentAccess(db, actor, ref, 'write');
      const to = input.status;
      return versioned(actor, view.shipment.id, () =>
        db.transaction(async (tx) => {
          const moves = createShipmentMoves(tx);
          const locked = await moves.lock(await trailActorOf(tx, actor), view);
          const { shipment } = locked;
          if (shipment.version !== version) throw new StaleRecord();
          if (!mayMoveShipment(shipment.status, to)) {
            throw new ConflictError(
              `Shipment ${shipment.number} cannot move from ${shipment.status} to ${to}.`,
            );
          }
          if (to === 'CANCELLED') {
            await moves.cancel(locked, input.reason ?? null);
            return;
          }
          const legs = await createTransportRepository(tx).ofShipment(shipment.id);
          if (legs.some((leg) => leg.status !== 'CANCELLED')) {
            throw new ConflictError(
              `Shipment ${shipment.number} travels in legs: it moves to ${to} as they depart and arrive.`,
              { reason: SHIPMENT_FOLLOWS_LEGS },
            );
          }
          const today = todayUtc();
          if (to === 'IN_TRANSIT') {
            await moves.leave(locked, moveDate(input.date, today));
          } else {
            const pickup = { date: shipment.actualPickupDate, what: 'pickup' };
            await moves.deliver(locked, moveDate(input.date, today, pickup));
          }
        }),
      );
    },

    /** The entries of the order's trail about this shipment and its legs, oldest first. */
    async history(actor: AuthUser, ref: Ref): Promise<OrderHistory> {
      const { view, membership } = await authorizeShipmentAccess(db, actor, ref, 'read');
      return shipmentHistory(db, actor, membership, view.shipment.id);
    },

    /** The order's shipments, newest first, and what is left to ship of each of its lines. */
    async ofOrder(actor: AuthUser, ref: OrderRef): Promise<OrderShipments> {
      const { order: view, membership } = await authorizeOrderShipments(db, actor, ref, 'read');
      const { order } = view;
      const [orderLines, rows, shipped] = await Promise.all([
        orders.lines(order.id),
        repository.ofOrder(order.id),
        repository.shippedOf(order.id),
      ]);
      const legs = await transports.ofShipments(rows.map((row) => row.id));
      const lines = presentQuantities(orderLines, shipped);
      const today = todayUtc();
      return {
        lines,
        shipments: rows.map((row) =>
          presentSummary(
            row,
            shipped.find((shipment) => shipment.id === row.id)?.lines.length ?? 0,
            legs.filter((leg) => leg.shipmentId === row.id),
            today,
          ),
        ),
        mayCreate:
          writesShipments(actor, membership) &&
          SHIPPABLE_ORDER_STATUSES.includes(order.status) &&
          lines.some((line) => new Big(line.remaining).gt(0)),
      };
    },
  };
}
