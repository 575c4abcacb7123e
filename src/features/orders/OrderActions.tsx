import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import {
  kycGateRefusalSchema,
  ORDER_TRANSITIONS,
  orderIncompleteSchema,
  type Order,
  type OrderStatus,
} from '@common/orders';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { KycFileLink } from '@/companies/KycGate';
import { MoveDialog } from '@/components/ui/MoveDialog';
import { moveCleared, moveOrder, selectOrderMove } from '@/features/orders/ordersSlice';
import { ShipmentsInTheWay, shipmentsInTheWay } from '@/features/orders/ShipmentsInTheWay';
import { isStaleVersion } from '@/lib/api-error';

/** The button that moves an order to each status, and how it looks. */
const MOVES = {
  CONFIRMED: { key: 'orders.actions.confirm', variant: 'primary' },
  IN_PROGRESS: { key: 'orders.actions.start', variant: 'primary' },
  COMPLETED: { key: 'orders.actions.complete', variant: 'success' },
  DRAFT: { key: 'orders.actions.backToDraft', variant: 'outline-secondary' },
  CANCELLED: { key: 'orders.actions.cancel', variant: 'outline-danger' },
} as const satisfies Record<OrderStatus, { key: string; variant: string }>;

/**
 * The moves the order may make (ORDER_TRANSITIONS), for those who may move it: Confirm, Start,
 * Complete, Back to draft, and Cancel order with a reason.
 */
export function OrderMoves({ order }: { order: Order }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const move = useAppSelector(selectOrderMove);
  const [cancelling, setCancelling] = useState(false);
  const busy = move.status === 'loading';
  if (!order.permissions.changeStatus) return null;
  const moves = ORDER_TRANSITIONS[order.status];
  if (moves.length === 0) return null;
  return (
    <>
      {moves.map((status) => (
        <Button
          key={status}
          size="sm"
          variant={MOVES[status].variant}
          disabled={busy}
          aria-busy={(busy && move.target === status) || undefined}
          onClick={() =>
            status === 'CANCELLED'
              ? setCancelling(true)
              : void dispatch(moveOrder({ order, status }))
          }
        >
          {t(MOVES[status].key)}
        </Button>
      ))}
      {cancelling && (
        // Cancelling needs a reason (decision 033); the order keeps it. A refusal is shown on
        // the page (the alert above the order); the dialog closes either way.
        <MoveDialog
          title={t('orders.cancel.title', { number: order.number })}
          message={t('orders.cancel.message')}
          confirmLabel={t('orders.actions.cancel')}
          keepLabel={t('orders.cancel.keep')}
          question={{ ask: 'reason' }}
          onConfirm={(reason) => dispatch(moveOrder({ order, status: 'CANCELLED', reason }))}
          onClose={() => setCancelling(false)}
        />
      )}
    </>
  );
}

/**
 * Why the last move of this order was refused, until dismissed or the page is left: the
 * compliance gate (the partner's KYC file, with a link to it), what a confirmation still
 * needs, or the server's reason. Someone else's change first was told in a notice already.
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
  let body;
  if (inTheWay) {
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
