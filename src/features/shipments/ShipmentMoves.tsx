import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { kycGateRefusalSchema } from '@common/orders';
import {
  PREVIOUS_LEG_OPEN,
  SHIPMENT_FOLLOWS_LEGS,
  SHIPMENT_TRANSITIONS,
  shipmentRefusalSchema,
  type Shipment,
  type ShipmentStatus,
  type Transport,
} from '@common/shipments';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { KycFileLink } from '@/kyc-gate/KycGate';
import { MoveButtons, type MoveButton } from '@/components/ui/MoveDialog';
import { moveCleared, moveShipment, selectShipmentMove } from '@/features/shipments/shipmentsSlice';
import { isStaleVersion } from '@/lib/api-error';

/** The button that moves a shipment by hand to each status, and what it asks. */
const MOVES = {
  IN_TRANSIT: {
    key: 'shipments.actions.dispatch',
    variant: 'primary',
    dateLabel: 'shipments.move.leftOn',
  },
  DELIVERED: {
    key: 'shipments.actions.deliver',
    variant: 'success',
    dateLabel: 'shipments.move.deliveredOn',
  },
  CANCELLED: { key: 'shipments.actions.cancel', variant: 'outline-danger' },
} as const satisfies Partial<Record<ShipmentStatus, MoveButton>>;

type HandMove = keyof typeof MOVES;

/** The legs that still count: a cancelled one travels no more. */
const liveLegs = (shipment: Pick<Shipment, 'transports'>) =>
  shipment.transports.filter((leg) => leg.status !== 'CANCELLED');

/**
 * The moves the shipment may make by hand, for those who may move it: leave and deliver only
 * while it has no legs (its legs move it otherwise), and cancel with a reason.
 */
export function ShipmentMoves({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const move = useAppSelector(selectShipmentMove);
  if (!shipment.permissions.changeStatus) return null;
  const byHand = liveLegs(shipment).length === 0;
  const moves = SHIPMENT_TRANSITIONS[shipment.status].filter(
    (status): status is HandMove => status === 'CANCELLED' || (byHand && status in MOVES),
  );
  const busy = move.status === 'loading';
  return (
    <MoveButtons
      moves={moves}
      buttons={MOVES}
      dialog={(status) => ({
        title: t(`shipments.move.${status}.title`, { number: shipment.number }),
        message: t(`shipments.move.${status}.message`),
        keepLabel: status === 'CANCELLED' ? t('shipments.cancel.keep') : undefined,
      })}
      onMove={(status, answer) => dispatch(moveShipment({ shipment, status, ...answer }))}
      busy={busy}
      busyHere={busy && move.target?.legUuid === null}
    />
  );
}

interface MoveRefusalProps {
  shipment: Shipment;
  /** The leg whose moves' refusals this shows; the shipment's own when absent. */
  leg?: Transport;
}

/**
 * Why the last move of this shipment (or of `leg`) was refused, until dismissed or the page is
 * left: the compliance gate (the partner's KYC file, with a link to it), a leg ahead not yet
 * arrived, legs that move the shipment, or the server's reason. Someone else's change first was
 * told in a notice already.
 */
export function MoveRefusal({ shipment, leg }: MoveRefusalProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const move = useAppSelector(selectShipmentMove);
  const target = move.target;
  useEffect(() => {
    if (!leg) return () => void dispatch(moveCleared());
  }, [dispatch, leg, shipment.uuid]);

  const mine = target?.shipmentUuid === shipment.uuid && target.legUuid === (leg?.uuid ?? null);
  const error = mine && move.status === 'failed' ? move.error : null;
  if (!error || isStaleVersion(error)) return null;

  const gate = kycGateRefusalSchema.safeParse(error.details);
  const refusal = shipmentRefusalSchema.safeParse(error.details);
  let body;
  if (gate.success) {
    const partner = shipment.order.tradePartner.name;
    const { kyc } = gate.data;
    body = (
      <>
        <p className="mb-2">
          {kyc
            ? t('shipments.gate.notApproved', {
                partner,
                status: t(`kyc.statuses.${kyc.status}`),
              })
            : t('shipments.gate.noFile', { partner })}
        </p>
        <KycFileLink refusal={gate.data} />
      </>
    );
  } else if (refusal.success && refusal.data.reason === PREVIOUS_LEG_OPEN && leg) {
    const open = liveLegs(shipment).find(
      (other) => other.sequence < leg.sequence && other.status !== 'ARRIVED',
    );
    body = (
      <p className="mb-0">
        {open
          ? t('shipments.refusals.previousLegOpen', { leg: leg.sequence, open: open.sequence })
          : t('shipments.refusals.previousLegOpenUnknown', { leg: leg.sequence })}
      </p>
    );
  } else if (refusal.success && refusal.data.reason === SHIPMENT_FOLLOWS_LEGS) {
    body = <p className="mb-0">{t('shipments.refusals.shipmentFollowsLegs')}</p>;
  } else {
    body = <p className="mb-0">{t('shipments.detail.moveFailed', { reason: error.message })}</p>;
  }
  return (
    <Alert
      variant="danger"
      dismissible
      onClose={() => dispatch(moveCleared())}
      closeLabel={t('ui.close')}
      className="mt-3 mb-0"
    >
      {body}
    </Alert>
  );
}
