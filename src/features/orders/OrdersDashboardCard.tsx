import { useEffect, useId } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { LoadFailed } from '@/components/ui/RequestFeedback';
import { paths } from '@/config/paths';
import { fetchOrderCounts, selectOrderCounts } from '@/features/orders/orderCounts';

/** The open orders: the list's 'Open' filter (draft, confirmed, in progress). */
const OPEN_ORDERS = `${paths.orders}?status=DRAFT&status=CONFIRMED&status=IN_PROGRESS`;
/** The orders held for their partner's KYC. */
const HELD_ORDERS = `${paths.orders}?held=true`;

/** Staff's orders at a glance: how many are open, how many are 'On hold: KYC'. */
export function OrdersCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const headingId = useId();
  const { status, counts } = useAppSelector(selectOrderCounts);
  useEffect(() => {
    void dispatch(fetchOrderCounts());
  }, [dispatch]);

  const count = (value: number | undefined) => (value === undefined ? '…' : String(value));
  return (
    <Card as="section" className="shadow-sm h-100" aria-labelledby={headingId}>
      <Card.Body className="p-4">
        <h2 id={headingId} className="h6 mb-3">
          {t('orders.dashboard.heading')}
        </h2>
        {status === 'failed' && !counts ? (
          <LoadFailed
            message={t('orders.dashboard.loadFailed')}
            onRetry={() => void dispatch(fetchOrderCounts())}
          />
        ) : (
          <dl className="row g-3 mb-3">
            <div className="col-6">
              <dt className="small text-body-secondary fw-normal">{t('orders.dashboard.open')}</dt>
              <dd className="fs-3 fw-semibold mb-0">
                <Link
                  to={OPEN_ORDERS}
                  className="text-reset"
                  aria-label={
                    counts ? t('orders.dashboard.openCount', { count: counts.open }) : undefined
                  }
                >
                  {count(counts?.open)}
                </Link>
              </dd>
            </div>
            <div className="col-6">
              <dt className="small text-body-secondary fw-normal">{t('orders.held.badge')}</dt>
              <dd className="fs-3 fw-semibold mb-0">
                <Link
                  to={HELD_ORDERS}
                  className={counts && counts.held > 0 ? 'text-warning-emphasis' : 'text-reset'}
                  aria-label={
                    counts ? t('orders.dashboard.heldCount', { count: counts.held }) : undefined
                  }
                >
                  {count(counts?.held)}
                </Link>
              </dd>
            </div>
          </dl>
        )}
        <Link to={paths.orders} className="btn btn-sm btn-outline-primary">
          {t('orders.dashboard.all')}
        </Link>
      </Card.Body>
    </Card>
  );
}
