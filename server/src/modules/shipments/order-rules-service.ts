import { GOODS_LEFT_TO_SHIP, type GoodsLeftToShip, type OrderStatus } from '#common/orders.js';
import {
  allDelivered,
  leftToShip,
  LIVE_SHIPMENT_STATUSES,
  OPEN_SHIPMENT_STATUSES,
  ORDER_HAS_SHIPMENTS,
  SHIPMENTS_OPEN,
  type ShipmentStatus,
} from '#common/shipments.js';
import type { Db } from '#server/db/client.js';
import type { TrailActor } from '#server/db/trail.js';
import { ConflictError } from '#server/errors.js';
import {
  orderShipping,
  type OrderLineRow,
  type OrderRow,
  type OrderShipmentRules,
} from '#server/modules/orders/orders-service.js';
import { createShipmentMoves } from './moves.js';
import { presentQuantities } from './present.js';
import { createShipmentRepository, type ShipmentRow } from './shipments-repository.js';

/** 409: these shipments of the order stand in the way of its change. */
function refusal(
  reason: typeof ORDER_HAS_SHIPMENTS | typeof SHIPMENTS_OPEN,
  order: OrderRow,
  inTheWay: readonly ShipmentRow[],
  what: string,
): ConflictError {
  const numbers = inTheWay.map((shipment) => `${shipment.number} ${shipment.status}`).join(', ');
  return new ConflictError(`Order ${order.number} has shipments (${numbers}): ${what}.`, {
    reason,
    shipments: inTheWay.map(({ id, number, status }) => ({ id, number, status })),
  });
}

/** 409: completing the order would leave these lines undelivered, and no reason was given. */
function goodsLeft(order: OrderRow, lines: GoodsLeftToShip['lines']): ConflictError {
  const left = lines.map((line) => `${line.remaining} ${line.unit} ${line.description}`).join(', ');
  const details: GoodsLeftToShip = { reason: GOODS_LEFT_TO_SHIP, field: 'reason', lines };
  return new ConflictError(
    `Order ${order.number} still has goods to ship (${left}): completing it needs a reason of at least 3 characters.`,
    details,
  );
}

/** The order's lines counted against its shipments: ordered, shipped, delivered, left. */
async function quantitiesOf(tx: Db, orderId: number, lines: readonly OrderLineRow[]) {
  return presentQuantities(lines, await createShipmentRepository(tx).shippedOf(orderId));
}

const having = (shipments: readonly ShipmentRow[], statuses: readonly ShipmentStatus[]) =>
  shipments.filter((shipment) => statuses.includes(shipment.status));

/**
 * What an order's change must respect of its shipments (issue 21), for the orders module
 * (app.ts wires it in). An order's lines are replaced wholesale, with new ids, so they stay as
 * they are while a shipment that is not cancelled carries them; the order goes back to DRAFT
 * only without such a shipment; it is cancelled only while nothing is in transit, and its
 * planned shipments with it; it is completed by hand only once none is planned or in transit,
 * and with a reason while goods are left to ship (decision 036).
 */
export function createOrderShipmentRules(): OrderShipmentRules {
  return {
    async shipping(tx: Db, order: OrderRow, lines: readonly OrderLineRow[]) {
      const quantities = await quantitiesOf(tx, order.id, lines);
      return { leftToShip: leftToShip(quantities), allDelivered: allDelivered(quantities) };
    },

    async linesChanging(tx: Db, order: OrderRow) {
      const live = having(
        await createShipmentRepository(tx).ofOrder(order.id),
        LIVE_SHIPMENT_STATUSES,
      );
      if (live.length > 0) {
        throw refusal(ORDER_HAS_SHIPMENTS, order, live, 'its lines can no longer change');
      }
    },

    async moved(tx: Db, by: TrailActor, order: OrderRow, to: OrderStatus, reason: string | null) {
      if (to !== 'DRAFT' && to !== 'CANCELLED' && to !== 'COMPLETED') return;
      const shipments = await createShipmentRepository(tx).ofOrder(order.id, true);
      if (to === 'DRAFT') {
        const live = having(shipments, LIVE_SHIPMENT_STATUSES);
        if (live.length > 0) {
          throw refusal(ORDER_HAS_SHIPMENTS, order, live, 'it cannot go back to DRAFT');
        }
      } else if (to === 'COMPLETED') {
        const open = having(shipments, OPEN_SHIPMENT_STATUSES);
        if (open.length > 0) {
          throw refusal(SHIPMENTS_OPEN, order, open, 'deliver or cancel them first');
        }
        if (reason === null) {
          const lines = await orderShipping(tx).lines(order.id);
          const left = leftToShip(await quantitiesOf(tx, order.id, lines));
          if (left.length > 0) throw goodsLeft(order, left);
        }
      } else {
        const away = having(shipments, ['IN_TRANSIT']);
        if (away.length > 0) {
          throw refusal(ORDER_HAS_SHIPMENTS, order, away, 'cancel or deliver them first');
        }
        const moves = createShipmentMoves(tx);
        for (const shipment of having(shipments, ['PLANNED'])) {
          await moves.cancel({ by, shipment }, reason);
        }
      }
    },
  };
}
