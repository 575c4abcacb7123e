import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardCard } from '@/slots/dashboard';
import { Loading } from '@/components/ui/RequestFeedback';
import { hasAnyRole, STAFF_ROLES } from '@/lib/roles';

// The card, with the order contract it parses its answer with, loads only when staff see the
// dashboard: partner people, who never see it, do not download it (the dashboard's budget,
// docs/performance.md).
const OrdersCard = lazy(async () => ({
  default: (await import('@/features/orders/OrdersDashboardCard')).OrdersCard,
}));

function LazyOrdersCard() {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        // The card's frame, as the card has it (Bootstrap's classes: no Card component here).
        <div className="card shadow-sm h-100">
          <div className="card-body p-4">
            <Loading label={t('orders.dashboard.heading')} />
          </div>
        </div>
      }
    >
      <OrdersCard />
    </Suspense>
  );
}

/** The dashboard's orders card, for staff (decision 033: the held orders are theirs to follow). */
export const ordersDashboardCard: DashboardCard = {
  key: 'orders',
  Component: LazyOrdersCard,
  visible: (roles) => hasAnyRole(roles, STAFF_ROLES),
};
