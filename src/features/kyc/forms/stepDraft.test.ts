import { DATA_STEP_TYPES, validateStepData, type DataStepType } from '@common/kyc-steps';
import { draftNumber, fromStepData, numberText, toStepData } from '@/features/kyc/forms/stepDraft';

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
    expectedMonthlyVolume: 250000,
    sourceOfFunds: 'Revenue from transport contracts',
    pepDeclared: false,
    sanctionsDeclared: false,
  },
};

describe('toStepData and fromStepData', () => {
  it.each(DATA_STEP_TYPES)('round-trips saved %s data through the form state', (stepType) => {
    const data = SAVED[stepType];
    expect(toStepData(stepType, fromStepData(stepType, data), 'nl')).toEqual(data);
    expect(validateStepData(stepType, toStepData(stepType, fromStepData(stepType, data)))).toEqual(
      expect.objectContaining({ ok: true }),
    );
  });

  it('parses numbers as typed in the locale (SPEC 5) and drops blank fields', () => {
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
      expectedMonthlyVolume: 1250000.5,
    });
    expect(toStepData('cdd', { expectedMonthlyVolume: '1,250,000.50' }, 'en')).toEqual({
      countriesOfOperation: [],
      expectedMonthlyVolume: 1250000.5,
    });
    expect(toStepData('bank-and-vat', { iban: 'NL91 ABNA', vatNumber: '' })).toEqual({
      iban: 'NL91 ABNA',
    });
  });

  it('keeps the shapes the issues name: one person, the registered address, a chosen operating one', () => {
    expect(toStepData('contacts', {})).toEqual({ people: [{}] });
    expect(toStepData('addresses', {})).toEqual({ registered: {} });
    expect(toStepData('addresses', { registered: { city: 'Gouda' }, operating: {} })).toEqual({
      registered: { city: 'Gouda' },
      operating: {},
    });
  });

  it('reads an empty or malformed saved draft as a form to fill in', () => {
    expect(fromStepData('contacts', undefined)).toEqual({ people: [{}] });
    expect(fromStepData('addresses', null)).toEqual({ registered: {} });
    expect(fromStepData('cdd', 'nonsense')).toEqual({ countriesOfOperation: [] });
    expect(
      fromStepData('contacts', {
        people: [{ firstName: 'Anna', role: 'CEO', ownershipPercentage: '40', extra: 1 }, 'x'],
      }),
    ).toEqual({ people: [{ firstName: 'Anna', ownershipPercentage: '40' }] });
    expect(fromStepData('cdd', { pepDeclared: 'yes', countriesOfOperation: ['NL', 3] })).toEqual({
      countriesOfOperation: ['NL'],
    });
  });
});

describe('numbers in the form', () => {
  it('shows a saved number as it would be typed in the locale, and reads it back', () => {
    expect(numberText(1250.5, 'nl')).toBe('1250,5');
    expect(numberText(1250.5, 'en')).toBe('1250.5');
    expect(draftNumber(numberText(1250.5, 'de'), 'de')).toBe(1250.5);
    expect(numberText('12,', 'nl')).toBe('12,');
    expect(numberText(undefined)).toBe('');
  });

  it('leaves blank out and parses the rest with the SPEC parser', () => {
    expect(draftNumber('  ')).toBeUndefined();
    expect(draftNumber(undefined)).toBeUndefined();
    expect(draftNumber(40)).toBe(40);
    expect(draftNumber('1 234,5', 'fr')).toBe(1234.5);
  });
});
