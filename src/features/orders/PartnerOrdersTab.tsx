import { useTranslation } from 'react-i18next';
import Card from 'react-bootstrap/Card';
import { isStaff } from '@common/roles';
import { useAppSelector } from '@/store/hooks';
import type { PartnerTab, PartnerTabProps } from '@/slots/partnerPage';
import { OrderList } from '@/features/orders/OrderList';
import { selectRoles } from '@/session/userSlice';
import '@/features/orders/orders.css';

/**
 * The partner's orders: the list of /orders for this partner alone. Staff start a new one from
 * the page's header ('New order'), above every tab.
 */
export function OrdersTab({ partner }: PartnerTabProps) {
  const { t } = useTranslation();
  const staff = isStaff(useAppSelector(selectRoles));
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('orders.tab.heading')}</h2>
        <OrderList partner={partner} staff={staff} />
      </Card.Body>
    </Card>
  );
}

/** The partner page's Orders tab: whoever sees the partner sees its orders (decision 033). */
export const partnerOrdersTab: PartnerTab = {
  key: 'orders',
  titleKey: 'orders.tab.title',
  Component: OrdersTab,
};
