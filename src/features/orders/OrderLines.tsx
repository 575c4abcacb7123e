import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import {
  ORDER_LINES_MAX,
  ORDER_UNITS,
  QUANTITY_RULES,
  UNIT_PRICE_RULES,
  type OrderCurrency,
  type OrderUnit,
} from '@common/orders';
import type { Decimal, DecimalReading, DecimalRules } from '@common/money';
import { Icon } from '@/components/ui/Icon';
import { useDecimalRefusal } from '@/components/ui/useDecimalRefusal';
import { formatMoney, NO_AMOUNT } from '@/features/orders/orderFormat';
import { lineAmountOf, readLine, type LineValues } from '@/features/orders/orderFormValues';
import { numberChars } from '@/kyc-forms/fields';
import '@/components/ui/DataTable.css';

type NumberField = 'quantity' | 'unitPrice';

const RULES: Record<NumberField, DecimalRules> = {
  quantity: QUANTITY_RULES,
  unitPrice: UNIT_PRICE_RULES,
};

interface OrderLinesProps {
  lines: readonly LineValues[];
  currency: OrderCurrency;
  /** The total as typed so far; null while a line's amount is not known. */
  total: Decimal | null;
  /** The message at each field, by its path ('lines.0.quantity'); null when none. */
  messageOf: (path: string) => string | null;
  idPrefix: string;
  onChange: (index: number, field: keyof Omit<LineValues, 'key'>, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/**
 * The order's lines as an editable table: description, quantity, unit, unit price, HS code, and
 * each line's amount and the total worked out as they are typed (lineAmount and orderTotal on
 * what readDecimal reads in the app language). A number that does not read says why at once,
 * in the person's language. On a phone each line is a card of labelled fields.
 */
export function OrderLines({
  lines,
  currency,
  total,
  messageOf,
  idPrefix,
  onChange,
  onAdd,
  onRemove,
}: OrderLinesProps) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const columns = {
    description: t('orders.lines.description'),
    quantity: t('orders.lines.quantity'),
    unit: t('orders.lines.unit'),
    unitPrice: t('orders.lines.unitPrice'),
    hsCode: t('orders.lines.hsCode'),
    amount: t('orders.lines.amount'),
  };

  const decimalRefusal = useDecimalRefusal();
  /** The refusal of a number as typed, in the person's words: a price's example has cents. */
  const refusal = (field: NumberField, reading: DecimalReading | null) =>
    decimalRefusal(reading, RULES[field], field === 'unitPrice' ? 2 : 1);

  /** One input of line `index`, labelled for screen readers, its message below it. */
  const cell = (
    index: number,
    field: Exclude<keyof LineValues, 'key' | 'unit'>,
    message: string | null,
    extra: { inputMode?: 'decimal'; className?: string; maxLength?: number } = {},
  ) => {
    const id = `${idPrefix}-${index}-${field}`;
    const line = lines[index]!;
    return (
      <td data-label={columns[field]} className={extra.className}>
        <Form.Control
          id={id}
          size="sm"
          value={line[field]}
          inputMode={extra.inputMode}
          maxLength={extra.maxLength}
          autoComplete="off"
          aria-label={t('orders.lines.fieldOfLine', { field: columns[field], line: index + 1 })}
          isInvalid={message !== null}
          aria-invalid={message !== null || undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) =>
            onChange(
              index,
              field,
              extra.inputMode === 'decimal' ? numberChars(event.target.value) : event.target.value,
            )
          }
        />
        {message && (
          <Form.Control.Feedback type="invalid" id={`${id}-error`} className="d-block">
            {message}
          </Form.Control.Feedback>
        )}
      </td>
    );
  };

  return (
    <>
      {lines.length > 0 && (
        <div className="order-lines-wrap">
          <table className="table data-table order-lines align-top mb-2">
            <caption className="visually-hidden">{t('orders.lines.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="order-lines-number">
                  #
                </th>
                <th scope="col">{columns.description}</th>
                <th scope="col">{columns.quantity}</th>
                <th scope="col">{columns.unit}</th>
                <th scope="col">{columns.unitPrice}</th>
                <th scope="col">{columns.hsCode}</th>
                <th scope="col" className="text-end">
                  {columns.amount}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('ui.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => {
                const reading = readLine(line, language);
                const amount = lineAmountOf(line, language);
                const at = (field: string) => messageOf(`lines.${index}.${field}`);
                return (
                  <tr key={line.key}>
                    <th scope="row" className="order-lines-number">
                      <span className="visually-hidden">{t('orders.lines.line')} </span>
                      {index + 1}
                    </th>
                    {cell(index, 'description', at('description'), {
                      className: 'order-lines-description',
                    })}
                    {cell(
                      index,
                      'quantity',
                      refusal('quantity', reading.quantity) ?? at('quantity'),
                      {
                        inputMode: 'decimal',
                        className: 'order-lines-number-input',
                      },
                    )}
                    <td data-label={columns.unit} className="order-lines-unit">
                      <Form.Select
                        size="sm"
                        value={line.unit}
                        aria-label={t('orders.lines.fieldOfLine', {
                          field: columns.unit,
                          line: index + 1,
                        })}
                        onChange={(event) =>
                          onChange(index, 'unit', event.target.value as OrderUnit)
                        }
                      >
                        {ORDER_UNITS.map((unit) => (
                          <option key={unit} value={unit}>
                            {t(`orders.units.${unit}`)}
                          </option>
                        ))}
                      </Form.Select>
                    </td>
                    {cell(
                      index,
                      'unitPrice',
                      refusal('unitPrice', reading.unitPrice) ?? at('unitPrice'),
                      { inputMode: 'decimal', className: 'order-lines-number-input' },
                    )}
                    {cell(index, 'hsCode', at('hsCode'), {
                      className: 'order-lines-hs',
                      maxLength: 13,
                    })}
                    <td data-label={columns.amount} className="text-end text-nowrap">
                      <output aria-label={t('orders.lines.amountOfLine', { line: index + 1 })}>
                        {amount === null ? NO_AMOUNT : formatMoney(amount, currency, language)}
                      </output>
                    </td>
                    <td className="text-end">
                      <Button
                        variant="outline-danger"
                        size="sm"
                        onClick={() => onRemove(index)}
                        aria-label={t('orders.lines.removeLine', { line: index + 1 })}
                        title={t('orders.lines.removeLine', { line: index + 1 })}
                      >
                        <Icon name="close" size={14} />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {lines.length === 0 && <p className="text-body-secondary">{t('orders.lines.none')}</p>}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3">
        <Button
          variant="outline-primary"
          size="sm"
          onClick={onAdd}
          disabled={lines.length >= ORDER_LINES_MAX}
        >
          {t('orders.lines.add')}
        </Button>
        <p className="fs-5 mb-0">
          <span className="text-body-secondary me-2">{t('orders.fields.total')}</span>
          <output className="fw-semibold" aria-live="polite" aria-label={t('orders.fields.total')}>
            {total === null ? NO_AMOUNT : formatMoney(total, currency, language)}
          </output>
        </p>
      </div>
      {total === null && (
        <p className="small text-body-secondary text-end mb-0">{t('orders.lines.totalPending')}</p>
      )}
    </>
  );
}
