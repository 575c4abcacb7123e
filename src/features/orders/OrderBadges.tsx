import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@common/orders';
import { STATUS_VARIANTS } from '@/features/orders/orderFormat';

/** An order's status, coloured by how far it has got. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge text-bg-${STATUS_VARIANTS[status]}`}>
      {t(`orders.statuses.${status}`)}
    </span>
  );
}

/** 'On hold: KYC': the order is going ahead while its partner's KYC file is not approved. */
export function HeldBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge text-bg-warning" title={t('orders.held.explanation')}>
      {t('orders.held.badge')}
    </span>
  );
}
