import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Order } from '@common/orders';
import type { TradePartner } from '@common/partners';
import { addressLine } from '@/companies/addressLine';
import { contactDisplayName } from '@/companies/contactName';
import { DataTable } from '@/components/ui/DataTable';
import { partnerPath } from '@/config/paths';
import { formatMoney, formatUnitPrice } from '@/features/orders/orderFormat';
import { formatDate, formatDateTime, formatQuantity } from '@/lib/format';

interface OrderSummaryProps {
  order: Order;
  /** The order's partner, to name its contact and delivery address; null until loaded. */
  partner: TradePartner | null;
}

/** The order's own fields (decision 033). */
export function OrderFields({ order, partner }: OrderSummaryProps) {
  const { t } = useTranslation();
  const contact = partner?.tradePartnerContacts.find((item) => item.id === order.contactId);
  const address = partner?.addresses.find((item) => item.id === order.deliveryAddressId);
  const none = '–';
  const incoterm = order.incoterm
    ? [t(`orders.incoterms.${order.incoterm}`), order.incotermPlace].filter(Boolean).join(', ')
    : none;
  const rows: [string, ReactNode][] = [
    [
      t('orders.fields.partner'),
      <Link key="partner" to={partnerPath(order.tradePartner.uuid)}>
        {order.tradePartner.name}
      </Link>,
    ],
    [
      t('orders.fields.contact'),
      order.contactId === null
        ? none
        : (contactDisplayName(contact) ??
          t('orders.detail.contactNumber', { id: order.contactId })),
    ],
    [t('orders.fields.direction'), t(`orders.directions.${order.direction}`)],
    [t('orders.fields.customerReference'), order.customerReference ?? none],
    [t('orders.fields.orderDate'), formatDate(order.orderDate)],
    [t('orders.fields.requestedDeliveryDate'), formatDate(order.requestedDeliveryDate) || none],
    [
      t('orders.fields.deliveryAddress'),
      order.deliveryAddressId === null
        ? none
        : address
          ? addressLine(address)
          : t('orders.detail.addressNumber', { id: order.deliveryAddressId }),
    ],
    [t('orders.fields.incoterm'), incoterm],
    [t('orders.fields.currency'), order.currency],
    [
      t('orders.detail.created'),
      order.createdBy
        ? t('orders.detail.byWhen', {
            name: order.createdBy.name,
            date: formatDateTime(order.createdAt),
          })
        : formatDateTime(order.createdAt),
    ],
    ...(order.confirmedAt
      ? ([[t('orders.detail.confirmedAt'), formatDateTime(order.confirmedAt)]] as [
          string,
          string,
        ][])
      : []),
  ];
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('orders.form.orderHeading')}</h2>
        <dl className="row order-dl mb-0">
          {rows.map(([label, value]) => (
            <div key={label} className="col-sm-6 col-xl-4 mb-3">
              <dt className="small">{label}</dt>
              <dd className="mb-0">{value}</dd>
            </div>
          ))}
        </dl>
        {order.notes && (
          <>
            <h3 className="h6 text-body-secondary mt-2">{t('orders.fields.notes')}</h3>
            <p className="mb-0 order-pre-line text-break">{order.notes}</p>
          </>
        )}
        {order.cancelReason && (
          <>
            <h3 className="h6 text-body-secondary mt-3">{t('orders.detail.cancelReason')}</h3>
            <p className="mb-0 order-pre-line text-break">{order.cancelReason}</p>
          </>
        )}
      </Card.Body>
    </Card>
  );
}

/** The lines with their amounts and the total ('—' for who may not see amounts). */
export function OrderLinesView({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const columns = {
    description: t('orders.lines.description'),
    quantity: t('orders.lines.quantity'),
    unitPrice: t('orders.lines.unitPrice'),
    hsCode: t('orders.lines.hsCode'),
    amount: t('orders.lines.amount'),
  };
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('orders.lines.heading')}</h2>
        {order.lines.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('orders.lines.none')}</p>
        ) : (
          <DataTable caption={t('orders.lines.caption')} columns={['#', ...Object.values(columns)]}>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <th scope="row" className="data-table-name">
                  <span className="visually-hidden">{t('orders.lines.line')} </span>
                  {line.position}
                </th>
                <td data-label={columns.description} className="text-break">
                  {line.description}
                </td>
                <td data-label={columns.quantity} className="text-nowrap">
                  {formatQuantity(line.quantity, language)} {t(`orders.units.${line.unit}`)}
                </td>
                <td data-label={columns.unitPrice} className="text-nowrap">
                  {formatUnitPrice(line.unitPrice, order.currency, language)}
                </td>
                <td data-label={columns.hsCode}>{line.hsCode ?? '–'}</td>
                <td data-label={columns.amount} className="text-nowrap text-md-end">
                  {formatMoney(line.amount, order.currency, language)}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <p className="fs-5 text-end mb-0 mt-3">
          <span className="text-body-secondary me-2">{t('orders.fields.total')}</span>
          <span className="fw-semibold" data-testid="order-total">
            {formatMoney(order.total, order.currency, language)}
          </span>
        </p>
        {!order.permissions.viewAmounts && (
          <p className="small text-body-secondary text-end mb-0">{t('orders.detail.noAmounts')}</p>
        )}
      </Card.Body>
    </Card>
  );
}
