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

/** Whether a value was given at all (an optional field left empty is not given). */
export function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** An ISO 3166-1 alpha-2 code, upper case. */
export function countryCode(value: unknown): string | undefined {
  const code = text(value)?.toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD that exists (no 30 February), as midnight UTC. */
export function isoDate(value: unknown): Date | undefined {
  const match = DATE.exec(text(value) ?? '');
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? date
    : undefined;
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

/**
 * Whether an IBAN is well formed: country code, two check digits, 11 to 30 letters or digits,
 * and the ISO 13616 checksum (mod 97 of the rearranged number is 1). Spaces are ignored.
 */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
