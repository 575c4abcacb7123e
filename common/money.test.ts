import { describe, expect, it } from 'vitest';
import {
  decimalText,
  exactAmount,
  formatEuros,
  readAmount,
  readPercentage,
  type Decimal,
  type DecimalRefusal,
} from './money.js';

const LANGUAGES = ['en', 'nl', 'de', 'it', 'es', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** What each language accepts, and the amount it reads. */
const ACCEPTED: [Language, string, Decimal][] = [
  ['en', '25000.50', '25000.50'],
  ['en', '25,000.50', '25000.50'],
  ['en', '€25,000.50', '25000.50'],
  ['en', '25,000.50 €', '25000.50'],
  ['en', ' € 25,000.5 ', '25000.50'],
  ['en', '25 000.50', '25000.50'],
  ['en', `25${NBSP}000.50`, '25000.50'],
  ['en', `1${NNBSP}250${NNBSP}000`, '1250000.00'],
  ['en', '1,234', '1234.00'],
  ['en', '1,250,000', '1250000.00'],
  ['en', '0.5', '0.50'],
  ['en', '.5', '0.50'],
  ['en', '12.', '12.00'],
  ['en', '007', '7.00'],
  ['en', '0', '0.00'],
  ['en', '9,999,999,999,999.99', '9999999999999.99'],
  ['nl', '25.000,50', '25000.50'],
  ['nl', '€ 25.000,50', '25000.50'],
  ['nl', '25000,50', '25000.50'],
  ['nl', '1.234', '1234.00'],
  ['nl', ',5', '0.50'],
  ['de', '25.000,50', '25000.50'],
  ['de', '25.000,50 €', '25000.50'],
  ['de', '25 000,50', '25000.50'],
  ['de', '1.250.000', '1250000.00'],
  ['it', '25.000,50', '25000.50'],
  ['it', '25.000,50 €', '25000.50'],
  ['it', '1.234,5', '1234.50'],
  ['es', '25.000,50', '25000.50'],
  ['es', '1000', '1000.00'],
  ['es', '1.000', '1000.00'],
  ['fr', `25${NNBSP}000,50${NBSP}€`, '25000.50'],
  ['fr', '25 000,50', '25000.50'],
  ['fr', `25${NBSP}000,50`, '25000.50'],
  ['fr', '25000,5', '25000.50'],
];

/** What each language refuses, and why. */
const REFUSED: [Language, string, DecimalRefusal][] = [
  // Two separators in an order the language does not use.
  ['en', '25.000,50', 'separators'],
  ['nl', '25,000.50', 'separators'],
  ['de', '25,000.50', 'separators'],
  ['it', '25,000.50', 'separators'],
  ['es', '25,000.50', 'separators'],
  ['fr', '25.000,50', 'separators'],
  ['fr', '25 000.50', 'separators'],
  // More than one decimal separator.
  ['en', '1.000.000', 'separators'],
  ['de', '1,000,000', 'separators'],
  ['nl', '1,2,3', 'separators'],
  // Groups that are not thousands.
  ['en', '1,5', 'grouping'],
  ['en', '1,50', 'grouping'],
  ['en', '12,34,567', 'grouping'],
  ['en', '1,000,', 'grouping'],
  ['en', ',5', 'grouping'],
  ['en', '1 000,000', 'grouping'],
  ['de', '25.5', 'grouping'],
  ['de', '25000.50', 'grouping'],
  ['nl', '1.50', 'grouping'],
  ['it', '1.5', 'grouping'],
  ['es', '1.5', 'grouping'],
  ['fr', '1 5', 'grouping'],
  // Fractions of a cent.
  ['en', '1.234', 'decimals'],
  ['en', '1,234.567', 'decimals'],
  ['de', '1,234', 'decimals'],
  ['nl', '0,001', 'decimals'],
  ['it', '1,234', 'decimals'],
  ['es', '1,234', 'decimals'],
  ['fr', '1,234', 'decimals'],
  // Less than nothing.
  ['en', '-1', 'negative'],
  ['en', '-€25', 'negative'],
  ['de', '€ -25', 'negative'],
  ['fr', '\u22125', 'negative'],
  // More than 13 digits before the decimal separator.
  ['en', '10,000,000,000,000', 'tooLarge'],
  ['de', '10000000000000,00', 'tooLarge'],
  // Not a number at all.
  ['en', '', 'format'],
  ['en', '   ', 'format'],
  ['en', '€', 'format'],
  ['en', '.', 'format'],
  ['en', '€25€', 'format'],
  ['en', '25k', 'format'],
  ['en', '+25', 'format'],
  ['de', "25'000", 'format'],
];

describe('readAmount: an amount typed in the app language', () => {
  it.each(ACCEPTED)('%s reads %j as %s', (language, text, value) => {
    expect(readAmount(text, language)).toEqual({ ok: true, value });
  });

  it.each(REFUSED)('%s refuses %j: %s', (language, text, refusal) => {
    expect(readAmount(text, language)).toEqual({ ok: false, refusal });
  });

  it('covers every language with what it accepts and what it refuses', () => {
    for (const language of LANGUAGES) {
      expect(
        ACCEPTED.some(([lang]) => lang === language),
        language,
      ).toBe(true);
      for (const refusal of ['separators', 'grouping', 'decimals'] as const) {
        expect(
          REFUSED.some(([lang, , why]) => lang === language && why === refusal),
          `${language} ${refusal}`,
        ).toBe(true);
      }
    }
  });

  it.each(LANGUAGES)(
    '%s reads a saved amount back as it writes it, never as another amount',
    (language) => {
      for (const value of ['25000.50', '0.05', '1234.00', '9999999999999.99'] as const) {
        expect(readAmount(decimalText(value, language, 2), language)).toEqual({ ok: true, value });
        // The canonical notation itself is either the same amount or refused, never misread.
        const canonical = readAmount(value, language);
        if (canonical.ok) expect(canonical.value).toBe(value);
      }
    },
  );
});

describe('readPercentage', () => {
  it.each([
    ['en', '12.5', '12.50'],
    ['de', '12,5', '12.50'],
    ['fr', '12,5', '12.50'],
    ['nl', '100', '100.00'],
    ['it', '0', '0.00'],
    ['es', '33,33', '33.33'],
  ] as const)('%s reads %j as %s', (language, text, value) => {
    expect(readPercentage(text, language)).toEqual({ ok: true, value });
  });

  it.each([
    ['en', '100.01', 'tooLarge'],
    ['de', '250', 'tooLarge'],
    ['en', '12,5', 'grouping'],
    ['de', '12.5', 'grouping'],
    ['nl', '12,555', 'decimals'],
    ['fr', '-5', 'negative'],
  ] as const)('%s refuses %j: %s', (language, text, refusal) => {
    expect(readPercentage(text, language)).toEqual({ ok: false, refusal });
  });
});

describe('exactAmount: an amount as a client sends it', () => {
  it.each([
    ['25000.50', '25000.50'],
    ['25000.5', '25000.50'],
    ['25000', '25000.00'],
    [' 0025.5 ', '25.50'],
    ['9999999999999.99', '9999999999999.99'],
    [25000.5, '25000.50'],
    [85000, '85000.00'],
    [0.1, '0.10'],
    [0, '0.00'],
    [9999999999999.99, '9999999999999.99'],
  ] as const)('keeps %j as %s', (value, canonical) => {
    expect(exactAmount(value)).toEqual({ ok: true, value: canonical });
  });

  it.each([
    ['25.000,50', 'format'],
    ['25,000.50', 'format'],
    ['€25', 'format'],
    ['1e5', 'format'],
    ['.5', 'format'],
    ['', 'format'],
    [Number.NaN, 'format'],
    [Number.POSITIVE_INFINITY, 'format'],
    [1.234, 'decimals'],
    ['1.234', 'decimals'],
    [0.1 + 0.2, 'decimals'],
    [1e-7, 'decimals'],
    [-1, 'negative'],
    ['-1', 'negative'],
    [10000000000000, 'tooLarge'],
    ['10000000000000.00', 'tooLarge'],
    [1e21, 'tooLarge'],
  ] as const)('refuses %j: %s', (value, refusal) => {
    expect(exactAmount(value)).toEqual({ ok: false, refusal });
  });
});

describe('formatEuros', () => {
  it.each([
    ['en', '€25,000.50'],
    ['nl', `€${NBSP}25.000,50`],
    ['de', `25.000,50${NBSP}€`],
    ['it', `25.000,50${NBSP}€`],
    ['es', `25.000,50${NBSP}€`],
    ['fr', `25${NNBSP}000,50${NBSP}€`],
  ] as const)('writes an amount in %s as %j', (language, text) => {
    expect(formatEuros('25000.50', language)).toBe(text);
  });

  it('writes every digit: of the largest amount, and of a fraction of a cent', () => {
    expect(formatEuros('9999999999999.99', 'en')).toBe('€9,999,999,999,999.99');
    expect(formatEuros('1.234', 'en')).toBe('€1.234');
    expect(formatEuros('85000', 'de')).toBe(`85.000,00${NBSP}€`);
  });
});
