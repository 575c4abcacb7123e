import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isStaff } from '@common/roles';
import { useAppSelector } from '@/store/hooks';
import { paths } from '@/config/paths';
import { OrderList } from '@/features/orders/OrderList';
import { selectTradePartners } from '@/session/tradePartnerSlice';
import { selectRoles } from '@/session/userSlice';
import '@/features/orders/orders.css';

/**
 * /orders: staff see every order, partner people their companies' (the server decides).
 * 'New order' starts from the trade partners, where each partner offers one (decision 033).
 */
export function OrdersListPage() {
  const { t } = useTranslation();
  const staff = isStaff(useAppSelector(selectRoles));
  const partners = useAppSelector(selectTradePartners);
  return (
    <>
      <div className="app-page-header d-flex flex-wrap align-items-center gap-3">
        <h1 className="h3 mb-0 me-auto">{t('orders.list.title')}</h1>
        {staff && (
          <Link to={paths.partners} className="btn btn-primary">
            {t('orders.actions.new')}
          </Link>
        )}
      </div>
      <Card className="shadow-sm">
        <Card.Body>
          <OrderList staff={staff} partners={staff ? [] : partners} />
        </Card.Body>
      </Card>
    </>
  );
}
