import { isValidIBAN } from 'ibantools';
import { normaliseIban, parseIsoDate } from '#common/kyc-steps.js';

/**
 * Readers for the step data the insights look at. Step data is whatever JSON the app stored,
 * so every reader answers undefined for a value that is absent, blank or of the wrong kind.
 */

export type Data = Readonly<Record<string, unknown>>;

export function record(value: unknown): Data | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Data)
    : undefined;
}

/** A non-blank string, trimmed. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** An ISO 3166-1 alpha-2 code, upper case. */
export function countryCode(value: unknown): string | undefined {
  const code = text(value)?.toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
}

/** A calendar date written YYYY-MM-DD that exists (no 30 February), as midnight UTC. */
function isoDate(value: unknown): Date | undefined {
  return parseIsoDate(text(value) ?? '');
}

/** The UTC calendar day of a moment, as midnight UTC. */
export function dayOf(moment: Date): Date {
  return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
}

/** A date in the past or today (a registration or extract cannot be dated tomorrow). */
export function pastDate(value: unknown, now: Date): Date | undefined {
  const date = isoDate(value);
  return date && date <= dayOf(now) ? date : undefined;
}

/** The same day `months` calendar months earlier; the 31st becomes the month's last day. */
export function monthsBefore(day: Date, months: number): Date {
  const target = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day.getUTCDate(), lastDay));
  return target;
}

/** Whole calendar months from `from` to `to` (0 when `to` is earlier). */
export function wholeMonths(from: Date, to: Date): number {
  let months =
    (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  return Math.max(0, months);
}

/** A finite number within the bounds. */
export function numberIn(value: unknown, min: number, max = Infinity): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
    ? value
    : undefined;
}

/** Whether an IBAN is valid (ibantools: country format and check digits); spaces and case aside. */
export function isValidIban(value: string): boolean {
  return isValidIBAN(normaliseIban(value));
}
