import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@common/orders';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { STATUS_VARIANTS } from '@/features/orders/orderFormat';

/** An order's status, coloured by how far it has got. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge variant={STATUS_VARIANTS[status]}>{t(`orders.statuses.${status}`)}</StatusBadge>
  );
}
