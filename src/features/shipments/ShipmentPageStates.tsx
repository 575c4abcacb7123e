import { useCallback, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment } from '@common/shipments';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useRecordPage, type RecordPageTexts } from '@/components/ui/useRecordPage';
import { orderDetailPath, paths, shippableOrdersPath } from '@/config/paths';
import {
  fetchShipment,
  selectShipmentDetail,
  selectShipmentFor,
} from '@/features/shipments/shipmentsSlice';
import type { Crumb } from '@/lib/breadcrumbs';
import type { TranslationKey } from '@/lib/i18n';

type T = (key: TranslationKey) => string;

/** 'Orders / ORD-…': where a shipment's pages sit in the trail (issue 21). */
export const orderCrumbs = (t: T, order: { uuid: string; number: string }): Crumb[] => [
  { label: t('pages.orders'), path: paths.orders },
  { label: order.number, path: orderDetailPath(order.uuid) },
];

/** What a page says when the order it is about is not there. */
export const orderPageTexts = (t: T): RecordPageTexts => ({
  notFoundTitle: t('orders.detail.notFoundTitle'),
  notFoundMessage: t('orders.detail.notFoundMessage'),
  backTo: paths.orders,
  backLabel: t('orders.detail.backToList'),
  loadFailed: t('orders.detail.loadFailed'),
  loading: t('orders.detail.loading'),
});

/**
 * The shipment an address names (`ref`), loaded; while it is not there, what to show instead:
 * 'not found', a failure with Try again, or a spinner.
 */
export function useShipmentPage(ref: string): {
  shipment: Shipment | null;
  fallback: ReactElement | null;
} {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const load = useCallback(
    (shipmentRef: string) => void dispatch(fetchShipment(shipmentRef)),
    [dispatch],
  );
  const { record, fallback } = useRecordPage({
    ref,
    record: useAppSelector((state) => selectShipmentFor(state, ref)),
    request: useAppSelector(selectShipmentDetail),
    load,
    texts: {
      notFoundTitle: t('shipments.detail.notFoundTitle'),
      notFoundMessage: t('shipments.detail.notFoundMessage'),
      backTo: shippableOrdersPath,
      backLabel: t('shipments.detail.toOrders'),
      loadFailed: t('shipments.detail.loadFailed'),
      loading: t('shipments.detail.loading'),
    },
  });
  return { shipment: record, fallback };
}
