import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { EDITABLE_ORDER_STATUSES, type Order } from '@common/orders';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useBreadcrumbLabel } from '@/shell/useRouteLabels';
import { ErrorCard } from '@/components/ui/ErrorCard';
import { LoadFailed, Loading } from '@/components/ui/RequestFeedback';
import { orderDetailPath, partnerPath, paths } from '@/config/paths';
import { OrderForm } from '@/features/orders/OrderForm';
import {
  newOrderValues,
  orderBody,
  orderValues,
  type OrderFormValues,
} from '@/features/orders/orderFormValues';
import { useOrderPage } from '@/features/orders/OrderPageStates';
import { fetchOrderPartner, saveOrder, selectOrderPartnerFor } from '@/features/orders/ordersSlice';
import { notify } from '@/notifications/notificationsSlice';
import { isUuid } from '@/lib/recordRef';
import { useRecordPartner } from '@/session/useUrlPartner';
import { isApiError, isStaleVersion, type ApiError } from '@/lib/api-error';
import '@/features/orders/orders.css';

/** No partner named (?partner=): a new order starts from the trade partners. */
function NoPartner() {
  const { t } = useTranslation();
  return (
    <ErrorCard
      code={400}
      icon="compass"
      title={t('orders.form.noPartnerTitle')}
      message={t('orders.form.noPartnerMessage')}
      actions={
        <Link to={paths.partners} className="btn btn-primary">
          {t('orders.form.toPartners')}
        </Link>
      }
    />
  );
}

interface OrderEditorProps {
  partnerUuid: string;
  /** The order to change; absent: a new one for the partner. */
  order?: Order;
}

/** The form once its partner (contacts, addresses) is loaded; Save opens the order's page. */
function OrderEditor({ partnerUuid, order }: OrderEditorProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const partner = useAppSelector((state) => selectOrderPartnerFor(state, partnerUuid));
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  // SPEC section 2: the current partner is the order's.
  useRecordPartner(partner?.data ?? null);

  useEffect(() => {
    void dispatch(fetchOrderPartner(partnerUuid));
  }, [dispatch, partnerUuid]);

  const save = async (values: OrderFormValues) => {
    setBusy(true);
    setError(null);
    const body = orderBody(values, i18n.language);
    try {
      const saved = await dispatch(
        order
          ? saveOrder({ order, body })
          : saveOrder({ body: { ...body, tradePartnerUuid: partnerUuid } }),
      ).unwrap();
      dispatch(
        notify.success('orders.notices.saved.title', 'orders.notices.saved.message', {
          values: { number: saved.number },
        }),
      );
      void navigate(orderDetailPath(saved.uuid));
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      // Someone else saved first: the user was told, and the form shows their order now.
      setError(isStaleVersion(caught) ? null : caught);
    } finally {
      setBusy(false);
    }
  };

  if (!partner?.data) {
    if (partner?.status === 'failed') {
      return (
        <LoadFailed
          message={t('orders.form.partnerFailed')}
          onRetry={() => void dispatch(fetchOrderPartner(partnerUuid))}
        />
      );
    }
    return <Loading label={t('orders.form.loadingPartner')} />;
  }
  return (
    <OrderForm
      // A new version (someone else's, after a 409) starts the form again from it.
      key={order ? `${order.uuid}-${order.version}` : 'new'}
      initial={order ? orderValues(order, i18n.language) : newOrderValues()}
      partner={partner.data}
      error={error}
      busy={busy}
      cancelTo={order ? orderDetailPath(order.uuid) : partnerPath(partnerUuid)}
      onSubmit={(values) => void save(values)}
    />
  );
}

/** /orders/modify/new?partner={uuid}: a new order for that partner (staff, by the route). */
export function OrderNewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const partner = params.get('partner') ?? '';
  if (!isUuid(partner)) return <NoPartner />;
  return (
    <>
      <div className="app-page-header">
        <h1 className="h3 mb-0">{t('orders.form.newTitle')}</h1>
      </div>
      <OrderEditor partnerUuid={partner.toLowerCase()} />
    </>
  );
}

/**
 * /orders/modify/{idOrUuid}: the order's form. Whoever may not change it (partner people, or an
 * order completed or cancelled) is shown the order instead.
 */
export function OrderModifyPage() {
  const { t } = useTranslation();
  const { orderRef = '' } = useParams();
  const { order, fallback } = useOrderPage(orderRef);
  useBreadcrumbLabel(
    paths.orderModify,
    order ? t('orders.form.editTitle', { number: order.number }) : null,
  );

  if (!order) return fallback;
  if (!order.permissions.edit || !EDITABLE_ORDER_STATUSES.includes(order.status)) {
    return <Navigate to={orderDetailPath(order.uuid)} replace />;
  }
  return (
    <>
      <div className="app-page-header">
        <h1 className="h3 mb-0">{t('orders.form.editTitle', { number: order.number })}</h1>
      </div>
      <OrderEditor partnerUuid={order.tradePartner.uuid} order={order} />
    </>
  );
}
