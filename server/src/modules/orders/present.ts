import type {
  Order,
  OrderAuditAction,
  OrderAuditEvent,
  OrderLineLeft,
  OrderSummary,
} from '#common/orders.js';
import { toIso, toIsoOrNull } from '#server/api-schemas.js';
import { personName } from '#server/modules/users/identity-service.js';
import type { OrderAuditRow } from './audit-repository.js';
import type { KycStanding, OrderLineRow, OrderView } from './orders-repository.js';
import type { OrderListRow } from './list-repository.js';

/** What an order's answer tells of its shipping (decision 036). */
export interface OrderShipping {
  leftToShip: OrderLineLeft[];
  allDelivered: boolean;
}

/** What the caller may do with the order (policy.ts), for the app's buttons. */
export type OrderPermissions = Order['permissions'];

/** An amount, or null for a caller who may not see amounts (SPEC 6, decision 033). */
const shown = (amount: string, amounts: boolean): string | null => (amounts ? amount : null);

/** The order as the list shows it; `total` only for who may see amounts. */
export function presentSummary({ order, partner }: OrderListRow, amounts: boolean): OrderSummary {
  return {
    id: order.id,
    uuid: order.uuid,
    number: order.number,
    tradePartner: partner,
    direction: order.direction,
    customerReference: order.customerReference,
    orderDate: order.orderDate,
    requestedDeliveryDate: order.requestedDeliveryDate,
    currency: order.currency,
    total: shown(order.total, amounts),
    lineCount: order.lineCount,
    status: order.status,
    held: order.held,
    version: order.version,
    updatedAt: toIso(order.updatedAt),
  };
}

/**
 * The whole order: its lines, what is left to ship of them, its partner's KYC standing and what
 * the caller may do.
 */
export function presentOrder(
  view: OrderView,
  lines: readonly OrderLineRow[],
  { leftToShip, allDelivered }: OrderShipping,
  kyc: KycStanding | null,
  permissions: OrderPermissions,
): Order {
  const { order } = view;
  const amounts = permissions.viewAmounts;
  return {
    ...presentSummary(view, amounts),
    contactId: order.contactId,
    deliveryAddressId: order.deliveryAddressId,
    incoterm: order.incoterm,
    incotermPlace: order.incotermPlace,
    notes: order.notes,
    lines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: shown(line.unitPrice, amounts),
      hsCode: line.hsCode,
      amount: shown(line.amount, amounts),
    })),
    cancelReason: order.cancelReason,
    leftToShip,
    allDelivered,
    kyc,
    createdBy: view.creator ? { id: view.creator.id, name: personName(view.creator) } : null,
    createdAt: toIso(order.createdAt),
    confirmedAt: toIsoOrNull(order.confirmedAt),
    permissions,
  };
}

export const presentEvent = (row: OrderAuditRow): OrderAuditEvent => ({
  id: row.id,
  action: row.action as OrderAuditAction,
  fromValue: row.fromValue,
  toValue: row.toValue,
  reason: row.reason,
  shipmentId: row.shipmentId,
  transportId: row.transportId,
  details: row.details,
  userName: row.userName,
  createdAt: toIso(row.createdAt),
});
