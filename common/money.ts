/**
 * Amounts as exact decimals (decision 015): what a person types is read in the language they
 * chose in the app, strictly, and refused with a reason when it could mean two things; what is
 * stored and sent is a canonical decimal string ('25000.50'), never a binary double.
 */

/** A decimal written as JSON writes numbers ('25000.50'); Intl formats it digit for digit. */
export type Decimal = `${number}`;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export const isDecimal = (value: unknown): value is Decimal =>
  typeof value === 'string' && DECIMAL.test(value);

/** Why a number is refused; each has its own message in the app (kycForms.amount). */
export type DecimalRefusal =
  /** Not a number at all: letters, a separator alone, two currency signs. */
  | 'format'
  /** Separators as another language uses them: '25.000,50' in English, two decimal points. */
  | 'separators'
  /** Thousands not grouped in threes: '1,5' in English, '25.5' in German. */
  | 'grouping'
  /** More decimals than the field keeps. */
  | 'decimals'
  | 'negative'
  | 'tooLarge';

export type DecimalReading<Refusal extends DecimalRefusal = DecimalRefusal> =
  { ok: true; value: Decimal } | { ok: false; refusal: Refusal };

/** What a client may get wrong in an amount it sends: it has no separators but the point. */
export type AmountRefusal = Exclude<DecimalRefusal, 'separators' | 'grouping'>;

export interface DecimalRules {
  /** The most digits after the decimal separator; the value read always has this many. */
  decimals: number;
  /** The largest value allowed, canonical. */
  max: Decimal;
  /** A sign that may stand before or after the number ('€'). */
  symbol?: string;
}

/**
 * The largest amount: 13 digits before the point. With the 2 decimals that makes 15
 * significant digits, the most a JSON number (a double) carries exactly, so an amount a client
 * sends as a number is the amount it meant.
 */
export const MAX_AMOUNT: Decimal = '9999999999999.99';

export const AMOUNT_RULES: DecimalRules = { decimals: 2, max: MAX_AMOUNT, symbol: '€' };
export const PERCENTAGE_RULES: DecimalRules = { decimals: 2, max: '100' };

/** -1, 0 or 1 as `a` is less than, equal to or more than `b` (both non-negative). */
function compareDecimals(a: Decimal, b: Decimal): number {
  const [aInt = '', aFrac = ''] = a.split('.');
  const [bInt = '', bFrac = ''] = b.split('.');
  if (aInt.length !== bInt.length) return Math.sign(aInt.length - bInt.length);
  const width = Math.max(aFrac.length, bFrac.length);
  const left = aInt + aFrac.padEnd(width, '0');
  const right = bInt + bFrac.padEnd(width, '0');
  return left === right ? 0 : left < right ? -1 : 1;
}

/** The value of digits read, checked against the rules and written canonically. */
function decimalOf(
  negative: boolean,
  integer: string,
  fraction: string,
  rules: DecimalRules,
): DecimalReading<'negative' | 'decimals' | 'tooLarge'> {
  if (negative) return { ok: false, refusal: 'negative' };
  if (fraction.length > rules.decimals) return { ok: false, refusal: 'decimals' };
  const whole = integer.replace(/^0+(?=\d)/, '') || '0';
  const value = (
    rules.decimals > 0 ? `${whole}.${fraction.padEnd(rules.decimals, '0')}` : whole
  ) as Decimal;
  if (compareDecimals(value, rules.max) > 0) return { ok: false, refusal: 'tooLarge' };
  return { ok: true, value };
}

/**
 * A decimal as a client sends it: a string ('25000.50', '25000.5', '25000') or a JSON number,
 * with at most `rules.decimals` decimals and at most `rules.max`. A number is read at its
 * shortest notation (String(25000.5) is '25000.5'), which within 15 significant digits is the
 * notation it was sent in.
 */
export function exactDecimal(
  value: string | number,
  rules: DecimalRules,
): DecimalReading<AmountRefusal> {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, refusal: 'format' };
    if (value < 0) return { ok: false, refusal: 'negative' };
    text = String(value);
    // 1e+21 or 1e-7: far too large, or too fine a fraction.
    if (text.includes('e')) return { ok: false, refusal: value >= 1 ? 'tooLarge' : 'decimals' };
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, refusal: 'format' };
  return decimalOf(match[1] === '-', match[2]!, match[3] ?? '', rules);
}

/** An amount as a client sends it: at most 2 decimals and at most MAX_AMOUNT. */
export const exactAmount = (value: string | number) => exactDecimal(value, AMOUNT_RULES);

/** The language's group and decimal separators, read off 1000.1 as Intl writes it. */
export function separatorsOf(language: string): { group: string; decimal: string } {
  // 'always': Spanish leaves four-digit numbers ungrouped.
  const parts = new Intl.NumberFormat(language, { useGrouping: 'always' }).formatToParts(1000.1);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/** The text without its sign and its symbol (before or after the number). */
function unwrap(text: string, symbol: string | undefined): { body: string; negative: boolean } {
  let body = text.trim();
  let negative = false;
  const takeSign = () => {
    if (/^[-\u2212]/.test(body)) {
      negative = true;
      body = body.slice(1).trimStart();
    }
  };
  takeSign();
  if (symbol && body.startsWith(symbol)) body = body.slice(symbol.length).trimStart();
  else if (symbol && body.endsWith(symbol)) body = body.slice(0, -symbol.length).trimEnd();
  if (!negative) takeSign();
  return { body, negative };
}

const SPACE = /\s/;

/**
 * A number typed in `language` (an app language: en, nl, de, it, es, fr), read strictly so that
 * nothing typed loses or gains magnitude: plain digits; the language's own group separator
 * (or a space of any kind) between thousands in threes; one decimal separator of the language,
 * after the groups; `rules.symbol` before or after. Anything that another language would read
 * differently is refused with its reason, not guessed at.
 */
export function readDecimal(text: string, language: string, rules: DecimalRules): DecimalReading {
  const { group, decimal } = separatorsOf(language);
  const { body, negative } = unwrap(text, rules.symbol);
  if (!/\d/.test(body) || /[^\d\s.,]/.test(body)) return { ok: false, refusal: 'format' };

  const pieces = body.split(decimal);
  if (pieces.length > 2) return { ok: false, refusal: 'separators' };
  const [integer = '', fraction = ''] = pieces;
  // Anything but digits after the decimal separator is a group separator in the wrong place.
  if (!/^\d*$/.test(fraction)) return { ok: false, refusal: 'separators' };

  const isGroup = (char: string) => char === group || SPACE.test(char);
  const separators = [...integer].filter((char) => !/\d/.test(char));
  if (separators.some((char) => !isGroup(char))) return { ok: false, refusal: 'separators' };
  // One kind of group separator: the language's own, or spaces.
  if (new Set(separators.map((char) => (SPACE.test(char) ? ' ' : char))).size > 1) {
    return { ok: false, refusal: 'grouping' };
  }
  const groups = integer.split(/[^\d]/);
  if (
    groups.length > 1 &&
    !groups.every((digits, index) =>
      index === 0 ? digits.length >= 1 && digits.length <= 3 : digits.length === 3,
    )
  ) {
    return { ok: false, refusal: 'grouping' };
  }
  return decimalOf(negative, groups.join(''), fraction, rules);
}

export const readAmount = (text: string, language: string) =>
  readDecimal(text, language, AMOUNT_RULES);

export const readPercentage = (text: string, language: string) =>
  readDecimal(text, language, PERCENTAGE_RULES);

/**
 * An amount in euros in the language's notation ('€25,000.50' in en, '25.000,50 €' in de), with
 * every digit it has: an amount stored before decision 015 with a fraction of a cent shows it.
 */
export function formatEuros(amount: Decimal, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 20,
  }).format(amount);
}

/**
 * A decimal as a person types it in the language, without groups ('25000,50' in de), so that
 * readDecimal reads it back as it is.
 */
export function decimalText(value: Decimal, language: string, minimumFractionDigits = 0): string {
  return new Intl.NumberFormat(language, {
    useGrouping: false,
    minimumFractionDigits,
    maximumFractionDigits: 20,
  }).format(value);
}
