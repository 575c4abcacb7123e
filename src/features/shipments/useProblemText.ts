import { useTranslation } from 'react-i18next';
import { BUSINESS_DATE_RANGE } from '@common/api';
import { ORDER_MESSAGES } from '@common/orders';
import type { ShippableLine, ProblemKey } from '@/features/shipments/shipmentFormValues';
import { formatDateRange, formatQuantity } from '@/lib/format';

/** The days a business date may name, for the messages that say so. */
const BUSINESS_DAYS = formatDateRange(BUSINESS_DATE_RANGE);

const isOrderMessage = (key: ProblemKey): key is keyof typeof ORDER_MESSAGES =>
  Object.hasOwn(ORDER_MESSAGES, key);

/**
 * A problem of the shipment or leg forms in the person's words: the messages the shipment
 * contract shares with the orders' are the order form's; more than is left names what is left
 * of `line`.
 */
export function useProblemText() {
  const { t, i18n } = useTranslation();
  return (key: ProblemKey, line?: ShippableLine): string => {
    if (isOrderMessage(key)) return t(`orders.form.errors.${key}`, BUSINESS_DAYS);
    if (key === 'exceedsLeft') {
      return t('shipments.errors.exceedsLeft', {
        left: line ? formatQuantity(line.left, i18n.language) : '',
        unit: line ? t(`orders.units.${line.unit}`) : '',
      });
    }
    return t(`shipments.errors.${key}`);
  };
}
