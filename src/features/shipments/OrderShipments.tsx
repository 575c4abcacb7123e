import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Order } from '@common/orders';
import type { OrderShipments, ShipmentSummary } from '@common/shipments';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { OrderSection } from '@/slots/orderPage';
import { DataTable } from '@/components/ui/DataTable';
import { LoadFailed, Loading } from '@/components/ui/RequestFeedback';
import { shipmentDetailPath, shipmentNewPath } from '@/config/paths';
import { useCountryName } from '@/countries/useCountryName';
import { LateBadge, ShipmentStatusBadge } from '@/features/shipments/ShipmentBadges';
import { fetchOrderShipments, selectOrderShipmentsFor } from '@/features/shipments/shipmentsSlice';
import { formatDate, formatQuantity } from '@/lib/format';
import '@/features/shipments/shipments.css';

/** Per order line: ordered, on shipments, delivered and left to ship. */
function QuantitiesTable({ lines }: { lines: OrderShipments['lines'] }) {
  const { t, i18n } = useTranslation();
  const columns = [
    t('orders.lines.description'),
    t('shipments.lines.ordered'),
    t('shipments.lines.shipped'),
    t('shipments.lines.delivered'),
    t('shipments.lines.left'),
  ];
  return (
    <DataTable caption={t('shipments.order.quantitiesCaption')} columns={['#', ...columns]}>
      {lines.map((line) => {
        const unit = t(`orders.units.${line.unit}`);
        const amounts = [line.ordered, line.shipped, line.delivered, line.remaining];
        return (
          <tr key={line.orderLineId}>
            <th scope="row" className="data-table-name">
              <span className="visually-hidden">{t('orders.lines.line')} </span>
              {line.position}
            </th>
            <td data-label={columns[0]} className="text-break">
              {line.description}
            </td>
            {amounts.map((amount, index) => (
              <td
                key={columns[index + 1]}
                data-label={columns[index + 1]}
                className={`text-nowrap${index === 3 ? ' fw-semibold' : ''}`}
              >
                {formatQuantity(amount, i18n.language)} {unit}
              </td>
            ))}
          </tr>
        );
      })}
    </DataTable>
  );
}

/** A date planned, and the actual one once there is one. */
function PlannedActual({ planned, actual }: { planned: string; actual: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="d-block">{t('shipments.dates.planned', { date: formatDate(planned) })}</span>
      {actual && (
        <span className="d-block">{t('shipments.dates.actual', { date: formatDate(actual) })}</span>
      )}
    </>
  );
}

/** The order's shipments, newest first: number, status, dates planned and actual, where to. */
function ShipmentsTable({ shipments }: { shipments: readonly ShipmentSummary[] }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const columns = [
    t('shipments.fields.status'),
    t('shipments.fields.pickup'),
    t('shipments.fields.delivery'),
    t('shipments.fields.destination'),
    t('shipments.order.legs'),
  ];
  return (
    <DataTable
      caption={t('shipments.order.caption')}
      columns={[t('shipments.fields.number'), ...columns]}
    >
      {shipments.map((shipment) => (
        <tr key={shipment.uuid}>
          <th scope="row" className="data-table-name text-nowrap">
            <Link to={shipmentDetailPath(shipment.uuid)}>{shipment.number}</Link>
          </th>
          <td data-label={columns[0]}>
            <span className="d-inline-flex flex-wrap justify-content-end justify-content-md-start gap-1">
              <ShipmentStatusBadge status={shipment.status} />
              {shipment.late && <LateBadge />}
            </span>
          </td>
          <td data-label={columns[1]}>
            <PlannedActual
              planned={shipment.plannedPickupDate}
              actual={shipment.actualPickupDate}
            />
          </td>
          <td data-label={columns[2]}>
            <PlannedActual
              planned={shipment.plannedDeliveryDate}
              actual={shipment.actualDeliveryDate}
            />
          </td>
          <td data-label={columns[3]} className="text-break">
            {shipment.destination.city}, {countryName(shipment.destination.country)}
          </td>
          <td data-label={columns[4]}>
            {t('shipments.order.legCount', { count: shipment.legCount })}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * The order's shipments on its page (issue 21): per line what is left to ship, each shipment
 * with its status and dates, and 'New shipment' for those who may plan one.
 */
function OrderShipmentsSection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const entry = useAppSelector((state) => selectOrderShipmentsFor(state, order.uuid));
  const stale = entry?.stale ?? false;
  // The order's own version too: a move of the order may have changed its shipments.
  useEffect(() => {
    void dispatch(fetchOrderShipments({ ref: order.uuid, fresh: stale }));
  }, [dispatch, order.uuid, order.version, stale]);
  const data = entry?.data ?? null;

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 className="h5 mb-0 me-auto">{t('shipments.order.heading')}</h2>
          {data?.mayCreate && (
            <Link
              to={shipmentNewPath(order.uuid)}
              className="btn btn-outline-primary btn-sm"
              aria-label={t('shipments.actions.newFor', { number: order.number })}
            >
              {t('shipments.actions.new')}
            </Link>
          )}
        </div>
        {!data &&
          (entry?.status === 'failed' ? (
            <LoadFailed
              message={t('shipments.order.loadFailed')}
              onRetry={() => void dispatch(fetchOrderShipments({ ref: order.uuid, fresh: true }))}
            />
          ) : (
            <Loading label={t('shipments.order.loading')} />
          ))}
        {data && (
          <>
            <h3 className="h6 text-body-secondary">{t('shipments.order.quantitiesHeading')}</h3>
            {data.lines.length > 0 ? (
              <QuantitiesTable lines={data.lines} />
            ) : (
              <p className="text-body-secondary">{t('orders.lines.none')}</p>
            )}
            <h3 className="h6 text-body-secondary mt-4">{t('shipments.order.listHeading')}</h3>
            {data.shipments.length > 0 ? (
              <ShipmentsTable shipments={data.shipments} />
            ) : (
              <p className="text-body-secondary mb-0">{t('shipments.order.none')}</p>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

/** The order page's Shipments section: whoever sees the order sees its shipments. */
export const orderShipmentsSection: OrderSection = {
  key: 'shipments',
  Component: OrderShipmentsSection,
};
