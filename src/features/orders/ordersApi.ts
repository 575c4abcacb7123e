import {
  orderHistorySchema,
  orderPageSchema,
  orderSchema,
  type Order,
  type OrderAuditEvent,
  type OrderCreate,
  type OrderDirection,
  type OrderPage,
  type OrderSort,
  type OrderStatus,
  type OrderStatusChange,
  type OrderUpdate,
} from '@common/orders';
import { apiClient } from '@/lib/api-client';
import { required, searchParams, seg } from '@/lib/api-params';

// The order calls (issue 20, decision 033): one typed function per endpoint, each answer parsed
// with the contract's schema (common/orders.ts). The dashboard's count is in orderCounts.ts.

const BASE = '/api/orders';
const one = (idOrUuid: string, call: string) =>
  `${BASE}/${seg(required(idOrUuid, 'idOrUuid', call))}`;

/** The list's query as the screen keeps it (the address) and GET /api/orders takes it. */
export interface OrderListQuery {
  /** Zero-based. */
  page: number;
  size: number;
  sort: OrderSort;
  statuses: OrderStatus[];
  tradePartnerUuid: string | null;
  direction: OrderDirection | null;
  /** Order date on or after, yyyy-MM-dd. */
  from: string | null;
  /** Order date on or before, yyyy-MM-dd. */
  to: string | null;
  /** Only orders 'On hold: KYC'. */
  held: boolean;
  /** The start of the order number or the customer reference. */
  q: string;
}

/** GET /api/orders: staff see every order, partner people their companies'. */
export async function listOrders(query: OrderListQuery): Promise<OrderPage> {
  const { data } = await apiClient.get<unknown>(BASE, {
    params: searchParams({
      page: query.page,
      size: query.size,
      sort: query.sort,
      status: query.statuses,
      tradePartnerUuid: query.tradePartnerUuid,
      direction: query.direction,
      from: query.from,
      to: query.to,
      held: query.held ? 'true' : null,
      q: query.q.trim(),
    }),
  });
  return orderPageSchema.parse(data);
}

/** GET /api/orders/{idOrUuid}: the order, its lines, its partner's KYC standing, what I may do. */
export async function getOrder(idOrUuid: string): Promise<Order> {
  const { data } = await apiClient.get<unknown>(one(idOrUuid, 'getOrder'));
  return orderSchema.parse(data);
}

/** POST /api/orders: a new order (a draft); 400 names the fields the server refused. */
export async function createOrder(body: OrderCreate): Promise<Order> {
  const { data } = await apiClient.post<unknown>(BASE, body, { skipErrorNotice: true });
  return orderSchema.parse(data);
}

/** PUT /api/orders/{idOrUuid} on `body.version`: the fields and lines (replaced) as the form has them. */
export async function updateOrder(idOrUuid: string, body: OrderUpdate): Promise<Order> {
  const { data } = await apiClient.put<unknown>(one(idOrUuid, 'updateOrder'), body, {
    skipErrorNotice: true,
  });
  return orderSchema.parse(data);
}

/**
 * POST /api/orders/{idOrUuid}/status: the order moved. 409 when someone else changed it first,
 * when the partner's KYC file is not approved (kycNotApproved) or the order lacks what a
 * confirmation needs (orderIncomplete). Never shared with another call: the request
 * de-duplication takes a POST about orders for a read.
 */
export async function changeOrderStatus(
  idOrUuid: string,
  change: OrderStatusChange,
): Promise<Order> {
  const { data } = await apiClient.post<unknown>(
    `${one(idOrUuid, 'changeOrderStatus')}/status`,
    change,
    {
      skipErrorNotice: true,
      dedup: false,
    },
  );
  return orderSchema.parse(data);
}

/** GET /api/orders/{idOrUuid}/history: the audit trail, oldest first; `fresh` skips a reused answer. */
export async function getOrderHistory(
  idOrUuid: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<OrderAuditEvent[]> {
  const { data } = await apiClient.get<unknown>(`${one(idOrUuid, 'getOrderHistory')}/history`, {
    ...(fresh ? { dedup: false } : {}),
  });
  return orderHistorySchema.parse(data).events;
}
