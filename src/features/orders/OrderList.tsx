import { useCallback } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { OrderSummary } from '@common/orders';
import { viewsFinancials } from '@common/roles';
import { SHIPPABLE_ORDER_STATUSES } from '@common/shipments';
import { useAppSelector } from '@/store/hooks';
import { usePagedList } from '@/store/usePagedList';
import { Icon } from '@/components/ui/Icon';
import { PagedTable } from '@/components/ui/PagedTable';
import { orderDetailPath, shipmentNewPath } from '@/config/paths';
import { HeldBadge } from '@/kyc-gate/KycGate';
import { seesAmountsIn } from '@/companies/partnerAccess';
import { OrderStatusBadge } from '@/features/orders/OrderBadges';
import { OrderFilters } from '@/features/orders/OrderFilters';
import { formatMoney } from '@/features/orders/orderFormat';
import { FILTER_PARAMS, isFiltered, orderQueryFrom } from '@/features/orders/orderListQuery';
import { fetchOrders, orderListKey, selectOrderList } from '@/features/orders/ordersSlice';
import { formatDate } from '@/lib/format';
import { pageParam, useDebouncedSearchParam } from '@/lib/useListParams';
import { selectTradePartners } from '@/session/tradePartnerSlice';
import { selectRoles } from '@/session/userSlice';

/** How long typing pauses before the list is searched. */
const SEARCH_DEBOUNCE_MS = 300;

type ParamChanges = Record<string, string | readonly string[] | null>;

/** Sets address parameters (null removes one, a list repeats it) as a new history entry. */
function useSetParams() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (changes: ParamChanges) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          next.delete(name);
          if (typeof value === 'string') next.set(name, value);
          else value?.forEach((item) => next.append(name, item));
        }
        return next;
      }),
    [setParams],
  );
}

interface OrderListProps {
  /** The partner page's tab: only this partner's orders, no partner column or filter. */
  partner?: { uuid: string };
  /** Partner people with several companies pick one of theirs. */
  partners?: readonly { uuid: string; name: string }[];
  /** Whose list it is, for what an empty one says. */
  staff: boolean;
}

/**
 * Orders, filtered, sorted and paged by the server (GET /api/orders), the query kept in the
 * address so a filtered list can be shared. Each row links to the order.
 */
export function OrderList({ partner, partners = [], staff }: OrderListProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const query = orderQueryFrom(params, partner?.uuid);
  const { list, current, retry } = usePagedList(query, {
    keyOf: orderListKey,
    fetch: fetchOrders,
    select: selectOrderList,
  });
  const [text, setText] = useDebouncedSearchParam('q', SEARCH_DEBOUNCE_MS);
  const setParams = useSetParams();
  // A new filter shows its first page.
  const filter = (changes: ParamChanges) => setParams({ ...changes, page: null });

  // Sorting by total only where every order listed shows its total (decision 042).
  const roles = useAppSelector(selectRoles);
  const mine = useAppSelector(selectTradePartners);
  const listed = query.tradePartnerUuid
    ? mine.filter((item) => item.uuid === query.tradePartnerUuid)
    : mine;
  const totalSort =
    viewsFinancials(roles) ||
    (listed.length > 0 && listed.every((item) => seesAmountsIn(roles, item)));

  const page = list.data;
  const rows = page?.content ?? [];
  const filtered = isFiltered(query, partner !== undefined);
  const showPartner = partner === undefined;
  const columns = [
    t('orders.fields.number'),
    ...(showPartner ? [t('orders.fields.partner')] : []),
    t('orders.fields.customerReference'),
    t('orders.fields.orderDate'),
    t('orders.fields.total'),
    t('orders.fields.status'),
  ];
  const label = (name: string) => ({ 'data-label': name });

  const row = (order: OrderSummary) => (
    <tr key={order.uuid}>
      <th scope="row" className="data-table-name text-nowrap">
        <Link to={orderDetailPath(order.uuid)}>{order.number}</Link>
        <div className="small fw-normal text-body-secondary">
          {t(`orders.directions.${order.direction}`)}
        </div>
      </th>
      {showPartner && (
        <td {...label(t('orders.fields.partner'))}>
          <span className="d-inline-flex align-items-center gap-1">
            {order.tradePartner.name}
            {query.tradePartnerUuid === null && (
              <Button
                variant="link"
                size="sm"
                className="p-0 text-body-secondary"
                title={t('orders.list.onlyPartner', { partner: order.tradePartner.name })}
                aria-label={t('orders.list.onlyPartner', { partner: order.tradePartner.name })}
                onClick={() => filter({ partner: order.tradePartner.uuid })}
              >
                <Icon name="filter" size={14} />
              </Button>
            )}
          </span>
        </td>
      )}
      <td {...label(t('orders.fields.customerReference'))}>{order.customerReference ?? '–'}</td>
      <td {...label(t('orders.fields.orderDate'))}>{formatDate(order.orderDate)}</td>
      <td {...label(t('orders.fields.total'))} className="text-md-end text-nowrap">
        {formatMoney(order.total, order.currency, i18n.language)}
      </td>
      <td {...label(t('orders.fields.status'))}>
        <span className="d-inline-flex flex-wrap justify-content-end justify-content-md-start gap-1">
          <OrderStatusBadge status={order.status} />
          {order.held && <HeldBadge />}
        </span>
      </td>
      {staff && (
        <td className="text-md-end">
          {SHIPPABLE_ORDER_STATUSES.includes(order.status) && (
            <Link
              to={shipmentNewPath(order.uuid)}
              className="btn btn-outline-primary btn-sm text-nowrap"
              aria-label={t('shipments.actions.newFor', { number: order.number })}
            >
              {t('shipments.actions.new')}
            </Link>
          )}
        </td>
      )}
    </tr>
  );

  const partnerName =
    query.tradePartnerUuid && showPartner
      ? (rows.find((order) => order.tradePartner.uuid === query.tradePartnerUuid)?.tradePartner
          .name ?? partners.find((item) => item.uuid === query.tradePartnerUuid)?.name)
      : undefined;

  return (
    <>
      <OrderFilters
        query={query}
        text={text}
        onText={setText}
        onChange={filter}
        partners={showPartner ? partners : []}
        totalSort={totalSort}
        onClear={
          filtered
            ? () => {
                setText('');
                setParams(Object.fromEntries(FILTER_PARAMS.map((name) => [name, null])));
              }
            : null
        }
      />
      {showPartner && query.tradePartnerUuid && partners.length <= 1 && (
        <p className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <span>
            {partnerName
              ? t('orders.list.partnerFilter', { partner: partnerName })
              : t('orders.list.partnerFilterUnnamed')}
          </span>
          <Button variant="outline-secondary" size="sm" onClick={() => filter({ partner: null })}>
            {t('orders.list.allPartners')}
          </Button>
        </p>
      )}
      <PagedTable
        status={current?.status}
        failed={t('orders.list.loadFailed')}
        loading={t('orders.list.loading')}
        empty={
          filtered
            ? t('orders.list.noMatches')
            : staff
              ? t('orders.list.empty')
              : t('orders.list.emptyOwn')
        }
        onRetry={retry}
        busy={list.status === 'loading'}
        caption={t('orders.list.caption')}
        columns={columns}
        withActions={staff}
        page={page}
        onPageChange={(next) => setParams({ page: pageParam(next) })}
      >
        {rows.map(row)}
      </PagedTable>
    </>
  );
}
