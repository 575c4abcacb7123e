import {
  SHIPMENT_FIELD_MAX,
  type Shipment,
  type Transport,
  type TransportCreate,
  type TransportMode,
} from '@common/shipments';
import type { ApiError } from '@/lib/api-error';
import { fieldProblems, type FormProblems } from '@/features/shipments/shipmentFormValues';

/** A leg as typed: '' for what is not filled in. */
export interface LegValues {
  mode: TransportMode;
  carrier: string;
  vehicle: string;
  trackingReference: string;
  fromPlace: string;
  fromCountry: string;
  toPlace: string;
  toCountry: string;
  plannedDeparture: string;
  plannedArrival: string;
}

export type LegField = keyof LegValues;

/** A field of the form by the path the server names it with ('from.place' is fromPlace). */
const FIELD_OF_PATH: Record<string, LegField> = {
  mode: 'mode',
  carrier: 'carrier',
  vehicle: 'vehicle',
  trackingReference: 'trackingReference',
  'from.place': 'fromPlace',
  'from.country': 'fromCountry',
  'to.place': 'toPlace',
  'to.country': 'toCountry',
  plannedDeparture: 'plannedDeparture',
  plannedArrival: 'plannedArrival',
};

/**
 * A new leg: it starts where the last one ends (or where the shipment is picked up), goes to
 * where the shipment is delivered, leaving when the last one arrives (or at the pickup) and
 * arriving at the planned delivery.
 */
export function newLegValues(shipment: Shipment): LegValues {
  const last = shipment.transports.filter((leg) => leg.status !== 'CANCELLED').at(-1);
  return {
    mode: 'ROAD',
    carrier: '',
    vehicle: '',
    trackingReference: '',
    fromPlace: last ? last.to.place : shipment.origin.city,
    fromCountry: last ? last.to.country : shipment.origin.country,
    toPlace: shipment.destination.city,
    toCountry: shipment.destination.country,
    plannedDeparture: last ? last.plannedArrival : shipment.plannedPickupDate,
    plannedArrival: shipment.plannedDeliveryDate,
  };
}

/** A leg as its form shows it. */
export const legValues = (leg: Transport): LegValues => ({
  mode: leg.mode,
  carrier: leg.carrier,
  vehicle: leg.vehicle ?? '',
  trackingReference: leg.trackingReference ?? '',
  fromPlace: leg.from.place,
  fromCountry: leg.from.country,
  toPlace: leg.to.place,
  toCountry: leg.to.country,
  plannedDeparture: leg.plannedDeparture,
  plannedArrival: leg.plannedArrival,
});

const MAX: Partial<Record<LegField, number>> = {
  carrier: SHIPMENT_FIELD_MAX.carrier,
  vehicle: SHIPMENT_FIELD_MAX.vehicle,
  trackingReference: SHIPMENT_FIELD_MAX.trackingReference,
  fromPlace: SHIPMENT_FIELD_MAX.place,
  toPlace: SHIPMENT_FIELD_MAX.place,
};

const REQUIRED: readonly LegField[] = [
  'carrier',
  'fromPlace',
  'fromCountry',
  'toPlace',
  'toCountry',
  'plannedDeparture',
  'plannedArrival',
];

/** The checks the server makes (common/shipments.ts), by field. */
export function validateLeg(values: LegValues): FormProblems {
  const problems: FormProblems = {};
  for (const field of REQUIRED) if (!values[field].trim()) problems[field] = 'required';
  for (const [field, max] of Object.entries(MAX) as [LegField, number][]) {
    if (values[field].trim().length > max) problems[field] = 'tooLong';
  }
  if (
    !problems.plannedArrival &&
    values.plannedDeparture &&
    values.plannedArrival < values.plannedDeparture
  ) {
    problems.plannedArrival = 'arrivalBeforeDeparture';
  }
  return problems;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** What the form sends (POST and PUT alike). */
export const legBody = (values: LegValues): TransportCreate => ({
  mode: values.mode,
  carrier: values.carrier.trim(),
  vehicle: orNull(values.vehicle),
  trackingReference: orNull(values.trackingReference),
  from: { place: values.fromPlace.trim(), country: values.fromCountry },
  to: { place: values.toPlace.trim(), country: values.toCountry },
  plannedDeparture: values.plannedDeparture,
  plannedArrival: values.plannedArrival,
});

/** The server's field messages of a 400, by the form's fields. */
export const legServerProblems = (error: ApiError | null) =>
  fieldProblems(error, (field) => FIELD_OF_PATH[field] ?? field);
