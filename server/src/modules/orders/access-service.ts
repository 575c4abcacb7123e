import { EDITABLE_ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '#common/orders.js';
import type { Db } from '#server/db/client.js';
import { NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy, type OrderAction, type PartnerMembership } from '#server/policy.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import {
  createOrderRepository,
  orderRefValue,
  type OrderRef,
  type OrderView,
} from './orders-repository.js';
import type { OrderPermissions } from './present.js';

export const orderNotFound = (ref: OrderRef) =>
  `Order with ID/UUID ${orderRefValue(ref)} not found.`;

export interface OrderAccess {
  view: OrderView;
  /** The actor's own membership in the order's trade partner, if any. */
  membership: PartnerMembership | undefined;
}

/**
 * Loads the order a path names and asks the policy whether the actor may do `action` on it.
 * An order that does not exist and one the actor may not see give the same 404.
 */
export async function authorizeOrderAccess(
  db: Db,
  actor: AuthUser,
  ref: OrderRef,
  action: OrderAction,
): Promise<OrderAccess> {
  const view = await createOrderRepository(db).find(ref);
  if (!view) throw new NotFoundError(orderNotFound(ref));
  const membership = await createPartnerLookup(db).membership(view.order.tradePartnerId, actor.sub);
  policy.authorizeOrder(actor, membership, action, orderNotFound(ref));
  return { view, membership };
}

/** What the actor may do with an order in `status`, as the policy and the table say. */
export function permissionsOf(
  actor: AuthUser,
  membership: PartnerMembership | undefined,
  status: OrderStatus,
): OrderPermissions {
  const writes = policy.decideOrder(actor, membership, 'write') === 'allow';
  return {
    edit: writes && EDITABLE_ORDER_STATUSES.includes(status),
    changeStatus: writes && ORDER_TRANSITIONS[status].length > 0,
    uploadDocuments: policy.decideOrder(actor, membership, 'documents') === 'allow',
    viewAmounts: policy.mayViewAmounts(actor, membership),
  };
}
