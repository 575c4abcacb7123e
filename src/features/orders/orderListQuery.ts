import {
  ACTIVE_ORDER_STATUSES,
  DEFAULT_ORDER_SORT,
  ORDER_DIRECTIONS,
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderDirection,
  type OrderSort,
  type OrderStatus,
} from '@common/orders';
import type { OrderListQuery } from '@/features/orders/ordersApi';
import { isUuid } from '@/lib/recordRef';
import { pageFromParams } from '@/lib/useListParams';

const ORDER_PAGE_SIZE = 20;

/** The statuses of an order still under way: the list's 'Open' choice, the dashboard's count. */
const OPEN_STATUSES: readonly OrderStatus[] = ['DRAFT', 'CONFIRMED', 'IN_PROGRESS'];

const isIn =
  <T extends string>(values: readonly T[]) =>
  (value: string | null): value is T =>
    (values as readonly (string | null)[]).includes(value);

export const isOrderStatus = isIn(ORDER_STATUSES);
const isDirection = isIn<OrderDirection>(ORDER_DIRECTIONS);
const isSort = isIn<OrderSort>(ORDER_SORTS);
const isDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The list's query from the address (?q=&status=&status=&partner=&direction=&from=&to=
 * &held=true&sort=&page=); `partnerUuid` fixes the partner (the partner page's tab). Anything
 * the address says that the API would refuse is left out.
 */
export function orderQueryFrom(params: URLSearchParams, partnerUuid?: string): OrderListQuery {
  const partner = params.get('partner');
  const sort = params.get('sort');
  const direction = params.get('direction');
  const from = params.get('from');
  const to = params.get('to');
  return {
    page: pageFromParams(params),
    size: ORDER_PAGE_SIZE,
    sort: isSort(sort) ? sort : DEFAULT_ORDER_SORT,
    statuses: [...new Set(params.getAll('status').filter(isOrderStatus))],
    tradePartnerUuid: partnerUuid ?? (partner && isUuid(partner) ? partner.toLowerCase() : null),
    direction: isDirection(direction) ? direction : null,
    from: isDate(from) ? from : null,
    to: isDate(to) ? to : null,
    held: params.get('held') === 'true',
    q: params.get('q') ?? '',
  };
}

/** Whether the person narrowed the list (what 'Clear filters' undoes). */
export const isFiltered = (query: OrderListQuery, fixedPartner: boolean) =>
  query.statuses.length > 0 ||
  (!fixedPartner && query.tradePartnerUuid !== null) ||
  query.direction !== null ||
  query.from !== null ||
  query.to !== null ||
  query.held ||
  query.q.trim() !== '';

/** The address parameters 'Clear filters' removes. */
export const FILTER_PARAMS = ['q', 'status', 'partner', 'direction', 'from', 'to', 'held', 'page'];

/**
 * The list's choices of several statuses: 'open' (the dashboard's count), and 'shippable', the
 * orders a shipment is planned from (where the menu's 'New Shipment' goes).
 */
const STATUS_GROUPS = {
  open: OPEN_STATUSES,
  shippable: ACTIVE_ORDER_STATUSES,
} as const satisfies Record<string, readonly OrderStatus[]>;

type StatusGroup = keyof typeof STATUS_GROUPS;
const isStatusGroup = (choice: string): choice is StatusGroup =>
  Object.hasOwn(STATUS_GROUPS, choice);

/** The status choice for the query's statuses: one status, a group, or any (''). */
export function statusChoice(statuses: readonly OrderStatus[]): string {
  if (statuses.length === 1) return statuses[0]!;
  const group = Object.entries(STATUS_GROUPS).find(
    ([, members]) =>
      statuses.length === members.length && members.every((s) => statuses.includes(s)),
  );
  return group?.[0] ?? '';
}

/** The `status` parameters for a status choice. */
export const statusesOfChoice = (choice: string): readonly string[] =>
  isStatusGroup(choice) ? STATUS_GROUPS[choice] : choice ? [choice] : [];
