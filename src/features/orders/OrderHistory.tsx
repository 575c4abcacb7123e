import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { isOrderStatus } from '@/features/orders/orderListQuery';
import type { OrderAuditEvent } from '@common/orders';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { OrderStatusBadge } from '@/features/orders/OrderBadges';
import { fetchOrderHistory, selectOrderHistory } from '@/features/orders/ordersSlice';
import { formatDateTime } from '@/lib/format';
import '@/components/ui/Timeline.css';
import type { TranslationKey } from '@/lib/i18n';

/** A detail the trail keeps as text, if it does. */
const textOf = (details: OrderAuditEvent['details'], ...names: string[]): string | null => {
  for (const name of names) {
    const value = details?.[name];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
};

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
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          {from && isOrderStatus(from) && (
            <>
              <OrderStatusBadge status={from} />
              <span aria-hidden="true">→</span>
              <span className="visually-hidden">{t('orders.history.to')}</span>
            </>
          )}
          {to && isOrderStatus(to) ? <OrderStatusBadge status={to} /> : t('orders.history.moved')}
        </span>
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
  }
}

/** The order's audit trail, which is also its status history (decision 033), oldest first. */
export function OrderHistory({ orderUuid }: { orderUuid: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const history = useAppSelector(selectOrderHistory);
  const mine = history.key === orderUuid;
  const stale = mine && history.stale;
  useEffect(() => {
    void dispatch(fetchOrderHistory({ orderUuid, fresh: stale }));
  }, [dispatch, orderUuid, stale]);
  const events = mine ? history.data : [];

  return (
    <Card className="shadow-sm h-100">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('orders.history.heading')}</h2>
        <ListFeedback
          status={mine ? history.status : undefined}
          count={events.length}
          failed={t('orders.history.loadFailed')}
          loading={t('orders.history.loading')}
          empty={t('orders.history.empty')}
          onRetry={() => void dispatch(fetchOrderHistory({ orderUuid, fresh: true }))}
        />
        {events.length > 0 && (
          <ol className="app-timeline list-unstyled mb-0" aria-label={t('orders.history.heading')}>
            {events.map((event) => (
              <li key={event.id} className="app-timeline-item">
                <div>
                  <EventText event={event} />
                </div>
                <p className="small text-body-secondary mb-0 mt-1">
                  {event.userName
                    ? t('orders.history.byWhen', {
                        name: event.userName,
                        date: formatDateTime(event.createdAt),
                      })
                    : formatDateTime(event.createdAt)}
                </p>
                {event.reason && (
                  <p className="mb-0 mt-1 text-break order-pre-line">
                    {t('orders.history.reason', { reason: event.reason })}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </Card.Body>
    </Card>
  );
}
