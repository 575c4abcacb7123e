import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  CANCEL_REASON_MAX,
  kycGateRefusalSchema,
  ORDER_TRANSITIONS,
  orderIncompleteSchema,
  type Order,
  type OrderStatus,
} from '@common/orders';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { kycPath, partnerPath } from '@/config/paths';
import { moveCleared, moveOrder, selectOrderMove } from '@/features/orders/ordersSlice';
import { isStaleVersion } from '@/lib/api-error';

/** The button that moves an order to each status, and how it looks. */
const MOVES = {
  CONFIRMED: { key: 'orders.actions.confirm', variant: 'primary' },
  IN_PROGRESS: { key: 'orders.actions.start', variant: 'primary' },
  COMPLETED: { key: 'orders.actions.complete', variant: 'success' },
  DRAFT: { key: 'orders.actions.backToDraft', variant: 'outline-secondary' },
  CANCELLED: { key: 'orders.actions.cancel', variant: 'outline-danger' },
} as const satisfies Record<OrderStatus, { key: string; variant: string }>;

/** The fewest characters of a cancellation's reason (common/orders.ts). */
const REASON_MIN = 3;

interface CancelDialogProps {
  order: Order;
  onClose: () => void;
}

/** Cancelling needs a reason (decision 033); the order keeps it. */
function CancelDialog({ order, onClose }: CancelDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const enough = reason.trim().length >= REASON_MIN;

  const cancel = async () => {
    setBusy(true);
    // A refusal is shown on the page (the alert above the order); the dialog closes either way.
    await dispatch(moveOrder({ order, status: 'CANCELLED', reason: reason.trim() }));
    setBusy(false);
    onClose();
  };

  return (
    <Modal show onHide={busy ? undefined : onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton={!busy} closeLabel={t('ui.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('orders.cancel.title', { number: order.number })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('orders.cancel.message')}</p>
        <Form.Group controlId={reasonId}>
          <Form.Label>{t('orders.cancel.reason')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={reason}
            maxLength={CANCEL_REASON_MAX}
            aria-required
            aria-describedby={`${reasonId}-hint`}
            onChange={(event) => setReason(event.target.value)}
          />
          <Form.Text id={`${reasonId}-hint`}>{t('orders.cancel.reasonHint')}</Form.Text>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
          {t('orders.cancel.keep')}
        </Button>
        <Button
          variant="danger"
          onClick={() => void cancel()}
          disabled={busy || !enough}
          aria-busy={busy || undefined}
        >
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('orders.actions.cancel')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

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
      {cancelling && <CancelDialog order={order} onClose={() => setCancelling(false)} />}
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
  let body;
  if (gate.success) {
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
        <Link
          className="alert-link"
          to={kyc ? kycPath(kyc.id) : `${partnerPath(gate.data.tradePartnerUuid)}?tab=kyc`}
        >
          {kyc ? t('orders.gate.openFile', { id: kyc.id }) : t('orders.gate.openPartner')}
        </Link>
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
