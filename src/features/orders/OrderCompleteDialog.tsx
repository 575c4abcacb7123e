import { useTranslation } from 'react-i18next';
import type { Order, OrderLineLeft } from '@common/orders';
import { useAppDispatch } from '@/store/hooks';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { MoveDialog } from '@/components/ui/MoveDialog';
import { moveOrder } from '@/features/orders/ordersSlice';
import { formatQuantity } from '@/lib/format';

/** The order's lines with goods left to ship, and how much of each (decision 036). */
export function LeftToShipList({ lines }: { lines: readonly OrderLineLeft[] }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p className="mb-1 fw-semibold">{t('orders.complete.left', { count: lines.length })}</p>
      <ul className="mb-3">
        {lines.map((line) => (
          <li key={line.orderLineId}>
            {t('orders.complete.line', {
              description: line.description,
              remaining: formatQuantity(line.remaining, i18n.language),
              ordered: formatQuantity(line.ordered, i18n.language),
              unit: t(`orders.units.${line.unit}`),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}

interface CompleteDialogProps {
  order: Order;
  /** What is left to ship: the order's, or what the server answered when it refused. */
  left: readonly OrderLineLeft[];
  onClose: () => void;
}

/**
 * Completing is final (decision 036): it is confirmed, and with goods left to ship the dialog
 * says which and asks why (at least 3 characters), which the order's history keeps. A refusal
 * is shown on the page; the dialog closes either way.
 */
export function CompleteDialog({ order, left, onClose }: CompleteDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const title = t('orders.complete.title', { number: order.number });
  const confirmLabel = t('orders.actions.complete');
  const keepLabel = t('orders.complete.keep');
  if (left.length === 0) {
    // All on shipments but not all delivered: a shipment is still open, and its delivery
    // completes the order (the server refuses the move by hand meanwhile).
    const onTheWay = !order.allDelivered;
    return (
      <ConfirmDialog
        show
        title={title}
        message={t(onTheWay ? 'orders.complete.onTheWay' : 'orders.complete.message')}
        confirmLabel={confirmLabel}
        cancelLabel={keepLabel}
        confirmVariant={onTheWay ? 'outline-secondary' : 'primary'}
        confirmDisabled={onTheWay}
        onConfirm={() => dispatch(moveOrder({ order, status: 'COMPLETED' }))}
        onClose={onClose}
      />
    );
  }
  return (
    <MoveDialog
      title={title}
      message={t('orders.complete.messageLeft')}
      confirmLabel={confirmLabel}
      keepLabel={keepLabel}
      question={{ ask: 'reason' }}
      onConfirm={(reason) => dispatch(moveOrder({ order, status: 'COMPLETED', reason }))}
      onClose={onClose}
    >
      <LeftToShipList lines={left} />
    </MoveDialog>
  );
}
