import { useTranslation } from 'react-i18next';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { isStaff } from '@common/roles';
import { useAppSelector } from '@/app/hooks';
import type { PartnerTab, PartnerTabProps } from '@/companies/companyViews';
import { orderNewPath } from '@/config/paths';
import { OrderList } from '@/features/orders/OrderList';
import { selectRoles } from '@/session/userSlice';
import '@/features/orders/orders.css';

/** The partner's orders, the list of /orders for this partner alone; staff start a new one. */
export function OrdersTab({ partner }: PartnerTabProps) {
  const { t } = useTranslation();
  const staff = isStaff(useAppSelector(selectRoles));
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 className="h5 mb-0 me-auto">{t('orders.tab.heading')}</h2>
          {staff && (
            <Link to={orderNewPath(partner.uuid)} className="btn btn-primary btn-sm">
              {t('orders.actions.new')}
            </Link>
          )}
        </div>
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
