import type { Decimal } from '@common/money';
import type { OrderCurrency, OrderStatus } from '@common/orders';

/** What an amount the person may not see (or cannot be worked out yet) shows. */
export const NO_AMOUNT = '—';

const number = (value: string) => value as Decimal;

/**
 * An amount in the order's currency, two decimals (SPEC section 9), in the app language's
 * notation ('€1,234.50' in en, '1.234,50 €' in de); '—' for none. Exact: Intl writes the
 * decimal string digit for digit.
 */
export function formatMoney(
  amount: string | null | undefined,
  currency: OrderCurrency,
  language: string,
): string {
  if (amount === null || amount === undefined) return NO_AMOUNT;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(number(amount));
}

/** A unit price: two decimals at least, its fraction of a cent where it has one (4 at most). */
export function formatUnitPrice(
  price: string | null | undefined,
  currency: OrderCurrency,
  language: string,
): string {
  if (price === null || price === undefined) return NO_AMOUNT;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(number(price));
}

/** Each status's badge colour (Bootstrap text-bg-*), legible in light and dark mode. */
export const STATUS_VARIANTS: Record<OrderStatus, string> = {
  DRAFT: 'secondary',
  CONFIRMED: 'primary',
  IN_PROGRESS: 'info',
  COMPLETED: 'success',
  CANCELLED: 'dark',
};
