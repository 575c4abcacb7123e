import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { ErrorCard } from '@/components/ui/ErrorCard';
import { LoadFailed, Loading } from '@/components/ui/RequestFeedback';
import { paths } from '@/config/paths';
import { parseOrderRef } from '@/features/orders/orderRef';
import { fetchOrder, selectOrderDetail, selectOrderFor } from '@/features/orders/ordersSlice';
import type { Order } from '@common/orders';

export function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <ErrorCard
      code={404}
      icon="compass"
      title={t('orders.detail.notFoundTitle')}
      message={t('orders.detail.notFoundMessage')}
      actions={
        <Link to={paths.orders} className="btn btn-primary">
          {t('orders.detail.backToList')}
        </Link>
      }
    />
  );
}

/**
 * The order an address names (`ref`), loaded; while it is not there, what to show instead:
 * 'not found' (not an id or uuid, 400 or 404 alike: not the person's to see), a failure with
 * Try again, or a spinner.
 */
export function useOrderPage(ref: string): {
  order: Order | null;
  fallback: ReactElement | null;
} {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const valid = parseOrderRef(ref) !== null;
  const detail = useAppSelector(selectOrderDetail);
  const order = useAppSelector((state) => selectOrderFor(state, ref));

  useEffect(() => {
    if (valid) void dispatch(fetchOrder(ref));
  }, [dispatch, ref, valid]);

  if (!valid) return { order: null, fallback: <OrderNotFound /> };
  if (order) return { order, fallback: null };
  const failed = detail.key === ref && detail.status === 'failed' ? detail.error : null;
  if (failed && (failed.status === 404 || failed.status === 400)) {
    return { order: null, fallback: <OrderNotFound /> };
  }
  if (failed) {
    return {
      order: null,
      fallback: (
        <LoadFailed
          message={t('orders.detail.loadFailed')}
          onRetry={() => void dispatch(fetchOrder(ref))}
        />
      ),
    };
  }
  return { order: null, fallback: <Loading label={t('orders.detail.loading')} /> };
}
