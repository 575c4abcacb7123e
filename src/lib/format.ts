import { isValid, lightFormat, parseISO } from 'date-fns';
import type { DateRange } from '@common/api';
import { formatEuros, type Decimal } from '@common/money';

type NamePart = string | null | undefined;

const joinName = (...parts: NamePart[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/**
 * A person's name for display: the first of the candidates that yields anything, each being
 * a [first, last] pair or a single value (a username).
 */
export function personName(...candidates: (readonly [NamePart, NamePart] | NamePart)[]): string {
  for (const candidate of candidates) {
    const name = Array.isArray(candidate)
      ? joinName(...candidate)
      : joinName(candidate as NamePart);
    if (name) return name;
  }
  return '';
}

/** SPEC section 5: how dates are shown, and how a local date is sent to the server. */
const DATE_FORMAT = 'dd.MM.yyyy';
const DATE_TIME_FORMAT = 'dd.MM.yyyy, HH:mm';
const API_DATE_FORMAT = 'yyyy-MM-dd';

type DateInput = Date | string | number | null | undefined;

/** A Date, an epoch-ms number or an ISO string ('yyyy-MM-dd' is a local date); null if unusable. */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** dd.MM.yyyy; empty for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? lightFormat(date, DATE_FORMAT) : '';
}

/** A range's first and last day as the interface writes them, for a message's {{min}}, {{max}}. */
export const formatDateRange = (range: DateRange) => ({
  min: formatDate(range.min),
  max: formatDate(range.max),
});

/** dd.MM.yyyy, HH:mm in local time; empty for a missing or invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? lightFormat(date, DATE_TIME_FORMAT) : '';
}

/** The local calendar date as the API takes it (yyyy-MM-dd), whatever the time zone. */
export function toApiDate(date: Date): string {
  return lightFormat(date, API_DATE_FORMAT);
}

/** SPEC section 9: the number locale defaults to the browser's language. */
export function browserLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en-US';
}

/** A number with two fraction digits in the locale's notation (1.234,50 in nl). */
export function formatNumber(value: number, locale: string = browserLocale()): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** A quantity as counted: '3', '2.125' (up to 3 decimals), in the language's notation; exact. */
export function formatQuantity(quantity: string, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(quantity as Decimal);
}

/**
 * An amount in euros with two decimals (€ 1.234,50 in nl, €1,234.50 in en); an exact decimal
 * ('25000.50') is written digit for digit (decision 015).
 */
export function formatCurrency(value: number | Decimal, locale: string = browserLocale()): string {
  return formatEuros(typeof value === 'number' ? `${value}` : value, locale);
}

/** The locale's thousands and decimal separators, read off 1000.1 as the locale writes it. */
export function numberSeparators(locale: string = browserLocale()): {
  group: string;
  decimal: string;
} {
  // 'always': some locales (es) leave four-digit numbers ungrouped.
  const parts = new Intl.NumberFormat(locale, { useGrouping: 'always' }).formatToParts(1000.1);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? '',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/**
 * A number typed in the locale's notation (SPEC section 5): empty gives 0; the thousands
 * separator is dropped, the decimal separator and any comma become a dot; anything that is
 * then not a number gives 0.
 */
export function parseNumber(
  input: string | number | null | undefined,
  locale: string = browserLocale(),
): number {
  if (typeof input === 'number') return Number.isFinite(input) ? input : 0;
  const text = input?.trim() ?? '';
  if (text === '') return 0;
  const { group, decimal } = numberSeparators(locale);
  // A space-like separator (fr: U+202F) is typed as any kind of space.
  const withoutGroups = /\s/.test(group) ? text.replace(/\s/g, '') : text.split(group).join('');
  const normalised = withoutGroups.split(decimal).join('.').replace(/,/g, '.');
  const value = Number(normalised);
  return Number.isFinite(value) ? value : 0;
}

const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size for people: '512 B', '1.5 MB' (in the locale's notation, 1024-based). */
export function formatFileSize(bytes: number, locale: string = browserLocale()): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${FILE_SIZE_UNITS[unit]}`;
}
