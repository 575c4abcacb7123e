import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { BUSINESS_DATE_RANGE } from '@common/api';
import { orderNotShippableSchema, SHIPMENT_FIELD_MAX } from '@common/shipments';
import { DateInput } from '@/components/ui/DateInput';
import { FieldFrame, type ControlProps } from '@/components/ui/FormField';
import { FormActions, FormRefusal, useEditedSinceRefusal } from '@/components/ui/FormRefusal';
import { useCountryOptions } from '@/countries/useCountryOptions';
import { ShipmentLinesInput } from '@/features/shipments/ShipmentLinesInput';
import {
  PLACE_FIELDS,
  quantitiesRead,
  serverProblems,
  validateShipment,
  type PlaceField,
  type PlaceValues,
  type ServerProblem,
  type ShipmentFormValues,
  type ShippableLine,
} from '@/features/shipments/shipmentFormValues';
import { useProblemText } from '@/features/shipments/useProblemText';
import type { ApiError } from '@/lib/api-error';
import { formatQuantity } from '@/lib/format';

/** The element of a field, by its path ('plannedPickupDate', 'origin.city', 'lines.12'). */
export const fieldId = (idPrefix: string, path: string) =>
  `${idPrefix}-${path.replace(/\./g, '-')}`;

const HEAD_FIELDS = ['lines', 'plannedPickupDate', 'plannedDeliveryDate', 'notes'];

/** Whether a field of the form shows the message for `path`. */
const isFieldPath = (path: string, lines: readonly ShippableLine[]) =>
  HEAD_FIELDS.includes(path) ||
  /^(origin|destination)\.(name|street|postalCode|city|country)$/.test(path) ||
  lines.some((line) => path === `lines.${line.orderLineId}`);

const AUTOCOMPLETE: Record<PlaceField, string> = {
  name: 'organization',
  street: 'address-line1',
  postalCode: 'postal-code',
  city: 'address-level2',
  country: 'country',
};

interface PlaceFieldsProps {
  end: 'origin' | 'destination';
  place: PlaceValues;
  messageOf: (path: string) => string | null;
  idPrefix: string;
  onChange: (field: PlaceField, value: string) => void;
}

/** Where the shipment is picked up or delivered: a postal address. */
function PlaceFields({ end, place, messageOf, idPrefix, onChange }: PlaceFieldsProps) {
  const { t } = useTranslation();
  const countries = useCountryOptions([place.country]);
  const column: Record<PlaceField, string> = {
    name: 'col-12',
    street: 'col-12',
    postalCode: 'col-12 col-sm-4',
    city: 'col-12 col-sm-8',
    country: 'col-12',
  };
  return (
    <fieldset className="col-12 col-lg-6">
      <legend className="h6">{t(`shipments.fields.${end}`)}</legend>
      <div className="row g-3">
        {PLACE_FIELDS.map((field) => (
          <FieldFrame
            key={field}
            id={fieldId(idPrefix, `${end}.${field}`)}
            label={t(`shipments.place.${field}`)}
            message={messageOf(`${end}.${field}`)}
            required={field === 'street' || field === 'city' || field === 'country'}
            className={column[field]}
          >
            {(props) =>
              field === 'country' ? (
                <Form.Select
                  {...props}
                  value={place.country}
                  autoComplete={AUTOCOMPLETE.country}
                  onChange={(event) => onChange('country', event.target.value)}
                >
                  <option value="">{t('countries.select')}</option>
                  {countries.map((country) => (
                    <option key={country.value} value={country.value}>
                      {country.label}
                    </option>
                  ))}
                </Form.Select>
              ) : (
                <Form.Control
                  {...props}
                  value={place[field]}
                  maxLength={SHIPMENT_FIELD_MAX[field]}
                  autoComplete={AUTOCOMPLETE[field]}
                  onChange={(event) => onChange(field, event.target.value)}
                />
              )
            }
          </FieldFrame>
        ))}
      </div>
    </fieldset>
  );
}

interface ShipmentFormProps {
  initial: ShipmentFormValues;
  /** The order's lines with what the shipment may take of each. */
  lines: readonly ShippableLine[];
  /** The refusal of the last save, its messages shown at their fields. */
  error: ApiError | null;
  busy: boolean;
  /** Where 'Cancel' goes. */
  cancelTo: string;
  onSubmit: (values: ShipmentFormValues) => void;
}

/**
 * A shipment's lines, places, planned dates and notes (decision 034), as typed (keystrokes stay
 * here, not in Redux). The client's checks show from the first Save on; the server's messages
 * show at their fields until those are edited.
 */
export function ShipmentForm({
  initial,
  lines,
  error,
  busy,
  cancelTo,
  onSubmit,
}: ShipmentFormProps) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const problemText = useProblemText();
  const idPrefix = useId();
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const { edited, touch } = useEditedSinceRefusal(error);

  const problems = checked ? validateShipment(values, lines, language) : {};
  const fromServer = serverProblems(error, values, lines, language);
  const unitOf = (path: string) => {
    const line = lines.find((item) => path === `lines.${item.orderLineId}`);
    return line ? t(`orders.units.${line.unit}`) : '';
  };
  const serverText = (path: string, problem: ServerProblem) => {
    if ('key' in problem) return problemText(problem.key);
    if ('text' in problem) return problem.text;
    return t('shipments.errors.leftNow', {
      left: formatQuantity(problem.left, language),
      unit: unitOf(path),
    });
  };
  const messageOf = (path: string): string | null => {
    const problem = problems[path];
    if (problem) {
      const line = lines.find((item) => path === `lines.${item.orderLineId}`);
      return problemText(problem, line);
    }
    const server = edited.has(path) ? undefined : fromServer[path];
    return server ? serverText(path, server) : null;
  };

  const set = <K extends 'plannedPickupDate' | 'plannedDeliveryDate' | 'notes'>(
    field: K,
    value: string,
  ) => {
    setValues((current) => ({ ...current, [field]: value }));
    touch(field);
  };
  const setPlace = (end: 'origin' | 'destination', field: PlaceField, value: string) => {
    setValues((current) => ({ ...current, [end]: { ...current[end], [field]: value } }));
    touch(`${end}.${field}`);
  };
  const setQuantity = (orderLineId: number, value: string) => {
    setValues((current) => ({
      ...current,
      quantities: { ...current.quantities, [orderLineId]: value },
    }));
    touch(`lines.${orderLineId}`, 'lines');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const first = Object.keys(validateShipment(values, lines, language))[0];
    if (first !== undefined) {
      document.getElementById(fieldId(idPrefix, first))?.focus();
      return;
    }
    // A quantity that does not read says why at its field already.
    if (!quantitiesRead(values, language)) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    onSubmit(values);
  };

  const field = (
    name: 'plannedPickupDate' | 'plannedDeliveryDate' | 'notes',
    label: string,
    control: (props: ControlProps) => ReactNode,
    { required, className = 'col-12 col-md-6' }: { required?: boolean; className?: string } = {},
  ) => (
    <FieldFrame
      id={fieldId(idPrefix, name)}
      label={label}
      message={messageOf(name)}
      required={required}
      className={className}
    >
      {control}
    </FieldFrame>
  );

  // What the server refused that no field shows.
  const unplaced = Object.entries(fromServer)
    .filter(([path]) => !isFieldPath(path, lines))
    .map(([path, problem]) => serverText(path, problem));
  const notShippable = orderNotShippableSchema.safeParse(error?.details);
  const failed =
    error && Object.keys(fromServer).length === 0
      ? notShippable.success
        ? t('shipments.form.orderNotShippable', {
            status: t(`orders.statuses.${notShippable.data.status}`),
          })
        : t('shipments.form.saveFailed', { reason: error.message })
      : null;

  return (
    <Form noValidate onSubmit={submit}>
      {error && (
        <FormRefusal message={failed ?? t('shipments.form.fieldsRefused')} unplaced={unplaced} />
      )}
      <Card className="shadow-sm mb-4">
        <Card.Body className="p-3 p-sm-4">
          <h2 className="h5 mb-1" id={fieldId(idPrefix, 'lines-heading')}>
            {t('shipments.form.linesHeading')}
          </h2>
          <p className="text-body-secondary small">{t('shipments.form.linesHint')}</p>
          <ShipmentLinesInput
            lines={lines}
            quantities={values.quantities}
            messageOf={messageOf}
            idOf={(path) => fieldId(idPrefix, path)}
            onChange={setQuantity}
          />
        </Card.Body>
      </Card>
      <Card className="shadow-sm mb-4">
        <Card.Body className="p-3 p-sm-4">
          <h2 className="h5 mb-3">{t('shipments.form.placesHeading')}</h2>
          <div className="row g-4">
            {(['origin', 'destination'] as const).map((end) => (
              <PlaceFields
                key={end}
                end={end}
                place={values[end]}
                messageOf={messageOf}
                idPrefix={idPrefix}
                onChange={(name, value) => setPlace(end, name, value)}
              />
            ))}
          </div>
        </Card.Body>
      </Card>
      <Card className="shadow-sm mb-4">
        <Card.Body className="p-3 p-sm-4">
          <h2 className="h5 mb-3">{t('shipments.form.planHeading')}</h2>
          <div className="row g-3">
            {field(
              'plannedPickupDate',
              t('shipments.fields.plannedPickupDate'),
              (props) => (
                <DateInput
                  {...props}
                  value={values.plannedPickupDate}
                  onChange={(date) => set('plannedPickupDate', date)}
                  range={BUSINESS_DATE_RANGE}
                />
              ),
              { required: true },
            )}
            {field(
              'plannedDeliveryDate',
              t('shipments.fields.plannedDeliveryDate'),
              (props) => (
                <DateInput
                  {...props}
                  value={values.plannedDeliveryDate}
                  onChange={(date) => set('plannedDeliveryDate', date)}
                  range={BUSINESS_DATE_RANGE}
                />
              ),
              { required: true },
            )}
            {field(
              'notes',
              t('shipments.fields.notes'),
              (props) => (
                <Form.Control
                  {...props}
                  as="textarea"
                  rows={3}
                  maxLength={SHIPMENT_FIELD_MAX.notes}
                  value={values.notes}
                  onChange={(event) => set('notes', event.target.value)}
                />
              ),
              { className: 'col-12' },
            )}
          </div>
        </Card.Body>
      </Card>
      <FormActions saveLabel={t('shipments.form.save')} busy={busy} cancelTo={cancelTo} />
    </Form>
  );
}
