import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BUSINESS_DATE_RANGE } from '@common/api';
import {
  INCOTERMS,
  ORDER_CURRENCIES,
  ORDER_DIRECTIONS,
  ORDER_FIELD_MAX,
  type Incoterm,
  type OrderCurrency,
  type OrderDirection,
} from '@common/orders';
import type { TradePartner } from '@common/partners';
import { addressLine } from '@/companies/addressLine';
import { contactDisplayName } from '@/companies/contactName';
import { DateInput } from '@/components/ui/DateInput';
import { FieldFrame, type ControlProps } from '@/components/ui/FormField';
import { FormActions, FormRefusal, useEditedSinceRefusal } from '@/components/ui/FormRefusal';
import { partnerPath } from '@/config/paths';
import { OrderLines } from '@/features/orders/OrderLines';
import {
  BUSINESS_DAYS,
  emptyLine,
  numbersRead,
  serverProblems,
  totalOf,
  validateOrder,
  type LineValues,
  type OrderFormValues,
} from '@/features/orders/orderFormValues';
import { ShipmentsInTheWay, shipmentsInTheWay } from '@/features/orders/ShipmentsInTheWay';
import type { ApiError } from '@/lib/api-error';

/** The element of a field, by its path ('orderDate', 'lines.0.quantity'). */
const fieldId = (idPrefix: string, path: string) => `${idPrefix}-${path.replace(/\./g, '-')}`;

const HEAD_FIELDS = new Set<string>([
  'contactId',
  'direction',
  'customerReference',
  'orderDate',
  'requestedDeliveryDate',
  'deliveryAddressId',
  'incoterm',
  'incotermPlace',
  'currency',
  'notes',
]);

/** Whether a field of the form shows the message for `path`. */
function isFieldPath(path: string, values: OrderFormValues): boolean {
  if (HEAD_FIELDS.has(path)) return true;
  const line = /^lines\.(\d+)\.(description|quantity|unitPrice|hsCode)$/.exec(path);
  return line !== null && Number(line[1]) < values.lines.length;
}

interface OrderFormProps {
  initial: OrderFormValues;
  /** The partner the order is for: its contacts and addresses are the choices. */
  partner: TradePartner;
  /** The refusal of the last save, its field messages shown at their fields. */
  error: ApiError | null;
  busy: boolean;
  /** Where 'Cancel' goes. */
  cancelTo: string;
  onSubmit: (values: OrderFormValues) => void;
}

/**
 * An order's fields and lines (decision 033), as typed (keystrokes stay here, not in Redux). The
 * client's checks show from the first Save on; the server's field messages show at their
 * fields until those are edited.
 */
export function OrderForm({ initial, partner, error, busy, cancelTo, onSubmit }: OrderFormProps) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const idPrefix = useId();
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const { edited, touch } = useEditedSinceRefusal(error);

  const problems = checked ? validateOrder(values, language) : {};
  const fromServer = serverProblems(error, values);
  const messageOf = (path: string): string | null => {
    const problem = problems[path];
    if (problem) return t(`orders.form.errors.${problem}`, BUSINESS_DAYS);
    const server = edited.has(path) ? undefined : fromServer[path];
    if (!server) return null;
    return 'key' in server ? t(`orders.form.errors.${server.key}`, BUSINESS_DAYS) : server.text;
  };

  const set = <K extends keyof OrderFormValues>(field: K, value: OrderFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    touch(field);
  };
  const setLine = (index: number, field: keyof Omit<LineValues, 'key'>, value: string) => {
    setValues((current) => ({
      ...current,
      lines: current.lines.map((line, i) => (i === index ? { ...line, [field]: value } : line)),
    }));
    touch(`lines.${index}.${field}`);
  };
  // Removing a line moves the ones below it up: the server's messages no longer fit them.
  const removeLine = (index: number) => {
    setValues((current) => ({ ...current, lines: current.lines.filter((_, i) => i !== index) }));
    touch(...Object.keys(fromServer));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const first = Object.keys(validateOrder(values, language))[0];
    if (first !== undefined) {
      document.getElementById(fieldId(idPrefix, first))?.focus();
      return;
    }
    // A number that does not read says why at its field already.
    if (!numbersRead(values, language)) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    onSubmit(values);
  };

  /** A field of the order's head: its label, its control, its message. */
  const field = (
    name: keyof OrderFormValues,
    label: string,
    control: (props: ControlProps) => ReactNode,
    {
      required,
      className = 'col-12 col-md-6',
      hint,
    }: { required?: boolean; className?: string; hint?: string } = {},
  ) => (
    <FieldFrame
      id={fieldId(idPrefix, name)}
      label={label}
      message={messageOf(name)}
      required={required}
      hint={hint}
      className={className}
    >
      {control}
    </FieldFrame>
  );

  const text =
    (name: 'customerReference' | 'incotermPlace', max: number) => (props: ControlProps) => (
      <Form.Control
        {...props}
        value={values[name]}
        maxLength={max}
        autoComplete="off"
        onChange={(event) => set(name, event.target.value)}
      />
    );

  const total = totalOf(values.lines, language);
  // What the server refused that no field shows (the number of lines, say).
  const unplaced = Object.entries(fromServer)
    .filter(([path]) => !isFieldPath(path, values))
    .map(([, server]) =>
      'key' in server ? t(`orders.form.errors.${server.key}`, BUSINESS_DAYS) : server.text,
    );
  const failed = error && Object.keys(fromServer).length === 0 ? error.message : null;
  const inTheWay = shipmentsInTheWay(error?.details);

  return (
    <Form noValidate onSubmit={submit}>
      {inTheWay && (
        <Alert variant="danger" role="alert">
          <ShipmentsInTheWay refusal={inTheWay} change="lines" />
        </Alert>
      )}
      {error && !inTheWay && (
        <FormRefusal
          message={
            failed
              ? t('orders.form.saveFailed', { reason: failed })
              : t('orders.form.fieldsRefused')
          }
          unplaced={unplaced}
        />
      )}
      <Card className="shadow-sm mb-4">
        <Card.Body className="p-3 p-sm-4">
          <h2 className="h5 mb-3">{t('orders.form.orderHeading')}</h2>
          <div className="row g-3">
            <div className="col-12 col-md-6">
              <p className="form-label mb-1">{t('orders.fields.partner')}</p>
              <p className="form-control-plaintext py-0 fw-semibold">
                <Link to={partnerPath(partner.uuid)}>{partner.name}</Link>
              </p>
            </div>
            {field('contactId', t('orders.fields.contact'), (props) => (
              <Form.Select
                {...props}
                value={values.contactId}
                onChange={(event) => set('contactId', event.target.value)}
              >
                <option value="">{t('orders.form.noContact')}</option>
                {partner.tradePartnerContacts.map((contact) => (
                  <option key={contact.id} value={String(contact.id)}>
                    {contactDisplayName(contact) ?? t('contacts.noContact')}
                  </option>
                ))}
              </Form.Select>
            ))}
            {field(
              'direction',
              t('orders.fields.direction'),
              (props) => (
                <Form.Select
                  {...props}
                  value={values.direction}
                  onChange={(event) => set('direction', event.target.value as OrderDirection)}
                >
                  {ORDER_DIRECTIONS.map((direction) => (
                    <option key={direction} value={direction}>
                      {t(`orders.directions.${direction}`)}
                    </option>
                  ))}
                </Form.Select>
              ),
              { required: true },
            )}
            {field(
              'customerReference',
              t('orders.fields.customerReference'),
              text('customerReference', ORDER_FIELD_MAX.customerReference),
            )}
            {field(
              'orderDate',
              t('orders.fields.orderDate'),
              (props) => (
                <DateInput
                  {...props}
                  value={values.orderDate}
                  onChange={(date) => set('orderDate', date)}
                  range={BUSINESS_DATE_RANGE}
                />
              ),
              { required: true },
            )}
            {field('requestedDeliveryDate', t('orders.fields.requestedDeliveryDate'), (props) => (
              <DateInput
                {...props}
                value={values.requestedDeliveryDate}
                onChange={(date) => set('requestedDeliveryDate', date)}
                range={BUSINESS_DATE_RANGE}
              />
            ))}
            {field(
              'deliveryAddressId',
              t('orders.fields.deliveryAddress'),
              (props) => (
                <Form.Select
                  {...props}
                  value={values.deliveryAddressId}
                  onChange={(event) => set('deliveryAddressId', event.target.value)}
                >
                  <option value="">{t('orders.form.noAddress')}</option>
                  {partner.addresses.map((address) => (
                    <option key={address.id} value={String(address.id)}>
                      {addressLine(address)}
                    </option>
                  ))}
                </Form.Select>
              ),
              {
                className: 'col-12',
                hint: partner.addresses.length === 0 ? t('orders.form.noAddresses') : undefined,
              },
            )}
            {field(
              'incoterm',
              t('orders.fields.incoterm'),
              (props) => (
                <Form.Select
                  {...props}
                  value={values.incoterm}
                  onChange={(event) => set('incoterm', event.target.value as Incoterm | '')}
                >
                  <option value="">{t('orders.form.noIncoterm')}</option>
                  {INCOTERMS.map((incoterm) => (
                    <option key={incoterm} value={incoterm}>
                      {t(`orders.incoterms.${incoterm}`)}
                    </option>
                  ))}
                </Form.Select>
              ),
              { className: 'col-12 col-md-4' },
            )}
            {field(
              'incotermPlace',
              t('orders.fields.incotermPlace'),
              text('incotermPlace', ORDER_FIELD_MAX.incotermPlace),
              { className: 'col-12 col-md-5', hint: t('orders.form.incotermPlaceHint') },
            )}
            {field(
              'currency',
              t('orders.fields.currency'),
              (props) => (
                <Form.Select
                  {...props}
                  value={values.currency}
                  onChange={(event) => set('currency', event.target.value as OrderCurrency)}
                >
                  {ORDER_CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </Form.Select>
              ),
              { className: 'col-12 col-md-3' },
            )}
            {field(
              'notes',
              t('orders.fields.notes'),
              (props) => (
                <Form.Control
                  {...props}
                  as="textarea"
                  rows={3}
                  maxLength={ORDER_FIELD_MAX.notes}
                  value={values.notes}
                  onChange={(event) => set('notes', event.target.value)}
                />
              ),
              { className: 'col-12' },
            )}
          </div>
        </Card.Body>
      </Card>
      <Card className="shadow-sm mb-4">
        <Card.Body className="p-3 p-sm-4">
          <h2 className="h5 mb-3">{t('orders.lines.heading')}</h2>
          <OrderLines
            lines={values.lines}
            currency={values.currency}
            total={total}
            messageOf={messageOf}
            idPrefix={`${idPrefix}-lines`}
            onChange={setLine}
            onAdd={() =>
              setValues((current) => ({ ...current, lines: [...current.lines, emptyLine()] }))
            }
            onRemove={removeLine}
          />
        </Card.Body>
      </Card>
      <FormActions saveLabel={t('orders.form.save')} busy={busy} cancelTo={cancelTo} />
    </Form>
  );
}
