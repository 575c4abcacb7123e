import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderAuditEvent } from '@common/orders';
import { SHIPMENT_STATUSES, TRANSPORT_STATUSES, type Shipment } from '@common/shipments';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { HistoryCard } from '@/components/ui/HistoryCard';
import { StatusChange } from '@/components/ui/StatusChange';
import { LegStatusBadge, ShipmentStatusBadge } from '@/features/shipments/ShipmentBadges';
import { fetchShipmentHistory, selectShipmentHistory } from '@/features/shipments/shipmentsSlice';
import type { TranslationKey } from '@/lib/i18n';

/** The trail names the fields a change touched; each is shown by its label. */
const FIELD_LABELS: Record<string, TranslationKey> = {
  lines: 'shipments.form.linesHeading',
  origin: 'shipments.fields.origin',
  destination: 'shipments.fields.destination',
  plannedPickupDate: 'shipments.fields.plannedPickupDate',
  plannedDeliveryDate: 'shipments.fields.plannedDeliveryDate',
  notes: 'shipments.fields.notes',
  mode: 'shipments.legs.mode',
  carrier: 'shipments.legs.carrier',
  vehicle: 'shipments.legs.vehicleAny',
  trackingReference: 'shipments.legs.trackingReference',
  from: 'shipments.legs.fromPlace',
  to: 'shipments.legs.toPlace',
  plannedDeparture: 'shipments.legs.plannedDeparture',
  plannedArrival: 'shipments.legs.plannedArrival',
};

const isIn =
  <T extends string>(values: readonly T[]) =>
  (value: string | null): value is T =>
    (values as readonly (string | null)[]).includes(value);
const isShipmentStatus = isIn(SHIPMENT_STATUSES);
const isLegStatus = isIn(TRANSPORT_STATUSES);
const isOrderStatus = isIn(ORDER_STATUSES);

/** What one entry of the shipment's trail says happened. */
function EventText({ event, shipment }: { event: OrderAuditEvent; shipment: Shipment }) {
  const { t } = useTranslation();
  const { details, fromValue: from, toValue: to } = event;
  const sequence = details?.sequence;
  const leg =
    shipment.transports.find((item) => item.id === event.transportId)?.sequence ??
    (typeof sequence === 'number' ? sequence : '');
  const fields = Array.isArray(details?.fields)
    ? details.fields
        .filter((field): field is string => typeof field === 'string')
        .map((field) => (FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field))
        .join(', ')
    : '';
  const name = [details?.fileName, details?.name, to].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  switch (event.action) {
    case 'shipmentCreated':
      return <>{t('shipments.history.created')}</>;
    case 'shipmentUpdated':
    case 'transportUpdated': {
      const what = event.action === 'shipmentUpdated' ? 'shipment' : 'leg';
      return <>{t(`shipments.history.${what}Changed${fields ? 'Fields' : ''}`, { leg, fields })}</>;
    }
    case 'shipmentStatus':
      return (
        <StatusChange
          from={isShipmentStatus(from) && <ShipmentStatusBadge status={from} />}
          to={isShipmentStatus(to) ? <ShipmentStatusBadge status={to} /> : to}
        />
      );
    case 'transportAdded':
      return <>{t('shipments.history.legAdded', { leg })}</>;
    case 'transportStatus':
      return (
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          {t('shipments.legs.title', { leg })}
          <StatusChange
            from={isLegStatus(from) && <LegStatusBadge status={from} />}
            to={isLegStatus(to) ? <LegStatusBadge status={to} /> : to}
          />
        </span>
      );
    case 'status':
      // The shipment moved its order (leaving takes it in progress, the last delivery completes it).
      return (
        <>
          {t('shipments.history.orderMoved', {
            status: isOrderStatus(to) ? t(`orders.statuses.${to}`) : to,
          })}
        </>
      );
    case 'documentUploaded':
    case 'documentArchived':
      return <>{t(`orders.history.${event.action}`, { name: name ?? '' })}</>;
    case 'created':
    case 'updated':
      return <>{t('orders.history.changed')}</>;
  }
}

/** The trail entries about this shipment and its legs, oldest first. */
export function ShipmentHistory({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <HistoryCard
      recordKey={shipment.uuid}
      history={useAppSelector(selectShipmentHistory)}
      load={(fresh) => void dispatch(fetchShipmentHistory({ ref: shipment.uuid, fresh }))}
      texts={{
        heading: t('shipments.history.heading'),
        loading: t('shipments.history.loading'),
        loadFailed: t('shipments.history.loadFailed'),
        empty: t('shipments.history.empty'),
      }}
      describe={(event) => <EventText event={event} shipment={shipment} />}
    />
  );
}
