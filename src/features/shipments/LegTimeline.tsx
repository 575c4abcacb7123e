import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { Document } from '@common/documents';
import { PLACE_DOCUMENT_TYPES } from '@common/kyc';
import {
  EDITABLE_TRANSPORT_STATUSES,
  TRANSPORT_DEFAULT_DOCUMENT,
  TRANSPORT_TRANSITIONS,
  type Shipment,
  type Transport,
  type TransportStatus,
} from '@common/shipments';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useCountryName } from '@/countries/useCountryName';
import { DocumentList } from '@/documents/DocumentList';
import { DocumentUploader } from '@/documents/DocumentUploader';
import { uploadTransportDocument } from '@/documents/shipmentDocumentsApi';
import { LateBadge, LegStatusBadge, TransportModeLabel } from '@/features/shipments/ShipmentBadges';
import { LegForm } from '@/features/shipments/LegForm';
import { MoveButtons, type MoveButton } from '@/components/ui/MoveDialog';
import { MoveRefusal } from '@/features/shipments/ShipmentMoves';
import { moveLeg, selectShipmentMove } from '@/features/shipments/shipmentsSlice';
import { formatDate } from '@/lib/format';

/** The button that moves a leg to each status, and what it asks. */
const MOVES = {
  DEPARTED: {
    key: 'shipments.legs.depart',
    variant: 'primary',
    dateLabel: 'shipments.move.departedOn',
  },
  ARRIVED: {
    key: 'shipments.legs.arrive',
    variant: 'success',
    dateLabel: 'shipments.move.arrivedOn',
  },
  CANCELLED: { key: 'shipments.legs.cancel', variant: 'outline-danger' },
} as const satisfies Partial<Record<TransportStatus, MoveButton>>;

type LegMove = keyof typeof MOVES;

interface DateLineProps {
  label: string;
  planned: string;
  actual: string | null;
  late: boolean;
}

/** A planned date against the actual one, 'Late' when it is (or will be) after the plan. */
export function DateLine({ label, planned, actual, late }: DateLineProps) {
  const { t } = useTranslation();
  return (
    <div className="col-12 col-sm-6">
      <dt className="small">{label}</dt>
      <dd className="mb-0 d-flex flex-wrap align-items-center column-gap-2">
        <span>{t('shipments.dates.planned', { date: formatDate(planned) })}</span>
        <span>
          {actual
            ? t('shipments.dates.actual', { date: formatDate(actual) })
            : t('shipments.dates.notYet')}
        </span>
        {late && <LateBadge title={label} />}
      </dd>
    </div>
  );
}

interface LegProps {
  shipment: Shipment;
  leg: Transport;
}

/** The papers of one leg: upload (the mode's consignment note first), list, view, archive. */
function LegDocuments({ shipment, leg }: LegProps) {
  const { t } = useTranslation();
  const regionId = useId();
  const [open, setOpen] = useState(false);
  const query = { shipmentId: shipment.id };
  const canUpload = shipment.permissions.uploadDocuments;
  const ofLeg = (document: Document) => document.transportId === leg.id;
  return (
    <div className="mt-2">
      <Button
        variant="link"
        size="sm"
        className="px-0"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((current) => !current)}
      >
        {t('shipments.legs.papers', { leg: leg.sequence })}
      </Button>
      {open && (
        <section id={regionId} aria-label={t('shipments.legs.papers', { leg: leg.sequence })}>
          {canUpload && (
            <div className="mb-3">
              <DocumentUploader
                send={(options) => uploadTransportDocument(leg.id, options)}
                tradePartnerId={shipment.order.tradePartner.id}
                typeCodes={PLACE_DOCUMENT_TYPES.leg}
                defaultType={TRANSPORT_DEFAULT_DOCUMENT[leg.mode]}
                compact
              />
            </div>
          )}
          <DocumentList
            query={query}
            canChange={canUpload}
            typeCodes={PLACE_DOCUMENT_TYPES.leg}
            emptyText={t('shipments.legs.noPapers')}
            only={ofLeg}
          />
        </section>
      )}
    </div>
  );
}

/** The moves of a leg its shipment's permissions allow, and Edit while it has not left. */
function LegActions({ shipment, leg, headingId }: LegProps & { headingId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const move = useAppSelector(selectShipmentMove);
  const [editing, setEditing] = useState(false);
  const moves = shipment.permissions.changeStatus
    ? TRANSPORT_TRANSITIONS[leg.status].filter((status): status is LegMove => status in MOVES)
    : [];
  const editable = shipment.permissions.edit && EDITABLE_TRANSPORT_STATUSES.includes(leg.status);
  if (moves.length === 0 && !editable) return null;
  const busy = move.status === 'loading';
  const values = { leg: leg.sequence };
  return (
    <div className="d-flex flex-wrap gap-2 mt-2">
      <MoveButtons
        moves={moves}
        buttons={MOVES}
        dialog={(status) => ({
          title: t(`shipments.legs.move.${status}.title`, values),
          message: t(`shipments.legs.move.${status}.message`),
          keepLabel: status === 'CANCELLED' ? t('shipments.legs.keep') : undefined,
        })}
        onMove={(status, answer) => dispatch(moveLeg({ shipment, leg, status, ...answer }))}
        busy={busy}
        busyHere={busy && move.target?.legUuid === leg.uuid}
        describedBy={headingId}
      />
      {editable && (
        <Button
          size="sm"
          variant="outline-primary"
          aria-describedby={headingId}
          onClick={() => setEditing(true)}
        >
          {t('shipments.legs.edit')}
        </Button>
      )}
      {editing && <LegForm shipment={shipment} leg={leg} onClose={() => setEditing(false)} />}
    </div>
  );
}

/** One leg: where and how it travels, planned against actual, its moves and its papers. */
function Leg({ shipment, leg }: LegProps) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const headingId = useId();
  const vehicle = leg.vehicle && `${t(`shipments.legs.vehicle.${leg.mode}`)}: ${leg.vehicle}`;
  const tracking =
    leg.trackingReference &&
    t('shipments.legs.trackingValue', { reference: leg.trackingReference });
  const end = (place: Transport['from']) => `${place.place}, ${countryName(place.country)}`;
  return (
    <li className="app-timeline-item shipment-leg" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h3 className="h6 mb-0" id={headingId}>
          {t('shipments.legs.title', { leg: leg.sequence })}
        </h3>
        <TransportModeLabel mode={leg.mode} />
        <LegStatusBadge status={leg.status} />
        {(leg.late.departure || leg.late.arrival) && <LateBadge />}
      </div>
      <p className="mb-1 mt-1 text-break">
        {[leg.carrier, vehicle, tracking].filter(Boolean).join(' · ')}
      </p>
      <p className="mb-2 text-break">
        {end(leg.from)} <span aria-hidden="true">→</span>
        <span className="visually-hidden"> {t('shipments.legs.to')} </span> {end(leg.to)}
      </p>
      <dl className="row g-2 mb-0 shipment-dl">
        <DateLine
          label={t('shipments.legs.departure')}
          planned={leg.plannedDeparture}
          actual={leg.actualDeparture}
          late={leg.late.departure}
        />
        <DateLine
          label={t('shipments.legs.arrival')}
          planned={leg.plannedArrival}
          actual={leg.actualArrival}
          late={leg.late.arrival}
        />
      </dl>
      {leg.cancelReason && (
        <p className="small mt-2 mb-0 text-break shipment-pre-line">
          {t('shipments.legs.cancelReason', { reason: leg.cancelReason })}
        </p>
      )}
      <LegActions shipment={shipment} leg={leg} headingId={headingId} />
      <MoveRefusal shipment={shipment} leg={leg} />
      <LegDocuments shipment={shipment} leg={leg} />
    </li>
  );
}

/** The legs in the order they travel, as a timeline; cancelled ones stay, marked so. */
export function LegTimeline({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  if (shipment.transports.length === 0) {
    return <p className="text-body-secondary mb-0">{t('shipments.legs.none')}</p>;
  }
  return (
    <ol className="app-timeline list-unstyled mb-0" aria-label={t('shipments.legs.heading')}>
      {shipment.transports.map((leg) => (
        <Leg key={leg.uuid} shipment={shipment} leg={leg} />
      ))}
    </ol>
  );
}
