import { describe, expect, it } from 'vitest';
import { REQUIRED_STEP_DOCUMENTS, STEP_DOCUMENT_TYPES, type KycStepType } from '#common/kyc.js';
import type { Finding } from '#common/kyc-insights.js';
import type { DocumentType } from '#server/db/schema/documents.js';
import type { Candidate } from '#server/matching/scoring.js';
import { searchConflicts } from './conflicts.js';
import { evaluate, riskLevelOf, summarise } from './evaluate.js';
import { isValidIban, monthsBefore, wholeMonths } from './fields.js';
import {
  FATF_CALL_FOR_ACTION,
  FATF_INCREASED_MONITORING,
  fatfListOf,
} from './high-risk-countries.js';
import {
  addressIncomplete,
  cddDeclarations,
  cocExtractAge,
  cocNumberMismatch,
  completeness,
  highRiskCountries,
  ibanFormat,
  missingDocuments,
  stepIncomplete,
  uboOwnership,
  vatNumber,
} from './rules.js';
import {
  searchCriteria,
  type InsightsSnapshot,
  type PartnerFacts,
  type SearchEvidence,
} from './snapshot.js';

const NOW = new Date('2025-06-15T10:00:00Z');

const PARTNER: PartnerFacts = {
  id: 1,
  uuid: '00000000-0000-4000-8000-000000000001',
  name: 'Acme Trading B.V.',
  cocNumber: '12345678',
  vatNumber: 'NL100000009B01',
  country: 'NL',
  firstAddress: {
    street: 'Oudegracht',
    houseNumber: '100',
    postCode: '3511 AX',
    city: 'Utrecht',
    country: 'NL',
  },
};

type StepData = Record<string, unknown>;

/** A file with nothing to remark on. */
const COMPLETE_STEPS: Record<Exclude<KycStepType, 'insights'>, StepData> = {
  coc: {
    cocNumber: '12345678',
    registeredName: 'Acme Trading B.V.',
    legalForm: 'BV',
    registrationDate: '2010-03-01',
    extractDate: '2025-05-01',
  },
  contacts: {
    people: [
      { firstName: 'Anna', lastName: 'de Vries', role: 'DIRECTOR', idDocumentId: 1 },
      {
        firstName: 'Bram',
        lastName: 'Jansen',
        role: 'UBO',
        ownershipPercentage: 60,
        dateOfBirth: '1980-01-31',
        nationality: 'NL',
        idDocumentId: 2,
      },
    ],
  },
  addresses: {
    registered: {
      street: 'Oudegracht',
      houseNumber: '100',
      postCode: '3511 AX',
      city: 'Utrecht',
      country: 'NL',
    },
  },
  'bank-and-vat': {
    iban: 'NL91ABNA0417164300',
    accountHolder: 'Acme Trading B.V.',
    vatNumber: 'NL100000009B01',
  },
  cdd: {
    businessActivity: 'Wholesale of metals',
    countriesOfOperation: ['NL', 'DE'],
    expectedMonthlyVolume: '250000.00',
    sourceOfFunds: 'Revenue from trading',
    pepDeclared: false,
    sanctionsDeclared: false,
  },
};

const ALL_DOCUMENTS: DocumentType[] = [
  'COC_EXTRACT',
  'ID_DOCUMENT',
  'PROOF_OF_ADDRESS',
  'BANK_STATEMENT',
];

const candidate = (fields: Partial<Candidate> & { id: number; name: string }): Candidate => ({
  uuid: `00000000-0000-4000-8000-${String(fields.id).padStart(12, '0')}`,
  cocNumber: null,
  vatNumber: null,
  country: 'NL',
  nameCore: fields.name.toLowerCase(),
  ...fields,
});

const OWN = candidate({
  id: 1,
  name: 'Acme Trading B.V.',
  nameCore: 'acme trading',
  cocNumber: '12345678',
  vatNumber: 'NL100000009B01',
});

interface Options {
  /** Fields merged into the complete data of a step (undefined removes one). */
  steps?: Partial<Record<KycStepType, StepData>>;
  /** Steps' data replaced as a whole. */
  replace?: Partial<Record<KycStepType, StepData>>;
  partner?: Partial<PartnerFacts>;
  documents?: DocumentType[];
  search?: Partial<SearchEvidence>;
}

function snapshot(options: Options = {}): InsightsSnapshot {
  const steps: Partial<Record<KycStepType, StepData>> = {};
  for (const [step, data] of Object.entries(COMPLETE_STEPS) as [KycStepType, StepData][]) {
    steps[step] = { ...data, ...options.steps?.[step] };
  }
  Object.assign(steps, options.replace);
  return {
    kycId: 7,
    partner: { ...PARTNER, ...options.partner },
    steps,
    activeDocumentTypes: options.documents ?? ALL_DOCUMENTS,
    evidenceRemoved: [],
    search: {
      criteria: { cocNumber: '12345678', vatNumber: 'NL100000009B01', nameCore: 'acme trading' },
      numberHits: [OWN],
      nameCandidates: [],
      ...options.search,
    },
  };
}

/** code:severity:stepType of each finding, for compact assertions. */
const summary = (findings: Finding[]) =>
  findings.map((f) => `${f.code}:${f.severity}:${f.stepType ?? '-'}`);

describe('a complete file', () => {
  it('has every step complete, no findings and a LOW risk', () => {
    const result = evaluate(snapshot(), NOW);
    expect(result.findings).toEqual([]);
    expect(result.riskLevel).toBe('LOW');
    expect(result.summary).toEqual({ high: 0, medium: 0, low: 0, info: 0 });
    expect(result.completeness).toEqual(
      ['coc', 'contacts', 'addresses', 'bank-and-vat', 'cdd', 'insights'].map((stepType) => ({
        stepType,
        complete: true,
        missing: [],
      })),
    );
  });
});

describe('completeness and STEP_INCOMPLETE', () => {
  it('lists every required field of empty steps; insights has none', () => {
    const steps = completeness(
      snapshot({
        replace: { coc: {}, contacts: {}, addresses: {}, 'bank-and-vat': {}, cdd: {} },
      }),
      NOW,
    );
    expect(Object.fromEntries(steps.map((s) => [s.stepType, s.missing]))).toEqual({
      coc: ['cocNumber', 'registeredName', 'legalForm', 'registrationDate', 'extractDate'],
      contacts: ['people'],
      // The address as a whole: ADDRESS_INCOMPLETE names its fields.
      addresses: ['registered'],
      'bank-and-vat': ['iban', 'accountHolder'],
      cdd: [
        'businessActivity',
        'countriesOfOperation',
        'expectedMonthlyVolume',
        'sourceOfFunds',
        'pepDeclared',
        'sanctionsDeclared',
      ],
      insights: [],
    });
    expect(steps.find((s) => s.stepType === 'insights')?.complete).toBe(true);
  });

  it('reads a step without a row as empty', () => {
    const file = snapshot();
    delete file.steps.coc;
    expect(completeness(file, NOW)[0]).toMatchObject({ stepType: 'coc', complete: false });
  });

  it('counts blank, impossible and future values as missing', () => {
    const steps = completeness(
      snapshot({
        steps: {
          coc: { legalForm: '   ', registrationDate: '2024-02-30', extractDate: '2025-06-16' },
          cdd: {
            countriesOfOperation: ['NL', 'Germany'],
            expectedMonthlyVolume: -1,
            pepDeclared: 'no',
            sanctionsDeclared: null,
          },
        },
      }),
      NOW,
    );
    expect(steps[0]!.missing).toEqual(['legalForm', 'registrationDate', 'extractDate']);
    expect(steps[4]!.missing).toEqual([
      'countriesOfOperation.1',
      'expectedMonthlyVolume',
      'pepDeclared',
      'sanctionsDeclared',
    ]);
  });

  it('accepts an extract dated today', () => {
    const steps = completeness(snapshot({ steps: { coc: { extractDate: '2025-06-15' } } }), NOW);
    expect(steps[0]!.complete).toBe(true);
  });

  it('checks every person listed, and the optional fields given', () => {
    const contacts = (people: unknown[]) =>
      completeness(snapshot({ replace: { contacts: { people } } }), NOW)[1]!.missing;
    expect(
      contacts([
        { firstName: 'Anna', lastName: 'de Vries', role: 'DIRECTOR', idDocumentId: 1 },
        {
          firstName: 'Bram',
          role: 'CEO',
          ownershipPercentage: 120,
          nationality: 'Dutch',
          idDocumentId: 2,
        },
        'Carla',
        {
          firstName: 'Dirk',
          lastName: 'Bos',
          role: 'DIRECTOR',
          ownershipPercentage: '',
          dateOfBirth: '2030-01-01',
        },
      ]),
    ).toEqual([
      'people.1.lastName',
      'people.1.role',
      'people.1.ownershipPercentage',
      'people.1.nationality',
      'people.2',
      'people.3.dateOfBirth',
      'people.3.idDocumentId',
    ]);
    // A UBO needs a share, and the shares cannot add up to more than 100.
    const ubo = { firstName: 'Eva', lastName: 'Kok', role: 'UBO', idDocumentId: 3 };
    expect(contacts([ubo])).toEqual(['people.0.ownershipPercentage']);
    expect(
      contacts([
        { ...ubo, ownershipPercentage: 60 },
        { ...ubo, ownershipPercentage: 50 },
      ]),
    ).toEqual(['people']);
  });

  it('needs a complete operating address only when one is given', () => {
    const without = completeness(snapshot({ steps: { addresses: { operating: null } } }), NOW);
    expect(without[2]!.complete).toBe(true);
    const partial = completeness(
      snapshot({
        steps: {
          addresses: {
            operating: { street: 'Weg', houseNumber: '1', postCode: '1000 AA', country: 'nl' },
          },
        },
      }),
      NOW,
    );
    // Country codes are upper case, as the forms send them.
    expect(partial[2]!.missing).toEqual(['operating.city', 'operating.country']);
  });

  it('does not need a VAT number in the bank-and-vat step', () => {
    const steps = completeness(
      snapshot({ steps: { 'bank-and-vat': { vatNumber: undefined } } }),
      NOW,
    );
    expect(steps[3]!.complete).toBe(true);
  });

  it('gives one MEDIUM finding per incomplete step, naming the fields', () => {
    const findings = stepIncomplete(
      completeness(snapshot({ replace: { 'bank-and-vat': { iban: 'NL91ABNA0417164300' } } }), NOW),
    );
    expect(findings).toEqual([
      {
        code: 'STEP_INCOMPLETE',
        severity: 'MEDIUM',
        stepType: 'bank-and-vat',
        message: 'Step bank-and-vat is incomplete: accountHolder missing or invalid.',
        params: { missing: 'accountHolder', count: 1 },
      },
    ]);
  });
});

describe('COC_EXTRACT_OLD', () => {
  const age = (extractDate: string, now = NOW) =>
    cocExtractAge(snapshot({ steps: { coc: { extractDate } } }), now);

  it('is nothing up to exactly six months', () => {
    expect(age('2024-12-15')).toEqual([]);
  });

  it('is MEDIUM past six months', () => {
    expect(age('2024-12-14')).toEqual([
      expect.objectContaining({
        code: 'COC_EXTRACT_OLD',
        severity: 'MEDIUM',
        stepType: 'coc',
        params: { extractDate: '2024-12-14', ageMonths: 6, limitMonths: 6 },
      }),
    ]);
  });

  it('is still MEDIUM at exactly twelve months, HIGH past them', () => {
    expect(age('2024-06-15')[0]).toMatchObject({
      severity: 'MEDIUM',
      params: { ageMonths: 12, limitMonths: 6 },
    });
    expect(age('2024-06-14')[0]).toMatchObject({
      severity: 'HIGH',
      params: { ageMonths: 12, limitMonths: 12 },
    });
    expect(age('2020-01-01')[0]!.message).toBe(
      'The CoC extract of 2020-01-01 is more than 12 months old (65 months); ask for a recent one.',
    );
  });

  it('counts months from the end of a month to a shorter month', () => {
    const endOfAugust = new Date('2025-08-31T12:00:00Z');
    expect(age('2025-02-28', endOfAugust)).toEqual([]);
    expect(age('2025-02-27', endOfAugust)[0]!.severity).toBe('MEDIUM');
  });

  it('says nothing of a missing, impossible or future date (STEP_INCOMPLETE does)', () => {
    expect(age('')).toEqual([]);
    expect(age('2024-13-01')).toEqual([]);
    expect(age('01-01-2020')).toEqual([]);
    expect(age('2026-01-01')).toEqual([]);
  });
});

describe('COC_NUMBER_MISMATCH', () => {
  it('compares the numbers normalised', () => {
    expect(cocNumberMismatch(snapshot({ steps: { coc: { cocNumber: '1234 56.78' } } }))).toEqual(
      [],
    );
  });

  it('is MEDIUM when the file names another number', () => {
    expect(cocNumberMismatch(snapshot({ steps: { coc: { cocNumber: 'hrb 999' } } }))).toEqual([
      expect.objectContaining({
        code: 'COC_NUMBER_MISMATCH',
        severity: 'MEDIUM',
        stepType: 'coc',
        params: { stepCocNumber: 'HRB999', partnerCocNumber: '12345678' },
      }),
    ]);
  });

  it('needs both numbers', () => {
    expect(cocNumberMismatch(snapshot({ partner: { cocNumber: null } }))).toEqual([]);
    expect(cocNumberMismatch(snapshot({ steps: { coc: { cocNumber: undefined } } }))).toEqual([]);
  });
});

describe('VAT number', () => {
  const vat = (options: Options) => vatNumber(snapshot(options));

  it('accepts a valid number, also without its prefix or written loosely', () => {
    expect(vat({})).toEqual([]);
    expect(vat({ steps: { 'bank-and-vat': { vatNumber: '1000.000.09 b01' } } })).toEqual([]);
  });

  it("falls back to the partner's number", () => {
    expect(vat({ steps: { 'bank-and-vat': { vatNumber: '' } } })).toEqual([]);
    expect(
      vat({ steps: { 'bank-and-vat': { vatNumber: '' } }, partner: { vatNumber: 'NL123' } }),
    ).toEqual([
      expect.objectContaining({
        code: 'VAT_FORMAT_INVALID',
        severity: 'HIGH',
        params: expect.objectContaining({ vatNumber: 'NL123', source: 'partner' }),
      }),
    ]);
  });

  it('is VAT_MISSING (INFO) without any number', () => {
    const findings = vat({
      steps: { 'bank-and-vat': { vatNumber: undefined } },
      partner: { vatNumber: null },
    });
    expect(summary(findings)).toEqual(['VAT_MISSING:INFO:bank-and-vat']);
  });

  it('is HIGH when the check digits are wrong', () => {
    expect(vat({ steps: { 'bank-and-vat': { vatNumber: 'NL100000008B01' } } })).toEqual([
      {
        code: 'VAT_FORMAT_INVALID',
        severity: 'HIGH',
        stepType: 'bank-and-vat',
        message: 'VAT number NL100000008B01 is not a valid VAT number for NL.',
        params: {
          vatNumber: 'NL100000008B01',
          country: 'NL',
          source: 'step',
          reason: 'not a valid VAT number for NL',
        },
      },
    ]);
  });

  it("is HIGH for another country's number", () => {
    expect(summary(vat({ steps: { 'bank-and-vat': { vatNumber: 'DE100000008' } } }))).toEqual([
      'VAT_FORMAT_INVALID:HIGH:bank-and-vat',
    ]);
  });

  it('takes the country from the registered address, else from the prefix', () => {
    expect(vat({ partner: { country: null } })).toEqual([]);
    expect(
      vat({
        partner: { country: null, vatNumber: null, firstAddress: null },
        steps: { 'bank-and-vat': { vatNumber: 'DE100000008' } },
        replace: { addresses: {} },
      }),
    ).toEqual([]);
  });

  it('is VAT_NOT_CHECKED (INFO) for a country without VAT rules', () => {
    expect(
      vat({ partner: { country: 'US', vatNumber: null } }).map((f) => [f.code, f.params]),
    ).toEqual([['VAT_NOT_CHECKED', { vatNumber: 'NL100000009B01', country: 'US' }]]);
  });

  it("is VAT_NUMBER_MISMATCH (MEDIUM) when the file names another valid number than the partner's", () => {
    expect(vat({ steps: { 'bank-and-vat': { vatNumber: 'NL100000010B01' } } })).toEqual([
      expect.objectContaining({
        code: 'VAT_NUMBER_MISMATCH',
        severity: 'MEDIUM',
        params: { stepVatNumber: 'NL100000010B01', partnerVatNumber: 'NL100000009B01' },
      }),
    ]);
  });
});

describe('IBAN_INVALID', () => {
  it('checks format and check digits, ignoring spaces and case', () => {
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    expect(isValidIban('nl91 abna 0417 1643 00')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('NL91ABNA0417164301')).toBe(false);
    expect(isValidIban('NL91')).toBe(false);
    expect(isValidIban('12345678901234567')).toBe(false);
  });

  it('is MEDIUM for a wrong IBAN, nothing for none (STEP_INCOMPLETE says so)', () => {
    expect(
      summary(ibanFormat(snapshot({ steps: { 'bank-and-vat': { iban: 'NL91ABNA0417164301' } } }))),
    ).toEqual(['IBAN_INVALID:MEDIUM:bank-and-vat']);
    expect(ibanFormat(snapshot({ steps: { 'bank-and-vat': { iban: undefined } } }))).toEqual([]);
  });
});

describe('ADDRESS_INCOMPLETE', () => {
  it("reads the step's registered address first", () => {
    const findings = addressIncomplete(
      snapshot({
        replace: {
          addresses: {
            registered: {
              street: 'Oudegracht',
              houseNumber: '100',
              city: 'Utrecht',
              country: 'NL',
            },
          },
        },
      }),
    );
    expect(findings).toEqual([
      {
        code: 'ADDRESS_INCOMPLETE',
        severity: 'MEDIUM',
        stepType: 'addresses',
        message: 'The registered address (from the file) has no postCode.',
        params: { missing: 'postCode', source: 'step' },
      },
    ]);
  });

  it("falls back to the partner's first address", () => {
    expect(addressIncomplete(snapshot({ replace: { addresses: {} } }))).toEqual([]);
    const findings = addressIncomplete(
      snapshot({
        replace: { addresses: {} },
        partner: { firstAddress: { ...PARTNER.firstAddress!, city: ' ', country: 'Holland' } },
      }),
    );
    expect(findings.map((f) => f.params)).toEqual([
      { missing: 'city, country', source: 'partner' },
    ]);
  });

  it('is MEDIUM with all five fields when there is no address at all', () => {
    const findings = addressIncomplete(
      snapshot({ replace: { addresses: {} }, partner: { firstAddress: null } }),
    );
    expect(findings).toEqual([
      expect.objectContaining({
        severity: 'MEDIUM',
        message: 'The company has no registered address.',
        params: { missing: 'street, houseNumber, postCode, city, country', source: 'none' },
      }),
    ]);
  });
});

describe('DOCUMENT_MISSING', () => {
  it('requires only types that belong to the step', () => {
    for (const [step, types] of Object.entries(REQUIRED_STEP_DOCUMENTS)) {
      for (const type of types) {
        expect(STEP_DOCUMENT_TYPES[step as KycStepType]).toContain(type);
      }
    }
  });

  it('is MEDIUM for each required type without an active document', () => {
    const findings = missingDocuments(snapshot({ documents: ['ARTICLES_OF_ASSOCIATION'] }));
    expect(findings.map((f) => [f.stepType, f.severity, f.params.documentType])).toEqual([
      ['coc', 'MEDIUM', 'COC_EXTRACT'],
      ['contacts', 'MEDIUM', 'ID_DOCUMENT'],
      ['addresses', 'MEDIUM', 'PROOF_OF_ADDRESS'],
      ['bank-and-vat', 'MEDIUM', 'BANK_STATEMENT'],
    ]);
    expect(missingDocuments(snapshot({ documents: ALL_DOCUMENTS }))).toEqual([]);
  });
});

describe('SEARCH_CONFLICT', () => {
  const other = candidate({
    id: 2,
    name: 'Globex GmbH',
    nameCore: 'globex',
    cocNumber: '12345678',
  });
  const conflicts = (search: Partial<SearchEvidence>) => searchConflicts(snapshot({ search }));

  it('is nothing when the numbers are the customer’s own', () => {
    expect(conflicts({})).toEqual([]);
  });

  it('asks the search for the declared numbers (normalised, only valid VAT) and name', () => {
    expect(
      searchCriteria(
        snapshot({
          steps: {
            coc: { cocNumber: '1234 56 78', registeredName: 'Acme Handel' },
            'bank-and-vat': { vatNumber: 'NL100000008B01' },
          },
        }),
      ),
    ).toEqual({ cocNumber: '12345678', vatNumber: undefined, name: 'Acme Handel' });
  });

  it('is HIGH when another partner has the CoC number', () => {
    const findings = conflicts({ numberHits: [other] });
    expect(findings).toEqual([
      {
        code: 'SEARCH_CONFLICT',
        severity: 'HIGH',
        stepType: 'coc',
        message: 'Another trade partner, Globex GmbH, already has the CoC number 12345678.',
        params: {
          kind: 'SHARED_COC',
          cocNumber: '12345678',
          partnerName: 'Globex GmbH',
          partnerUuid: other.uuid,
        },
      },
    ]);
  });

  it('is HIGH when another partner has the VAT number', () => {
    const holder = { ...other, cocNumber: null, vatNumber: 'NL100000009B01' };
    expect(
      conflicts({ criteria: { vatNumber: 'NL100000009B01' }, numberHits: [holder] }).map((f) => [
        f.severity,
        f.stepType,
        f.params.kind,
      ]),
    ).toEqual([['HIGH', 'bank-and-vat', 'SHARED_VAT']]);
  });

  it('is one finding when another partner has both numbers', () => {
    const holder = { ...other, vatNumber: 'NL100000009B01' };
    const findings = conflicts({ numberHits: [holder] });
    expect(findings.map((f) => f.params.kind)).toEqual(['SHARED_COC_AND_VAT']);
    expect(findings[0]!.message).toBe(
      'Another trade partner, Globex GmbH, already has the CoC number 12345678 and VAT number NL100000009B01.',
    );
  });

  it('is HIGH when the CoC and VAT numbers point to different companies', () => {
    const vatHolder = candidate({ id: 3, name: 'Initech B.V.', vatNumber: 'NL100000009B01' });
    const ownCocOnly = { ...OWN, vatNumber: null };
    const findings = conflicts({ numberHits: [ownCocOnly, vatHolder] });
    expect(findings).toEqual([
      expect.objectContaining({
        severity: 'HIGH',
        stepType: null,
        message:
          'The CoC number 12345678 belongs to Acme Trading B.V. (this customer) and the VAT number NL100000009B01 to Initech B.V.: they point to different companies.',
        params: expect.objectContaining({
          kind: 'NUMBERS_CONFLICT',
          cocPartnerName: 'Acme Trading B.V.',
          vatPartnerName: 'Initech B.V.',
        }),
      }),
    ]);
  });

  it('is LOW for a same or near-identical name, most similar first, at most five', () => {
    const names = [
      candidate({ id: 10, name: 'Acme Trading GmbH', nameCore: 'acme trading', nameSimilarity: 1 }),
      candidate({ id: 11, name: 'Acme Tradeing', nameCore: 'acme tradeing', nameSimilarity: 0.62 }),
      candidate({ id: 12, name: 'Acme', nameCore: 'acme', nameSimilarity: 0.45 }),
      candidate({ id: 13, name: 'Acne Studios', nameCore: 'acne studios', nameSimilarity: 0.1 }),
    ];
    const findings = conflicts({ nameCandidates: names });
    expect(
      findings.map((f) => [f.severity, f.stepType, f.params.partnerName, f.params.match]),
    ).toEqual([
      ['LOW', 'coc', 'Acme Trading GmbH', 'EXACT'],
      ['LOW', 'coc', 'Acme Tradeing', 'FUZZY'],
      ['LOW', 'coc', 'Acme', 'PARTIAL'],
    ]);
    const many = Array.from({ length: 8 }, (_, i) =>
      candidate({
        id: 20 + i,
        name: `Acme Trading ${i}`,
        nameCore: 'acme trading',
        nameSimilarity: 1,
      }),
    );
    expect(conflicts({ nameCandidates: many })).toHaveLength(5);
  });

  it('does not repeat a partner already named for a number, nor the customer', () => {
    const twin = { ...other, name: 'Acme Trading', nameCore: 'acme trading', nameSimilarity: 1 };
    const findings = conflicts({
      numberHits: [twin],
      nameCandidates: [twin, { ...OWN, nameSimilarity: 1 }],
    });
    expect(findings.map((f) => f.params.kind)).toEqual(['SHARED_COC']);
  });

  it('looks at no names without a name core', () => {
    const twin = candidate({ id: 9, name: 'Acme Trading', nameCore: 'acme trading' });
    expect(conflicts({ criteria: {}, nameCandidates: [twin] })).toEqual([]);
  });
});

describe('customer due diligence', () => {
  it('is HIGH for a declared PEP and for declared sanctions', () => {
    expect(summary(cddDeclarations(snapshot({ steps: { cdd: { pepDeclared: true } } })))).toEqual([
      'PEP_DECLARED:HIGH:cdd',
    ]);
    expect(
      summary(cddDeclarations(snapshot({ steps: { cdd: { sanctionsDeclared: true } } }))),
    ).toEqual(['SANCTIONS_DECLARED:HIGH:cdd']);
    expect(
      cddDeclarations(snapshot({ steps: { cdd: { pepDeclared: 'yes', sanctionsDeclared: 1 } } })),
    ).toEqual([]);
  });

  it('is HIGH for a FATF call-for-action country, MEDIUM for increased monitoring', () => {
    const findings = highRiskCountries(
      snapshot({ steps: { cdd: { countriesOfOperation: ['NL', 'ir', 'VN', 'IR', 'Iran'] } } }),
    );
    expect(findings.map((f) => [f.severity, f.stepType, f.params])).toEqual([
      [
        'HIGH',
        'cdd',
        { country: 'IR', list: 'CALL_FOR_ACTION', listDate: '2025-10-24', source: 'operation' },
      ],
      [
        'MEDIUM',
        'cdd',
        {
          country: 'VN',
          list: 'INCREASED_MONITORING',
          listDate: '2025-10-24',
          source: 'operation',
        },
      ],
    ]);
  });

  it('also looks at the country of registration, once per country', () => {
    const findings = highRiskCountries(
      snapshot({
        partner: { country: 'MC' },
        steps: { cdd: { countriesOfOperation: ['MC', 'FR'] } },
      }),
    );
    expect(summary(findings)).toEqual(['HIGH_RISK_COUNTRY:MEDIUM:addresses']);
    expect(findings[0]!.params.source).toBe('registration');
  });

  it('keeps the FATF lists apart and in ISO codes', () => {
    for (const code of [...FATF_CALL_FOR_ACTION, ...FATF_INCREASED_MONITORING]) {
      expect(code).toMatch(/^[A-Z]{2}$/);
    }
    expect([...FATF_CALL_FOR_ACTION].filter((c) => FATF_INCREASED_MONITORING.has(c))).toEqual([]);
    expect(fatfListOf(' kp ')).toBe('CALL_FOR_ACTION');
    expect(fatfListOf('NL')).toBeUndefined();
  });

  it('is MEDIUM when the UBOs own more than 100% together', () => {
    const people = (shares: [string, unknown][]) => ({
      replace: {
        contacts: {
          people: shares.map(([role, ownershipPercentage], i) => ({
            firstName: `P${i}`,
            lastName: 'X',
            role,
            ownershipPercentage,
          })),
        },
      },
    });
    expect(
      uboOwnership(
        snapshot(
          people([
            ['UBO', 60],
            ['UBO', 50],
            ['DIRECTOR', 90],
          ]),
        ),
      ),
    ).toEqual([
      expect.objectContaining({
        code: 'OWNERSHIP_OVER_100',
        severity: 'MEDIUM',
        stepType: 'contacts',
        params: { total: 110 },
      }),
    ]);
    expect(
      uboOwnership(
        snapshot(
          people([
            ['UBO', 33.33],
            ['UBO', 33.33],
            ['UBO', 33.33],
            ['UBO', 0.01],
          ]),
        ),
      ),
    ).toEqual([]);
    expect(
      uboOwnership(
        snapshot(
          people([
            ['UBO', 100],
            ['UBO', 0.01],
          ]),
        ),
      )[0]!.params,
    ).toEqual({
      total: 100.01,
    });
    // An impossible share is reported by the completeness, not added up.
    expect(
      uboOwnership(
        snapshot(
          people([
            ['UBO', 60],
            ['UBO', 150],
          ]),
        ),
      ),
    ).toEqual([]);
  });
});

describe('risk level and summary', () => {
  const f = (severity: Finding['severity']): Finding => ({
    code: 'X',
    severity,
    stepType: null,
    message: '',
    params: {},
  });

  it('is the highest severity, INFO and LOW counting as LOW', () => {
    expect(riskLevelOf([])).toBe('LOW');
    expect(riskLevelOf([f('INFO'), f('LOW')])).toBe('LOW');
    expect(riskLevelOf([f('LOW'), f('MEDIUM')])).toBe('MEDIUM');
    expect(riskLevelOf([f('MEDIUM'), f('HIGH'), f('INFO')])).toBe('HIGH');
    expect(summarise([f('HIGH'), f('HIGH'), f('LOW'), f('INFO')])).toEqual({
      high: 2,
      medium: 0,
      low: 1,
      info: 1,
    });
  });

  it('puts the most severe findings first, then in step order', () => {
    const result = evaluate(
      snapshot({
        documents: [],
        partner: { vatNumber: null },
        steps: {
          cdd: { pepDeclared: true },
          'bank-and-vat': { vatNumber: undefined },
          coc: { extractDate: '2023-01-01' },
        },
      }),
      NOW,
    );
    expect(summary(result.findings)).toEqual([
      'COC_EXTRACT_OLD:HIGH:coc',
      'PEP_DECLARED:HIGH:cdd',
      'DOCUMENT_MISSING:MEDIUM:coc',
      'DOCUMENT_MISSING:MEDIUM:contacts',
      'DOCUMENT_MISSING:MEDIUM:addresses',
      'DOCUMENT_MISSING:MEDIUM:bank-and-vat',
      'VAT_MISSING:INFO:bank-and-vat',
    ]);
    expect(result.riskLevel).toBe('HIGH');
    expect(result.summary).toEqual({ high: 2, medium: 4, low: 0, info: 1 });
  });
});

describe('date arithmetic', () => {
  it('goes back whole calendar months, clamping to the month end', () => {
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
    expect(monthsBefore(day('2025-06-15'), 6).toISOString().slice(0, 10)).toBe('2024-12-15');
    expect(monthsBefore(day('2025-08-31'), 6).toISOString().slice(0, 10)).toBe('2025-02-28');
    expect(monthsBefore(day('2024-08-31'), 6).toISOString().slice(0, 10)).toBe('2024-02-29');
    expect(wholeMonths(day('2025-01-31'), day('2025-02-28'))).toBe(0);
    expect(wholeMonths(day('2025-01-15'), day('2025-07-15'))).toBe(6);
    expect(wholeMonths(day('2025-07-15'), day('2025-01-15'))).toBe(0);
  });
});
