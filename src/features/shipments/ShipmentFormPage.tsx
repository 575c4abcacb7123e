import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Alert from 'react-bootstrap/Alert';
import type { Order } from '@common/orders';
import type { TradePartner } from '@common/partners';
import {
  EDITABLE_SHIPMENT_STATUSES,
  SHIPPABLE_ORDER_STATUSES,
  type Shipment,
} from '@common/shipments';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useBreadcrumbLabel } from '@/shell/useRouteLabels';
import { ErrorCard } from '@/components/ui/ErrorCard';
import { LoadFailed, Loading } from '@/components/ui/RequestFeedback';
import { RecordNotFound } from '@/components/ui/useRecordPage';
import { orderDetailPath, paths, shipmentDetailPath, shippableOrdersPath } from '@/config/paths';
import { ShipmentForm } from '@/features/shipments/ShipmentForm';
import {
  newShipmentValues,
  shipmentBody,
  shipmentValues,
  shippableLines,
  type ShipmentFormValues,
} from '@/features/shipments/shipmentFormValues';
import {
  orderCrumbs,
  orderPageTexts,
  useShipmentPage,
} from '@/features/shipments/ShipmentPageStates';
import {
  fetchOrderShipments,
  fetchShipmentPartner,
  fetchShippedOrder,
  saveShipment,
  selectOrderShipmentsFor,
  selectShipmentPartnerFor,
  selectShippedOrderFor,
} from '@/features/shipments/shipmentsSlice';
import { isApiError, isStaleVersion, type ApiError } from '@/lib/api-error';
import { notify } from '@/notifications/notificationsSlice';
import { isUuid } from '@/lib/recordRef';
import { useRecordPartner } from '@/session/useUrlPartner';
import '@/features/shipments/shipments.css';

/** No order named (?order=): a shipment is planned from an order. */
function NoOrder() {
  const { t } = useTranslation();
  return (
    <ErrorCard
      code={400}
      icon="compass"
      title={t('shipments.form.noOrderTitle')}
      message={t('shipments.form.noOrderMessage')}
      actions={
        <Link to={shippableOrdersPath} className="btn btn-primary">
          {t('shipments.form.toOrders')}
        </Link>
      }
    />
  );
}

interface ShipmentEditorProps {
  /** The order the shipment is of. */
  order: Pick<Order, 'uuid' | 'number' | 'status'>;
  /** The shipment to change; absent: a new one of the order. */
  shipment?: Shipment;
  /** A new shipment's places and dates, once what they come from is loaded. */
  start?: ShipmentFormValues;
  cancelTo: string;
}

/** Why no shipment can be planned from the order: its status, or nothing left to ship. */
function NothingToShip({ order }: { order: ShipmentEditorProps['order'] }) {
  const { t } = useTranslation();
  const shippable = SHIPPABLE_ORDER_STATUSES.includes(order.status);
  return (
    <Alert variant="info">
      <p>
        {shippable
          ? t('shipments.form.nothingLeft', { number: order.number })
          : t('shipments.form.orderNotShippable', {
              status: t(`orders.statuses.${order.status}`),
            })}
      </p>
      <Link to={orderDetailPath(order.uuid)} className="alert-link">
        {t('shipments.form.backToOrder', { number: order.number })}
      </Link>
    </Alert>
  );
}

/** The form once the order's lines and what is left of them are loaded; Save opens the shipment. */
function ShipmentEditor({ order, shipment, start, cancelTo }: ShipmentEditorProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const orderUuid = order.uuid;
  const quantities = useAppSelector((state) => selectOrderShipmentsFor(state, orderUuid));
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const stale = quantities?.stale ?? false;

  useEffect(() => {
    void dispatch(fetchOrderShipments({ ref: orderUuid, fresh: stale }));
  }, [dispatch, orderUuid, stale]);

  if (!quantities?.data) {
    if (quantities?.status === 'failed') {
      return (
        <LoadFailed
          message={t('shipments.form.linesFailed')}
          onRetry={() => void dispatch(fetchOrderShipments({ ref: orderUuid, fresh: true }))}
        />
      );
    }
    return <Loading label={t('shipments.form.loadingLines')} />;
  }
  if (!shipment && !quantities.data.mayCreate) return <NothingToShip order={order} />;
  const lines = shippableLines(quantities.data.lines, shipment);

  const save = async (values: ShipmentFormValues) => {
    setBusy(true);
    setError(null);
    const body = shipmentBody(values, lines, i18n.language);
    try {
      const saved = await dispatch(
        shipment
          ? saveShipment({ shipment, body })
          : saveShipment({ body: { ...body, orderUuid } }),
      ).unwrap();
      dispatch(
        notify.success('shipments.notices.saved.title', 'shipments.notices.saved.message', {
          values: { number: saved.number },
        }),
      );
      void navigate(shipmentDetailPath(saved.uuid));
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      // Someone else saved first: the user was told, and the form shows their shipment now.
      setError(isStaleVersion(caught) ? null : caught);
      // Less is left than the form knew: what is left is read again.
      if (caught.status === 409) {
        void dispatch(fetchOrderShipments({ ref: orderUuid, fresh: true }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <ShipmentForm
      // A new version (someone else's, after a 409) starts the form again from it.
      key={shipment ? `${shipment.uuid}-${shipment.version}` : 'new'}
      initial={shipment ? shipmentValues(shipment, i18n.language) : start!}
      lines={lines}
      error={error}
      busy={busy}
      cancelTo={cancelTo}
      onSubmit={(values) => void save(values)}
    />
  );
}

/** The page's title, and the order it is about. */
function FormHeader({ title, order }: { title: string; order: Shipment['order'] }) {
  const { t } = useTranslation();
  return (
    <div className="app-page-header">
      <h1 className="h3 mb-1">{title}</h1>
      <p className="mb-0">
        {t('shipments.form.ofOrder')}{' '}
        <Link to={orderDetailPath(order.uuid)} className="fw-semibold">
          {order.number}
        </Link>
        {' · '}
        {order.tradePartner.name}
      </p>
    </div>
  );
}

/** A new shipment of `order`, once its partner's addresses are in (or could not be read). */
function NewShipment({ order, partner }: { order: Order; partner: TradePartner | null }) {
  const { t } = useTranslation();
  useBreadcrumbLabel(paths.shipmentNew, t('shipments.form.newTitle'), orderCrumbs(t, order));
  // SPEC section 2: the current partner is the order's.
  useRecordPartner(order.tradePartner);
  return (
    <>
      <FormHeader title={t('shipments.form.newTitle')} order={order} />
      <ShipmentEditor
        order={order}
        start={newShipmentValues(order, partner)}
        cancelTo={orderDetailPath(order.uuid)}
      />
    </>
  );
}

/** /shipments/modify/new?order={uuid}: a new shipment of that order (staff, by the route). */
export function ShipmentNewPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const ref = params.get('order') ?? '';
  const orderUuid = isUuid(ref) ? ref.toLowerCase() : null;
  const order = useAppSelector((state) => selectShippedOrderFor(state, orderUuid));
  const partnerUuid = order?.data?.tradePartner.uuid;
  const partner = useAppSelector((state) => selectShipmentPartnerFor(state, partnerUuid));
  const load = useCallback(() => {
    if (orderUuid) void dispatch(fetchShippedOrder(orderUuid));
  }, [dispatch, orderUuid]);
  useEffect(load, [load]);
  useEffect(() => {
    if (partnerUuid) void dispatch(fetchShipmentPartner(partnerUuid));
  }, [dispatch, partnerUuid]);

  if (!orderUuid) return <NoOrder />;
  // The places start from the partner's addresses: without them they start blank.
  if (order?.data && (partner?.status === 'succeeded' || partner?.status === 'failed')) {
    return <NewShipment order={order.data} partner={partner.data} />;
  }
  if (order?.status === 'failed') {
    return order.error?.status === 404 || order.error?.status === 400 ? (
      <RecordNotFound texts={orderPageTexts(t)} />
    ) : (
      <LoadFailed message={t('orders.detail.loadFailed')} onRetry={load} />
    );
  }
  return <Loading label={t('orders.detail.loading')} />;
}

/**
 * /shipments/modify/{idOrUuid}: a planned shipment's form. Whoever may not change it (partner
 * people, or a shipment on its way, delivered or cancelled) is shown the shipment instead.
 */
export function ShipmentModifyPage() {
  const { t } = useTranslation();
  const { shipmentRef = '' } = useParams();
  const { shipment, fallback } = useShipmentPage(shipmentRef);
  useBreadcrumbLabel(
    paths.shipmentModify,
    shipment ? t('shipments.form.editTitle', { number: shipment.number }) : null,
    shipment ? orderCrumbs(t, shipment.order) : undefined,
  );
  useRecordPartner(shipment?.order.tradePartner);

  if (!shipment) return fallback;
  if (!shipment.permissions.edit || !EDITABLE_SHIPMENT_STATUSES.includes(shipment.status)) {
    return <Navigate to={shipmentDetailPath(shipment.uuid)} replace />;
  }
  return (
    <>
      <FormHeader
        title={t('shipments.form.editTitle', { number: shipment.number })}
        order={shipment.order}
      />
      <ShipmentEditor
        order={shipment.order}
        shipment={shipment}
        cancelTo={shipmentDetailPath(shipment.uuid)}
      />
    </>
  );
}
