import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import {
  goodsLeftToShipSchema,
  kycGateRefusalSchema,
  ORDER_TRANSITIONS,
  orderIncompleteSchema,
  type Order,
  type OrderStatus,
} from '@common/orders';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { KycFileLink } from '@/kyc-gate/KycGate';
import { MoveDialog } from '@/components/ui/MoveDialog';
import { CompleteDialog, LeftToShipList } from '@/features/orders/OrderCompleteDialog';
import { moveCleared, moveOrder, selectOrderMove } from '@/features/orders/ordersSlice';
import { ShipmentsInTheWay, shipmentsInTheWay } from '@/features/orders/ShipmentsInTheWay';
import { isStaleVersion } from '@/lib/api-error';

/** The button that moves an order to each status. */
const MOVE_LABELS = {
  CONFIRMED: 'orders.actions.confirm',
  IN_PROGRESS: 'orders.actions.start',
  COMPLETED: 'orders.actions.complete',
  DRAFT: 'orders.actions.backToDraft',
  CANCELLED: 'orders.actions.cancel',
} as const satisfies Record<OrderStatus, string>;

/**
 * How each move's button looks (decision 036): the one filled button is the natural next step.
 * A draft is confirmed; a confirmed order goes ahead when its first shipment leaves, so Start by
 * hand is not that; Complete is only once everything is delivered; Cancel never is.
 */
const variantOf = (status: OrderStatus, delivered: boolean): string => {
  switch (status) {
    case 'CONFIRMED':
      return 'primary';
    case 'IN_PROGRESS':
      return 'outline-primary';
    case 'COMPLETED':
      return delivered ? 'primary' : 'outline-secondary';
    case 'DRAFT':
      return 'outline-secondary';
    default:
      return 'outline-danger';
  }
};

/**
 * The moves the order may make (ORDER_TRANSITIONS), for those who may move it: Confirm, Start,
 * Back to draft; Complete, confirmed in a dialog (with a reason while goods are left to ship),
 * and Cancel order with a reason.
 */
export function OrderMoves({ order }: { order: Order }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const move = useAppSelector(selectOrderMove);
  const [asking, setAsking] = useState<'CANCELLED' | 'COMPLETED' | null>(null);
  const busy = move.status === 'loading';
  if (!order.permissions.changeStatus) return null;
  const moves = ORDER_TRANSITIONS[order.status];
  if (moves.length === 0) return null;
  // What the server said is left when it refused, if it knew of more than this answer did.
  const refused =
    move.orderUuid === order.uuid && move.status === 'failed'
      ? goodsLeftToShipSchema.safeParse(move.error?.details)
      : null;
  const left = refused?.success ? refused.data.lines : order.leftToShip;
  const delivered = order.allDelivered && left.length === 0;
  return (
    <>
      {moves.map((status) => (
        <Button
          key={status}
          size="sm"
          variant={variantOf(status, delivered)}
          disabled={busy}
          aria-busy={(busy && move.target === status) || undefined}
          onClick={() =>
            status === 'CANCELLED' || status === 'COMPLETED'
              ? setAsking(status)
              : void dispatch(moveOrder({ order, status }))
          }
        >
          {t(MOVE_LABELS[status])}
        </Button>
      ))}
      {asking === 'COMPLETED' && (
        <CompleteDialog order={order} left={left} onClose={() => setAsking(null)} />
      )}
      {asking === 'CANCELLED' && (
        // Cancelling needs a reason (decision 033); the order keeps it. A refusal is shown on
        // the page (the alert above the order); the dialog closes either way.
        <MoveDialog
          title={t('orders.cancel.title', { number: order.number })}
          message={t('orders.cancel.message')}
          confirmLabel={t('orders.actions.cancel')}
          keepLabel={t('orders.cancel.keep')}
          question={{ ask: 'reason' }}
          onConfirm={(reason) => dispatch(moveOrder({ order, status: 'CANCELLED', reason }))}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}

/**
 * Why the last move of this order was refused, until dismissed or the page is left: the
 * compliance gate (the partner's KYC file, with a link to it), what a confirmation still
 * needs, the goods left to ship of a completion without a reason, or the server's reason. Someone else's change first was told in a notice already.
 */
export function MoveRefusal({ order }: { order: Order }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const move = useAppSelector(selectOrderMove);
  useEffect(() => () => void dispatch(moveCleared()), [dispatch, order.uuid]);

  const error = move.orderUuid === order.uuid && move.status === 'failed' ? move.error : null;
  if (!error || isStaleVersion(error)) return null;
  // The gate stops confirming, starting and completing: the message names which.
  const gated =
    move.target === 'IN_PROGRESS' || move.target === 'COMPLETED' ? move.target : 'CONFIRMED';
  const dismiss = () => dispatch(moveCleared());

  const gate = kycGateRefusalSchema.safeParse(error.details);
  const incomplete = orderIncompleteSchema.safeParse(error.details);
  const inTheWay = shipmentsInTheWay(error.details);
  const goodsLeft = goodsLeftToShipSchema.safeParse(error.details);
  let body;
  if (goodsLeft.success) {
    body = (
      <>
        <p className="mb-2">{t('orders.complete.refused')}</p>
        <LeftToShipList lines={goodsLeft.data.lines} />
      </>
    );
  } else if (inTheWay) {
    const change = move.target === 'DRAFT' ? 'DRAFT' : 'CANCELLED';
    body = <ShipmentsInTheWay refusal={inTheWay} change={change} />;
  } else if (gate.success) {
    const { kyc } = gate.data;
    const partner = order.tradePartner.name;
    body = (
      <>
        <p className="mb-2">
          {kyc
            ? t(`orders.gate.notApproved.${gated}`, {
                partner,
                status: t(`kyc.statuses.${kyc.status}`),
              })
            : t(`orders.gate.noFile.${gated}`, { partner })}
        </p>
        <KycFileLink refusal={gate.data} />
      </>
    );
  } else if (incomplete.success) {
    body = (
      <>
        <p className="mb-2">{t('orders.incomplete.intro')}</p>
        <ul className="mb-0">
          {incomplete.data.missing.map((need) => (
            <li key={need}>{t(`orders.incomplete.needs.${need}`)}</li>
          ))}
        </ul>
      </>
    );
  } else {
    body = <p className="mb-0">{t('orders.detail.moveFailed', { reason: error.message })}</p>;
  }
  return (
    <Alert
      variant="danger"
      dismissible
      onClose={dismiss}
      closeLabel={t('ui.close')}
      className="mt-3"
    >
      {body}
    </Alert>
  );
}
