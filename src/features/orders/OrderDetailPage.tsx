import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PLACE_DOCUMENT_TYPES } from '@common/kyc';
import { EDITABLE_ORDER_STATUSES, type Order } from '@common/orders';
import { isStaff } from '@common/roles';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { OrderSection } from '@/slots/orderPage';
import { useBreadcrumbLabel } from '@/shell/useRouteLabels';
import { orderModifyPath, partnerPath, paths } from '@/config/paths';
import { RecordDocuments } from '@/documents/RecordDocuments';
import { MoveRefusal, OrderMoves } from '@/features/orders/OrderActions';
import { HeldBadge } from '@/kyc-gate/KycGate';
import { OrderStatusBadge } from '@/features/orders/OrderBadges';
import { OrderExportButton } from '@/features/orders/OrderExportButton';
import { OrderHistory } from '@/features/orders/OrderHistory';
import { useOrderPage } from '@/features/orders/OrderPageStates';
import { OrderFields, OrderLinesView } from '@/features/orders/OrderSummary';
import { fetchOrderPartner, selectOrderPartnerFor } from '@/features/orders/ordersSlice';
import { useRecordPartner } from '@/session/useUrlPartner';
import { selectRoles } from '@/session/userSlice';
import '@/features/orders/orders.css';

/** The order's documents: upload (with a type), list, viewer and archive, or the list alone. */
function OrderDocuments({ order }: { order: Order }) {
  const { t } = useTranslation();
  const query = useMemo(() => ({ orderUuid: order.uuid }), [order.uuid]);
  return (
    <RecordDocuments
      query={query}
      upload={
        order.permissions.uploadDocuments
          ? { link: { orderUuid: order.uuid }, tradePartnerId: order.tradePartner.id }
          : null
      }
      typeCodes={PLACE_DOCUMENT_TYPES.order}
      emptyText={t('orders.detail.noDocuments')}
    />
  );
}

interface OrderViewProps {
  order: Order;
  /** Other features' sections below the lines (the order's shipments). */
  sections: readonly OrderSection[];
}

function OrderView({ order, sections }: OrderViewProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const staff = isStaff(useAppSelector(selectRoles));
  const partnerUuid = order.tradePartner.uuid;
  const partner = useAppSelector((state) => selectOrderPartnerFor(state, partnerUuid));
  useEffect(() => {
    void dispatch(fetchOrderPartner(partnerUuid));
  }, [dispatch, partnerUuid]);
  const editable = order.permissions.edit && EDITABLE_ORDER_STATUSES.includes(order.status);

  return (
    <>
      <div className="app-page-header">
        <div className="d-flex flex-wrap align-items-start gap-2 gap-sm-3">
          <div className="me-auto">
            <h1 className="h3 mb-1">{order.number}</h1>
            <Link to={partnerPath(partnerUuid)} className="fw-semibold">
              {order.tradePartner.name}
            </Link>
          </div>
          <p className="fs-6 mb-0 d-flex flex-wrap align-items-center gap-2">
            <span className="visually-hidden">{t('orders.fields.status')} </span>
            <OrderStatusBadge status={order.status} />
            {order.held && <HeldBadge />}
          </p>
        </div>
        {order.held && (
          <p className="small text-warning-emphasis mt-2 mb-0">{t('orders.held.explanation')}</p>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
          <OrderMoves order={order} />
          {editable && (
            <Link to={orderModifyPath(order.uuid)} className="btn btn-outline-primary btn-sm">
              {t('orders.actions.edit')}
            </Link>
          )}
          {staff && <OrderExportButton order={order} />}
        </div>
        <MoveRefusal order={order} />
      </div>
      <div className="row g-4">
        <div className="col-12 col-xl-8">
          <OrderFields order={order} partner={partner?.data ?? null} />
          <OrderLinesView order={order} />
        </div>
        <div className="col-12 col-xl-4">
          <OrderHistory orderUuid={order.uuid} />
        </div>
        {/* Full width: a section's tables (what is left to ship per line) have many columns. */}
        {sections.map(({ key, Component }) => (
          <div key={key} className="col-12">
            <Component order={order} />
          </div>
        ))}
        <div className="col-12">
          <OrderDocuments order={order} />
        </div>
      </div>
    </>
  );
}

/**
 * /orders/detail/{idOrUuid}: one order, its moves, its lines, the sections of other features
 * (its shipments), its trail and its documents. An order the person may not see is 'not found',
 * as one that does not exist.
 */
export function OrderDetailPage({ sections = [] }: { sections?: readonly OrderSection[] }) {
  const { orderRef = '' } = useParams();
  const { order, fallback } = useOrderPage(orderRef);
  // 'Orders / ORD-2026-000123', whether the address names it by uuid or id.
  useBreadcrumbLabel(paths.orderDetail, order?.number ?? null);
  // SPEC section 2: the current partner is the order's.
  useRecordPartner(order?.tradePartner);
  return order ? <OrderView order={order} sections={sections} /> : fallback;
}
