import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { QUANTITY_RULES } from '@common/orders';
import { useDecimalRefusal } from '@/components/ui/useDecimalRefusal';
import { readQuantity, type ShippableLine } from '@/features/shipments/shipmentFormValues';
import { formatQuantity } from '@/lib/format';
import { numberChars } from '@/kyc-forms/fields';
import '@/components/ui/DataTable.css';

interface ShipmentLinesInputProps {
  lines: readonly ShippableLine[];
  /** As typed, by order line id. */
  quantities: Record<number, string>;
  /** The message at each field, by its path ('lines', 'lines.12'); null when none. */
  messageOf: (path: string) => string | null;
  /** The element id of a field, by its path. */
  idOf: (path: string) => string;
  onChange: (orderLineId: number, value: string) => void;
}

/**
 * The order's lines with what has been ordered, shipped and is left, and the quantity this
 * shipment takes of each (blank or 0: none), read in the app's language as it is typed
 * (decision 015). On a phone each line is a card.
 */
export function ShipmentLinesInput({
  lines,
  quantities,
  messageOf,
  idOf,
  onChange,
}: ShipmentLinesInputProps) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const refusal = useDecimalRefusal();
  const columns = {
    description: t('orders.lines.description'),
    ordered: t('shipments.lines.ordered'),
    shipped: t('shipments.lines.shipped'),
    left: t('shipments.lines.left'),
    quantity: t('shipments.lines.quantity'),
  };
  const linesMessage = messageOf('lines');
  const amount = (line: ShippableLine, quantity: string) =>
    `${formatQuantity(quantity, language)} ${t(`orders.units.${line.unit}`)}`;

  if (lines.length === 0) {
    return <p className="text-body-secondary mb-0">{t('shipments.form.noOrderLines')}</p>;
  }
  return (
    <>
      {linesMessage && (
        <p id={idOf('lines')} tabIndex={-1} className="text-danger small" role="alert">
          {linesMessage}
        </p>
      )}
      <div className="shipment-lines-wrap">
        <table className="table data-table shipment-lines align-top mb-0">
          <caption className="visually-hidden">{t('shipments.form.linesCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" className="shipment-lines-number">
                #
              </th>
              {Object.values(columns).map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const path = `lines.${line.orderLineId}`;
              const id = idOf(path);
              const text = quantities[line.orderLineId] ?? '';
              const message =
                refusal(readQuantity(text, language), QUANTITY_RULES) ?? messageOf(path);
              const nothingLeft = Number(line.left) === 0 && !text;
              return (
                <tr key={line.orderLineId}>
                  <th scope="row" className="shipment-lines-number">
                    <span className="visually-hidden">{t('orders.lines.line')} </span>
                    {line.position}
                  </th>
                  <td data-label={columns.description} className="text-break">
                    {line.description}
                  </td>
                  <td data-label={columns.ordered} className="text-nowrap">
                    {amount(line, line.ordered)}
                  </td>
                  <td data-label={columns.shipped} className="text-nowrap">
                    {amount(line, line.shipped)}
                  </td>
                  <td data-label={columns.left} className="text-nowrap fw-semibold">
                    {amount(line, line.left)}
                  </td>
                  <td data-label={columns.quantity} className="shipment-lines-quantity">
                    <div className="input-group input-group-sm">
                      <Form.Control
                        id={id}
                        value={text}
                        inputMode="decimal"
                        autoComplete="off"
                        disabled={nothingLeft}
                        aria-label={t('shipments.lines.quantityOfLine', { line: line.position })}
                        isInvalid={message !== null}
                        aria-invalid={message !== null || undefined}
                        aria-describedby={message ? `${id}-error` : undefined}
                        onChange={(event) =>
                          onChange(line.orderLineId, numberChars(event.target.value))
                        }
                      />
                      <span className="input-group-text">{t(`orders.units.${line.unit}`)}</span>
                    </div>
                    {message && (
                      <Form.Control.Feedback type="invalid" id={`${id}-error`} className="d-block">
                        {message}
                      </Form.Control.Feedback>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
