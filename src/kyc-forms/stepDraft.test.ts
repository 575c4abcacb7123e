import { DATA_STEP_TYPES, validateStepData, type DataStepType } from '@common/kyc-steps';
import {
  checkDraft,
  draftNumber,
  fromStepData,
  fromStepDraft,
  numberText,
  toStepData,
} from '@/kyc-forms/stepDraft';

/** Valid data of each step, as the server stores it. */
const SAVED: Record<DataStepType, Record<string, unknown>> = {
  coc: {
    cocNumber: '12345678',
    registeredName: 'Van Dijk Logistiek B.V.',
    legalForm: 'B.V.',
    registrationDate: '2011-03-01',
    extractDate: '2025-05-01',
  },
  contacts: {
    people: [
      {
        firstName: 'Anna',
        lastName: 'van Dijk',
        role: 'UBO',
        ownershipPercentage: 62.5,
        dateOfBirth: '1970-02-03',
        nationality: 'NL',
        idDocumentId: 41,
      },
      { firstName: 'Bram', lastName: 'Smit', role: 'DIRECTOR', idDocumentId: 42 },
    ],
  },
  addresses: {
    registered: {
      street: 'Keizersgracht',
      houseNumber: '1a',
      postCode: '1015 CJ',
      city: 'Amsterdam',
      country: 'NL',
    },
    operating: {
      street: 'Havenweg',
      houseNumber: '12',
      postCode: '3011 AB',
      city: 'Rotterdam',
      country: 'NL',
    },
  },
  'bank-and-vat': { iban: 'NL91ABNA0417164300', accountHolder: 'Van Dijk Logistiek B.V.' },
  cdd: {
    businessActivity: 'Road transport of chilled goods',
    countriesOfOperation: ['NL', 'DE'],
    expectedMonthlyVolume: '250000.00',
    sourceOfFunds: 'Revenue from transport contracts',
    pepDeclared: false,
    sanctionsDeclared: false,
  },
};

describe('toStepData and fromStepData', () => {
  it.each(DATA_STEP_TYPES)('round-trips saved %s data through the form state', (stepType) => {
    const data = SAVED[stepType];
    for (const language of ['nl', 'en', 'fr']) {
      const form = fromStepData(stepType, data, language);
      expect(toStepData(stepType, form, language), language).toEqual(data);
      expect(validateStepData(stepType, toStepData(stepType, form, language))).toEqual(
        expect.objectContaining({ ok: true }),
      );
    }
  });

  it('reads amounts and percentages as typed in the language (decision 015), drops blank fields', () => {
    const contacts = toStepData(
      'contacts',
      {
        people: [
          { firstName: 'Anna', lastName: ' ', role: 'UBO', ownershipPercentage: '12,5' },
          { firstName: 'Bram', ownershipPercentage: '', idDocumentId: '7' },
        ],
      },
      'nl',
    );
    expect(contacts).toEqual({
      people: [
        { firstName: 'Anna', role: 'UBO', ownershipPercentage: 12.5 },
        { firstName: 'Bram', idDocumentId: 7 },
      ],
    });
    expect(toStepData('cdd', { expectedMonthlyVolume: '1.250.000,50' }, 'nl')).toEqual({
      countriesOfOperation: [],
      expectedMonthlyVolume: '1250000.50',
    });
    expect(toStepData('cdd', { expectedMonthlyVolume: '1,250,000.50' }, 'en')).toEqual({
      countriesOfOperation: [],
      expectedMonthlyVolume: '1250000.50',
    });
    expect(toStepData('bank-and-vat', { iban: 'NL91 ABNA', vatNumber: '' }, 'en')).toEqual({
      iban: 'NL91 ABNA',
    });
  });

  it('leaves out an amount or a percentage that does not read in the language, not a guess', () => {
    expect(toStepData('cdd', { expectedMonthlyVolume: '25.000,50' }, 'en')).toEqual({
      countriesOfOperation: [],
    });
    expect(
      toStepData(
        'contacts',
        { people: [{ firstName: 'Anna', ownershipPercentage: '12,5' }] },
        'en',
      ),
    ).toEqual({ people: [{ firstName: 'Anna' }] });
  });

  it('keeps the shapes the issues name: one person, the registered address, a chosen operating one', () => {
    expect(toStepData('contacts', {}, 'en')).toEqual({ people: [{}] });
    expect(toStepData('addresses', {}, 'en')).toEqual({ registered: {} });
    expect(toStepData('addresses', { registered: { city: 'Gouda' }, operating: {} }, 'en')).toEqual(
      {
        registered: { city: 'Gouda' },
        operating: {},
      },
    );
  });

  it('reads an empty or malformed saved draft as a form to fill in', () => {
    expect(fromStepDraft('contacts', undefined, 'en')).toEqual({ people: [{}] });
    expect(fromStepDraft('addresses', null, 'en')).toEqual({ registered: {} });
    expect(fromStepDraft('cdd', 'nonsense', 'en')).toEqual({ countriesOfOperation: [] });
    expect(
      fromStepDraft(
        'contacts',
        {
          people: [{ firstName: 'Anna', role: 'CEO', ownershipPercentage: '40', extra: 1 }, 'x'],
        },
        'en',
      ),
    ).toEqual({ people: [{ firstName: 'Anna', ownershipPercentage: '40' }] });
    expect(
      fromStepDraft('cdd', { pepDeclared: 'yes', countriesOfOperation: ['NL', 3] }, 'en'),
    ).toEqual({
      countriesOfOperation: ['NL'],
    });
  });

  it("shows a saved amount in the language's notation, a kept draft as it was typed", () => {
    const amount = (value: unknown, language: string, from = fromStepData) =>
      from('cdd', { expectedMonthlyVolume: value }, language).expectedMonthlyVolume;
    expect(amount('25000.50', 'en')).toBe('25000.50');
    expect(amount('25000.50', 'de')).toBe('25000,50');
    expect(amount('25000.50', 'fr')).toBe('25000,50');
    // A number saved before decision 015.
    expect(amount(85000, 'nl')).toBe('85000,00');
    // Typed in German: 1500, left as typed; '25000.50' is no German and was saved before.
    expect(amount('1.500', 'de', fromStepDraft)).toBe('1.500');
    expect(amount('25000.50', 'de', fromStepDraft)).toBe('25000,50');
    expect(amount('25.000,50', 'en', fromStepDraft)).toBe('25.000,50');
    expect(amount(85000, 'de', fromStepDraft)).toBe('85000,00');
  });
});

describe('checkDraft', () => {
  const base = { businessActivity: 'Transport', countriesOfOperation: ['NL'] };

  it('refuses a typed amount that does not read in the language, once, with its reason', () => {
    expect(checkDraft('cdd', { ...base, expectedMonthlyVolume: '25.000,50' }, 'en')).toEqual(
      expect.arrayContaining([
        {
          field: 'expectedMonthlyVolume',
          code: 'amountFormat',
          message: 'must be a decimal amount written like 25000.50',
        },
      ]),
    );
    const issues = checkDraft('cdd', { ...base, expectedMonthlyVolume: '1,234' }, 'de');
    expect(issues.filter((issue) => issue.field === 'expectedMonthlyVolume')).toEqual([
      { field: 'expectedMonthlyVolume', code: 'amountDecimals', message: expect.any(String) },
    ]);
    // The canonical notation, not German: refused, though the server would take it.
    expect(
      checkDraft('cdd', { ...base, expectedMonthlyVolume: '25000.50' }, 'de').map(
        (issue) => issue.field,
      ),
    ).toContain('expectedMonthlyVolume');
    expect(
      checkDraft('cdd', { ...base, expectedMonthlyVolume: '25.000,50' }, 'de').map(
        (issue) => issue.field,
      ),
    ).not.toContain('expectedMonthlyVolume');
  });

  it('refuses a typed percentage that does not read, or lies outside 0 to 100', () => {
    const person = (ownershipPercentage: string) => ({
      people: [{ firstName: 'Anna', lastName: 'Smit', role: 'UBO' as const, ownershipPercentage }],
    });
    const at = (issues: { field: string; code: string }[]) =>
      issues.filter((issue) => issue.field === 'people.0.ownershipPercentage');
    expect(at(checkDraft('contacts', person('12,5'), 'en'))).toEqual([
      expect.objectContaining({ code: 'invalid' }),
    ]);
    expect(at(checkDraft('contacts', person('150'), 'en'))).toEqual([
      expect.objectContaining({ code: 'percentage' }),
    ]);
    expect(at(checkDraft('contacts', person('12,5'), 'nl'))).toEqual([]);
  });
});

describe('numbers in the form', () => {
  it('shows a saved number as it would be typed in the locale, and reads it back', () => {
    expect(numberText(1250.5, 'nl')).toBe('1250,5');
    expect(numberText(1250.5, 'en')).toBe('1250.5');
    expect(draftNumber(numberText(1250.5, 'de'), 'de')).toBe(1250.5);
    expect(numberText('12,', 'nl')).toBe('12,');
    expect(numberText(undefined, 'en')).toBe('');
  });

  it('leaves blank out and parses the rest with the SPEC parser', () => {
    expect(draftNumber('  ', 'en')).toBeUndefined();
    expect(draftNumber(undefined, 'en')).toBeUndefined();
    expect(draftNumber(40, 'en')).toBe(40);
    expect(draftNumber('1 234,5', 'fr')).toBe(1234.5);
  });
});
