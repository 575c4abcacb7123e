import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ORDER_HAS_SHIPMENTS,
  SHIPMENTS_OPEN,
  shipmentRefusalSchema,
  type ShipmentStatus,
} from '@common/shipments';
import { shipmentDetailPath } from '@/config/paths';

/** What the order was refused: changing its lines, going back to draft, being cancelled. */
export type RefusedChange = 'lines' | 'DRAFT' | 'CANCELLED';

interface InTheWay {
  reason: typeof ORDER_HAS_SHIPMENTS | typeof SHIPMENTS_OPEN;
  shipments: readonly { id: number; number: string; status: ShipmentStatus }[];
}

/** The 409 of a change the order's shipments stand in the way of; null for any other answer. */
export function shipmentsInTheWay(details: unknown): InTheWay | null {
  const refusal = shipmentRefusalSchema.safeParse(details);
  if (!refusal.success) return null;
  const { reason, shipments = [] } = refusal.data;
  return reason === ORDER_HAS_SHIPMENTS || reason === SHIPMENTS_OPEN ? { reason, shipments } : null;
}

/**
 * Why the order's shipments stand in the way of a change (issue 21): its lines are shipped
 * from, it cannot go back to draft or be cancelled while they travel, nor be completed while
 * they are open; each shipment named, with a link to it.
 */
export function ShipmentsInTheWay({
  refusal: { reason, shipments },
  change,
}: {
  refusal: InTheWay;
  change: RefusedChange;
}) {
  const { t } = useTranslation();
  const why = reason === SHIPMENTS_OPEN ? 'COMPLETED' : change;
  return (
    <>
      <p className={shipments.length > 0 ? 'mb-2' : 'mb-0'}>
        {t(`orders.shipmentsInTheWay.${why}`)}
      </p>
      {shipments.length > 0 && (
        <ul className="mb-0">
          {shipments.map((shipment) => (
            <li key={shipment.id}>
              <Link className="alert-link" to={shipmentDetailPath(shipment.id)}>
                {shipment.number}
              </Link>{' '}
              ({t(`shipments.statuses.${shipment.status}`)})
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
