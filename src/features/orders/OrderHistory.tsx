import { useTranslation } from 'react-i18next';
import { isOrderStatus } from '@/features/orders/orderListQuery';
import type { OrderAuditEvent } from '@common/orders';
import { SHIPMENT_STATUSES, TRANSPORT_STATUSES } from '@common/shipments';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { HistoryCard } from '@/components/ui/HistoryCard';
import { StatusChange } from '@/components/ui/StatusChange';
import { OrderStatusBadge } from '@/features/orders/OrderBadges';
import { fetchOrderHistory, selectOrderHistory } from '@/features/orders/ordersSlice';
import type { TranslationKey } from '@/lib/i18n';

/** A detail the trail keeps as text, if it does. */
const textOf = (details: OrderAuditEvent['details'], ...names: string[]): string | null => {
  for (const name of names) {
    const value = details?.[name];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
};

/** The shipment an entry is about, by its number where the trail keeps it. */
const shipmentNumber = (event: OrderAuditEvent) =>
  textOf(event.details, 'shipmentNumber', 'number') ?? `#${event.shipmentId ?? ''}`;

/** The trail names the fields a change touched; each is shown by its label. */
const FIELD_LABELS = {
  contactId: 'orders.fields.contact',
  direction: 'orders.fields.direction',
  customerReference: 'orders.fields.customerReference',
  orderDate: 'orders.fields.orderDate',
  requestedDeliveryDate: 'orders.fields.requestedDeliveryDate',
  deliveryAddressId: 'orders.fields.deliveryAddress',
  incoterm: 'orders.fields.incoterm',
  incotermPlace: 'orders.fields.incotermPlace',
  currency: 'orders.fields.currency',
  notes: 'orders.fields.notes',
  lines: 'orders.lines.heading',
} as const satisfies Record<string, TranslationKey>;

const isNamedField = (field: string): field is keyof typeof FIELD_LABELS =>
  Object.hasOwn(FIELD_LABELS, field);

/** What one entry of the trail says happened. */
function EventText({ event }: { event: OrderAuditEvent }) {
  const { t } = useTranslation();
  switch (event.action) {
    case 'created':
      return <>{t('orders.history.created')}</>;
    case 'status': {
      const from = event.fromValue;
      const to = event.toValue;
      return (
        <StatusChange
          from={from && isOrderStatus(from) && <OrderStatusBadge status={from} />}
          to={
            to && isOrderStatus(to) ? <OrderStatusBadge status={to} /> : t('orders.history.moved')
          }
        />
      );
    }
    case 'updated': {
      const fields = event.details?.fields;
      const named = Array.isArray(fields)
        ? fields
            .filter((field): field is string => typeof field === 'string')
            .map((field) => (isNamedField(field) ? t(FIELD_LABELS[field]) : field))
        : [];
      return (
        <>
          {named.length > 0
            ? t('orders.history.changedFields', { fields: named.join(', ') })
            : t('orders.history.changed')}
        </>
      );
    }
    case 'documentUploaded':
    case 'documentArchived': {
      const name = textOf(event.details, 'fileName', 'name') ?? event.toValue ?? '';
      return <>{t(`orders.history.${event.action}`, { name })}</>;
    }
    // The order's shipments and their legs (issue 21) write to its trail too.
    case 'shipmentCreated':
    case 'shipmentUpdated':
    case 'transportAdded':
    case 'transportUpdated':
      return <>{t(`orders.history.${event.action}`, { number: shipmentNumber(event) })}</>;
    case 'shipmentStatus': {
      const to = SHIPMENT_STATUSES.find((status) => status === event.toValue);
      const status = to ? t(`shipments.statuses.${to}`) : (event.toValue ?? '');
      return <>{t('orders.history.shipmentStatus', { number: shipmentNumber(event), status })}</>;
    }
    case 'transportStatus': {
      const to = TRANSPORT_STATUSES.find((status) => status === event.toValue);
      const status = to ? t(`shipments.legStatuses.${to}`) : (event.toValue ?? '');
      return <>{t('orders.history.transportStatus', { number: shipmentNumber(event), status })}</>;
    }
  }
}

/** The order's audit trail, which is also its status history (decision 033), oldest first. */
export function OrderHistory({ orderUuid }: { orderUuid: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <HistoryCard
      recordKey={orderUuid}
      history={useAppSelector(selectOrderHistory)}
      load={(fresh) => void dispatch(fetchOrderHistory({ orderUuid, fresh }))}
      texts={{
        heading: t('orders.history.heading'),
        loading: t('orders.history.loading'),
        loadFailed: t('orders.history.loadFailed'),
        empty: t('orders.history.empty'),
      }}
      describe={(event) => <EventText event={event} />}
    />
  );
}
