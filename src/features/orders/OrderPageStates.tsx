import { useCallback, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@common/orders';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useRecordPage } from '@/components/ui/useRecordPage';
import { paths } from '@/config/paths';
import { fetchOrder, selectOrderDetail, selectOrderFor } from '@/features/orders/ordersSlice';

/**
 * The order an address names (`ref`), loaded; while it is not there, what to show instead:
 * 'not found', a failure with Try again, or a spinner.
 */
export function useOrderPage(ref: string): {
  order: Order | null;
  fallback: ReactElement | null;
} {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const load = useCallback((orderRef: string) => void dispatch(fetchOrder(orderRef)), [dispatch]);
  const { record, fallback } = useRecordPage({
    ref,
    record: useAppSelector((state) => selectOrderFor(state, ref)),
    request: useAppSelector(selectOrderDetail),
    load,
    texts: {
      notFoundTitle: t('orders.detail.notFoundTitle'),
      notFoundMessage: t('orders.detail.notFoundMessage'),
      backTo: paths.orders,
      backLabel: t('orders.detail.backToList'),
      loadFailed: t('orders.detail.loadFailed'),
      loading: t('orders.detail.loading'),
    },
  });
  return { order: record, fallback };
}
