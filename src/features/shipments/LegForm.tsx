import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { BUSINESS_DATE_RANGE } from '@common/api';
import {
  SHIPMENT_FIELD_MAX,
  TRANSPORT_MODES,
  type Shipment,
  type Transport,
  type TransportMode,
} from '@common/shipments';
import { useAppDispatch } from '@/store/hooks';
import { DateInput } from '@/components/ui/DateInput';
import { FieldFrame, SubmitButton, type ControlProps } from '@/components/ui/FormField';
import { FormRefusal, useEditedSinceRefusal } from '@/components/ui/FormRefusal';
import { useCountryOptions } from '@/countries/useCountryOptions';
import {
  legBody,
  legServerProblems,
  legValues,
  newLegValues,
  validateLeg,
  type LegField,
} from '@/features/shipments/legFormValues';
import { saveLeg } from '@/features/shipments/shipmentsSlice';
import { useProblemText } from '@/features/shipments/useProblemText';
import { isApiError, isStaleVersion, type ApiError } from '@/lib/api-error';

type TextField = 'carrier' | 'vehicle' | 'trackingReference' | 'fromPlace' | 'toPlace';

const TEXT_MAX: Record<TextField, number> = {
  carrier: SHIPMENT_FIELD_MAX.carrier,
  vehicle: SHIPMENT_FIELD_MAX.vehicle,
  trackingReference: SHIPMENT_FIELD_MAX.trackingReference,
  fromPlace: SHIPMENT_FIELD_MAX.place,
  toPlace: SHIPMENT_FIELD_MAX.place,
};

interface LegFormProps {
  shipment: Shipment;
  /** The leg to change; absent: a new one after the last. */
  leg?: Transport;
  onClose: () => void;
}

/**
 * A leg's mode, carrier, vehicle, tracking reference, ends and planned dates, in a dialog. Save
 * adds or changes it and shows the shipment as it then is; the server's refusals show at their
 * fields.
 */
export function LegForm({ shipment, leg, onClose }: LegFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const problemText = useProblemText();
  const id = useId();
  const [values, setValues] = useState(() => (leg ? legValues(leg) : newLegValues(shipment)));
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const { edited, touch } = useEditedSinceRefusal(error);
  const countries = useCountryOptions([values.fromCountry, values.toCountry]);
  const fieldId = (field: LegField) => `${id}-${field}`;

  const problems = checked ? validateLeg(values) : {};
  const fromServer = legServerProblems(error);
  const messageOf = (field: string): string | null => {
    const problem = problems[field];
    if (problem) return problemText(problem);
    const server = edited.has(field) ? undefined : fromServer[field];
    if (!server) return null;
    return 'key' in server ? problemText(server.key) : 'text' in server ? server.text : null;
  };
  const set = (field: LegField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    touch(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const first = Object.keys(validateLeg(values))[0] as LegField | undefined;
    if (first !== undefined) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const body = legBody(values);
    try {
      await dispatch(leg ? saveLeg({ shipment, leg, body }) : saveLeg({ shipment, body })).unwrap();
      onClose();
    } catch (caught) {
      if (!isApiError(caught)) throw caught;
      // Someone else changed it first: the user was told, and the page shows it as it is now.
      if (isStaleVersion(caught)) onClose();
      else setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: LegField,
    label: string,
    control: (props: ControlProps) => ReactNode,
    { required, className = 'col-12 col-sm-6' }: { required?: boolean; className?: string } = {},
  ) => (
    <FieldFrame
      id={fieldId(name)}
      label={label}
      message={messageOf(name)}
      required={required}
      className={className}
    >
      {control}
    </FieldFrame>
  );
  const text = (name: TextField) => (props: ControlProps) => (
    <Form.Control
      {...props}
      value={values[name]}
      maxLength={TEXT_MAX[name]}
      autoComplete="off"
      onChange={(event) => set(name, event.target.value)}
    />
  );
  const country = (name: 'fromCountry' | 'toCountry') => (props: ControlProps) => (
    <Form.Select
      {...props}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
    >
      <option value="">{t('countries.select')}</option>
      {countries.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Form.Select>
  );
  const date = (name: 'plannedDeparture' | 'plannedArrival') => (props: ControlProps) => (
    <DateInput
      {...props}
      value={values[name]}
      onChange={(value) => set(name, value)}
      range={BUSINESS_DATE_RANGE}
    />
  );
  const unplaced = Object.keys(fromServer).filter((path) => !Object.hasOwn(values, path));
  const title = leg
    ? t('shipments.legs.editTitle', { leg: leg.sequence })
    : t('shipments.legs.addTitle', { number: shipment.number });

  return (
    <Modal
      show
      onHide={busy ? undefined : onClose}
      centered
      size="lg"
      aria-labelledby={`${id}-title`}
    >
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton={!busy} closeLabel={t('ui.close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && (Object.keys(fromServer).length === 0 || unplaced.length > 0) && (
            <FormRefusal
              message={t('shipments.legs.saveFailed', { reason: error.message })}
              unplaced={unplaced.map((path) => messageOf(path) ?? path)}
            />
          )}
          <div className="row g-3">
            {field(
              'mode',
              t('shipments.legs.mode'),
              (props) => (
                <Form.Select
                  {...props}
                  value={values.mode}
                  onChange={(event) => set('mode', event.target.value as TransportMode)}
                >
                  {TRANSPORT_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {t(`shipments.modes.${mode}`)}
                    </option>
                  ))}
                </Form.Select>
              ),
              { required: true },
            )}
            {field('carrier', t('shipments.legs.carrier'), text('carrier'), { required: true })}
            {field('vehicle', t(`shipments.legs.vehicle.${values.mode}`), text('vehicle'))}
            {field(
              'trackingReference',
              t('shipments.legs.trackingReference'),
              text('trackingReference'),
            )}
            {field('fromPlace', t('shipments.legs.fromPlace'), text('fromPlace'), {
              required: true,
            })}
            {field('fromCountry', t('shipments.legs.fromCountry'), country('fromCountry'), {
              required: true,
            })}
            {field('toPlace', t('shipments.legs.toPlace'), text('toPlace'), { required: true })}
            {field('toCountry', t('shipments.legs.toCountry'), country('toCountry'), {
              required: true,
            })}
            {field(
              'plannedDeparture',
              t('shipments.legs.plannedDeparture'),
              date('plannedDeparture'),
              {
                required: true,
              },
            )}
            {field('plannedArrival', t('shipments.legs.plannedArrival'), date('plannedArrival'), {
              required: true,
            })}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            {t('ui.cancel')}
          </Button>
          <SubmitButton label={t('shipments.legs.save')} busy={busy} />
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
