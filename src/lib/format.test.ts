import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  numberSeparators,
  parseNumber,
  personName,
  toApiDate,
} from '@/lib/format';

describe('personName', () => {
  it('joins first and last name', () => {
    expect(personName(['Mark', 'de Vries'])).toBe('Mark de Vries');
    expect(personName(['  Mark ', null])).toBe('Mark');
  });

  it('falls back to the next candidate when one is empty', () => {
    expect(personName([null, ' '], ['Mark', 'de Vries'], 'mark')).toBe('Mark de Vries');
    expect(personName([null, null], [undefined, ''], 'mark')).toBe('mark');
    expect(personName([null, null], null)).toBe('');
  });
});

describe('dates (SPEC section 5)', () => {
  it('shows dates as dd.MM.yyyy and date-times as dd.MM.yyyy, HH:mm', () => {
    expect(formatDate(new Date(2025, 9, 26, 14, 5))).toBe('26.10.2025');
    expect(formatDate('1985-04-12')).toBe('12.04.1985');
    expect(formatDateTime(new Date(2025, 0, 3, 9, 7))).toBe('03.01.2025, 09:07');
    expect(formatDateTime(new Date(2025, 0, 3, 21, 45).getTime())).toBe('03.01.2025, 21:45');
  });

  it('shows nothing for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('sends the local calendar date as yyyy-MM-dd', () => {
    expect(toApiDate(new Date(2025, 9, 26, 23, 59))).toBe('2025-10-26');
    expect(toApiDate(new Date(1985, 3, 2, 0, 0))).toBe('1985-04-02');
  });
});

describe('numbers (SPEC sections 5 and 9)', () => {
  it('shows two fraction digits in the locale', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.50');
    expect(formatNumber(1234.5, 'nl')).toBe('1.234,50');
    expect(formatNumber(0.005, 'nl')).toBe('0,01');
  });

  it('shows amounts in euros with two decimals, a decimal string digit for digit', () => {
    expect(formatCurrency(1234.5, 'en')).toBe('€1,234.50');
    expect(formatCurrency(1234.5, 'nl')).toBe('€\u00a01.234,50');
    expect(formatCurrency('9999999999999.99', 'en')).toBe('€9,999,999,999,999.99');
  });

  it("reads the locale's separators off 1000.1", () => {
    expect(numberSeparators('en')).toEqual({ group: ',', decimal: '.' });
    expect(numberSeparators('nl')).toEqual({ group: '.', decimal: ',' });
    expect(numberSeparators('es')).toEqual({ group: '.', decimal: ',' });
  });

  it('parses numbers typed in Dutch notation', () => {
    expect(parseNumber('1.234,56', 'nl')).toBe(1234.56);
    expect(parseNumber('12,5', 'nl')).toBe(12.5);
    expect(parseNumber('-0,75', 'nl')).toBe(-0.75);
    expect(parseNumber(' 1.000 ', 'nl')).toBe(1000);
  });

  it('parses numbers typed in English notation', () => {
    expect(parseNumber('1,234.56', 'en')).toBe(1234.56);
    expect(parseNumber('12.5', 'en')).toBe(12.5);
    // The thousands separator goes first, so a lone comma is one too.
    expect(parseNumber('1,5', 'en')).toBe(15);
  });

  it('turns a comma into a dot where the locale groups with something else', () => {
    expect(parseNumber('1 234,5', 'fr')).toBe(1234.5);
    expect(parseNumber('2,5', 'de-CH')).toBe(2.5);
  });

  it('gives 0 for empty or non-numeric input', () => {
    expect(parseNumber('', 'nl')).toBe(0);
    expect(parseNumber('   ', 'en')).toBe(0);
    expect(parseNumber(null, 'en')).toBe(0);
    expect(parseNumber(undefined, 'en')).toBe(0);
    expect(parseNumber('abc', 'nl')).toBe(0);
    expect(parseNumber('12 kg', 'en')).toBe(0);
    expect(parseNumber(Number.NaN, 'en')).toBe(0);
    expect(parseNumber(7.25, 'en')).toBe(7.25);
  });
});

describe('formatFileSize', () => {
  it('uses the largest unit below 1024, with one decimal under 100', () => {
    expect(formatFileSize(0, 'en')).toBe('0 B');
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(25 * 1024 * 1024, 'en')).toBe('25 MB');
    expect(formatFileSize(2.25 * 1024 * 1024, 'nl')).toBe('2,3 MB');
    expect(formatFileSize(300 * 1024, 'en')).toBe('300 KB');
  });
});
