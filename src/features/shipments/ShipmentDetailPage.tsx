import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { Document } from '@common/documents';
import { PLACE_DOCUMENT_TYPES } from '@common/kyc';
import {
  EDITABLE_SHIPMENT_STATUSES,
  isLate,
  LEG_ADDABLE_SHIPMENT_STATUSES,
  todayUtc,
  TRANSPORTS_MAX,
  type Shipment,
  type ShipmentPlace,
} from '@common/shipments';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useBreadcrumbLabel } from '@/shell/useRouteLabels';
import { DataTable } from '@/components/ui/DataTable';
import { orderDetailPath, partnerPath, paths, shipmentModifyPath } from '@/config/paths';
import { useCountryName } from '@/countries/useCountryName';
import { RecordDocuments } from '@/documents/RecordDocuments';
import { uploadShipmentDocument } from '@/documents/shipmentDocumentsApi';
import { DateLine, LegTimeline } from '@/features/shipments/LegTimeline';
import { LegForm } from '@/features/shipments/LegForm';
import { HeldBadge } from '@/kyc-gate/KycGate';
import { LateBadge, ShipmentStatusBadge } from '@/features/shipments/ShipmentBadges';
import { ShipmentHistory } from '@/features/shipments/ShipmentHistory';
import { MoveRefusal, ShipmentMoves } from '@/features/shipments/ShipmentMoves';
import { orderCrumbs, useShipmentPage } from '@/features/shipments/ShipmentPageStates';
import { fetchShipment, selectShipmentDetail } from '@/features/shipments/shipmentsSlice';
import { formatDateTime, formatQuantity } from '@/lib/format';
import { useRecordPartner } from '@/session/useUrlPartner';
import '@/features/shipments/shipments.css';

/** A place on lines: company, street, post code and city, country. */
function PlaceText({ place }: { place: ShipmentPlace }) {
  const countryName = useCountryName();
  return (
    <address className="mb-0 shipment-pre-line">
      {[
        place.name,
        place.street,
        [place.postalCode, place.city].filter(Boolean).join(' '),
        countryName(place.country),
      ]
        .filter(Boolean)
        .join('\n')}
    </address>
  );
}

/** Where the shipment goes from and to, when, who planned it, and its notes. */
function ShipmentFacts({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const today = todayUtc();
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('shipments.detail.heading')}</h2>
        <dl className="row g-3 mb-0 shipment-dl">
          <div className="col-12 col-sm-6">
            <dt className="small">{t('shipments.fields.origin')}</dt>
            <dd className="mb-0">
              <PlaceText place={shipment.origin} />
            </dd>
          </div>
          <div className="col-12 col-sm-6">
            <dt className="small">{t('shipments.fields.destination')}</dt>
            <dd className="mb-0">
              <PlaceText place={shipment.destination} />
            </dd>
          </div>
          <DateLine
            label={t('shipments.fields.pickup')}
            planned={shipment.plannedPickupDate}
            actual={shipment.actualPickupDate}
            late={
              shipment.status !== 'CANCELLED' &&
              isLate(shipment.plannedPickupDate, shipment.actualPickupDate, today)
            }
          />
          <DateLine
            label={t('shipments.fields.delivery')}
            planned={shipment.plannedDeliveryDate}
            actual={shipment.actualDeliveryDate}
            late={
              shipment.status !== 'CANCELLED' &&
              isLate(shipment.plannedDeliveryDate, shipment.actualDeliveryDate, today)
            }
          />
          <div className="col-12 col-sm-6">
            <dt className="small">{t('shipments.detail.created')}</dt>
            <dd className="mb-0">
              {shipment.createdBy
                ? t('ui.history.byWhen', {
                    name: shipment.createdBy.name,
                    date: formatDateTime(shipment.createdAt),
                  })
                : formatDateTime(shipment.createdAt)}
            </dd>
          </div>
        </dl>
        {shipment.notes && (
          <>
            <h3 className="h6 text-body-secondary mt-3">{t('shipments.fields.notes')}</h3>
            <p className="mb-0 shipment-pre-line text-break">{shipment.notes}</p>
          </>
        )}
        {shipment.cancelReason && (
          <>
            <h3 className="h6 text-body-secondary mt-3">{t('shipments.detail.cancelReason')}</h3>
            <p className="mb-0 shipment-pre-line text-break">{shipment.cancelReason}</p>
          </>
        )}
      </Card.Body>
    </Card>
  );
}

/** What the shipment takes of each order line. */
function ShipmentLines({ shipment }: { shipment: Shipment }) {
  const { t, i18n } = useTranslation();
  const columns = [t('orders.lines.description'), t('shipments.lines.quantity')];
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{t('shipments.form.linesHeading')}</h2>
        <DataTable caption={t('shipments.detail.linesCaption')} columns={['#', ...columns]}>
          {shipment.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row" className="data-table-name">
                <span className="visually-hidden">{t('orders.lines.line')} </span>
                {line.position}
              </th>
              <td data-label={columns[0]} className="text-break">
                {line.description}
              </td>
              <td data-label={columns[1]} className="text-nowrap">
                {formatQuantity(line.quantity, i18n.language)} {t(`orders.units.${line.unit}`)}
              </td>
            </tr>
          ))}
        </DataTable>
      </Card.Body>
    </Card>
  );
}

/** The legs as a timeline, and 'Add leg' for those who may plan them. */
function ShipmentLegs({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const addable =
    shipment.permissions.edit &&
    LEG_ADDABLE_SHIPMENT_STATUSES.includes(shipment.status) &&
    shipment.transports.length < TRANSPORTS_MAX;
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body className="p-3 p-sm-4">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 className="h5 mb-0 me-auto">{t('shipments.legs.heading')}</h2>
          {addable && (
            <Button variant="outline-primary" size="sm" onClick={() => setAdding(true)}>
              {t('shipments.legs.add')}
            </Button>
          )}
        </div>
        <LegTimeline shipment={shipment} />
        {adding && <LegForm shipment={shipment} onClose={() => setAdding(false)} />}
      </Card.Body>
    </Card>
  );
}

/** The shipment's own papers (a packing list, the proof of delivery); its legs' are at each leg. */
function ShipmentDocuments({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const query = useMemo(() => ({ shipmentId: shipment.id }), [shipment.id]);
  return (
    <RecordDocuments
      query={query}
      upload={
        shipment.permissions.uploadDocuments
          ? {
              send: (options) => uploadShipmentDocument(shipment.id, options),
              tradePartnerId: shipment.order.tradePartner.id,
            }
          : null
      }
      typeCodes={PLACE_DOCUMENT_TYPES.shipment}
      emptyText={t('shipments.detail.noDocuments')}
      only={ownDocument}
    />
  );
}

const ownDocument = (document: Document) => document.transportId === null;

function ShipmentView({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const { order } = shipment;
  const editable =
    shipment.permissions.edit && EDITABLE_SHIPMENT_STATUSES.includes(shipment.status);
  return (
    <>
      <div className="app-page-header">
        <div className="d-flex flex-wrap align-items-start gap-2 gap-sm-3">
          <div className="me-auto">
            <h1 className="h3 mb-1">{shipment.number}</h1>
            <p className="mb-0 d-flex flex-wrap column-gap-2">
              <span>
                {t('shipments.detail.ofOrder')}{' '}
                <Link to={orderDetailPath(order.uuid)} className="fw-semibold">
                  {order.number}
                </Link>
              </span>
              <Link to={partnerPath(order.tradePartner.uuid)}>{order.tradePartner.name}</Link>
            </p>
          </div>
          <p className="fs-6 mb-0 d-flex flex-wrap align-items-center gap-2">
            <span className="visually-hidden">{t('shipments.fields.status')} </span>
            <ShipmentStatusBadge status={shipment.status} />
            {shipment.late && <LateBadge />}
            {order.held && <HeldBadge />}
          </p>
        </div>
        {order.held && (
          <p className="small text-warning-emphasis mt-2 mb-0">{t('shipments.held.explanation')}</p>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
          <ShipmentMoves shipment={shipment} />
          {editable && (
            <Link to={shipmentModifyPath(shipment.uuid)} className="btn btn-outline-primary btn-sm">
              {t('shipments.actions.edit')}
            </Link>
          )}
        </div>
        <MoveRefusal shipment={shipment} />
      </div>
      <div className="row g-4">
        <div className="col-12 col-xl-8">
          <ShipmentFacts shipment={shipment} />
          <ShipmentLines shipment={shipment} />
          <ShipmentLegs shipment={shipment} />
        </div>
        <div className="col-12 col-xl-4">
          <ShipmentHistory shipment={shipment} />
        </div>
        <div className="col-12">
          <ShipmentDocuments shipment={shipment} />
        </div>
      </div>
    </>
  );
}

/**
 * /shipments/detail/{idOrUuid}: one shipment, its moves, lines, legs as a timeline with their
 * papers, its own papers and its trail. A shipment the person may not see is 'not found', as
 * one that does not exist.
 */
export function ShipmentDetailPage() {
  const { t } = useTranslation();
  const { shipmentRef = '' } = useParams();
  const dispatch = useAppDispatch();
  const { shipment, fallback } = useShipmentPage(shipmentRef);
  const stale = useAppSelector(selectShipmentDetail).stale;
  // A leg changed by someone else first: the shipment is read again.
  useEffect(() => {
    if (stale) void dispatch(fetchShipment(shipmentRef));
  }, [dispatch, shipmentRef, stale]);
  // 'Orders / ORD-2026-000123 / SHP-2026-000045', whether the address names it by uuid or id.
  useBreadcrumbLabel(
    paths.shipmentDetail,
    shipment?.number ?? null,
    shipment ? orderCrumbs(t, shipment.order) : undefined,
  );
  // SPEC section 2: the current partner is the order's.
  useRecordPartner(shipment?.order.tradePartner);
  return shipment ? <ShipmentView shipment={shipment} /> : fallback;
}
