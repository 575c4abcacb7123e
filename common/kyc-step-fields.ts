/**
 * How a step's data reads for people, for the app's screens and the server's PDF alike: its
 * fields in the order of the step's schema (common/kyc-steps.ts), each named by the translation
 * key the step's form uses. Which translations exist and what they say is the caller's: it
 * passes them in as a `Translator`.
 */
import type { KycStepType } from './kyc.js';
import { isDecimal, type Decimal } from './money.js';

export type Row = Record<string, unknown>;

/** The two things the labels need of an i18n library. */
export interface Translator {
  has(key: string): boolean;
  t(key: string, params?: Record<string, string | number>): string;
}

export const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isRow(value) && Object.keys(value).length === 0);

/** The fields of each step, in the order its form asks for them. */
export const FIELD_ORDER: Partial<Record<KycStepType, readonly string[]>> = {
  coc: ['cocNumber', 'registeredName', 'legalForm', 'registrationDate', 'extractDate'],
  contacts: ['people'],
  addresses: ['registered', 'operating'],
  'bank-and-vat': ['iban', 'accountHolder', 'vatNumber'],
  cdd: [
    'businessActivity',
    'countriesOfOperation',
    'expectedMonthlyVolume',
    'sourceOfFunds',
    'pepDeclared',
    'sanctionsDeclared',
  ],
};

export const PERSON_FIELDS = [
  'firstName',
  'lastName',
  'role',
  'ownershipPercentage',
  'dateOfBirth',
  'nationality',
  'idDocumentId',
] as const;

export const ADDRESS_FIELD_ORDER = ['street', 'houseNumber', 'postCode', 'city', 'country'];

/** A record's fields: the known ones in order, then any others as they come. */
export function orderedKeys(data: Row, order: readonly string[] = []): string[] {
  const known = order.filter((key) => key in data);
  return [...known, ...Object.keys(data).filter((key) => !order.includes(key))];
}

/** The group of the forms' texts (kycForms.*) a field of a step belongs to. */
const FORM_GROUPS: Partial<Record<KycStepType, string>> = {
  coc: 'coc',
  contacts: 'contacts',
  addresses: 'addresses',
  'bank-and-vat': 'bankAndVat',
  cdd: 'cdd',
};

/** Where the forms name a field differently; null where their text is a question, not a name. */
const FORM_KEYS: Record<string, string | null> = {
  ownershipPercentage: 'ownership',
  idDocumentId: 'idDocument',
  pepDeclared: null,
  sanctionsDeclared: null,
};

/** 'ownershipPercentage' or 'ownership_percentage' → 'Ownership percentage'. */
export function fieldWords(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The keys that may name a field, best first: the step form's, then the KYC screens'. */
export function fieldLabelKeys(key: string, stepType?: KycStepType): string[] {
  const group = stepType ? FORM_GROUPS[stepType] : undefined;
  const formKey = key in FORM_KEYS ? FORM_KEYS[key] : key;
  return [
    ...(group && formKey ? [`kycForms.${group}.${formKey}`] : []),
    `kyc.fields.${key}`,
    `kyc.collect.fields.${key}`,
  ];
}

/**
 * A field's name: the step form's own label where it has one, else the KYC screens' name for
 * it, else its key in words.
 */
export function fieldLabelIn(i18n: Translator, key: string, stepType?: KycStepType): string {
  const found = fieldLabelKeys(key, stepType).find((candidate) => i18n.has(candidate));
  return found ? i18n.t(found) : fieldWords(key);
}

/** Which group of fields a nested path's first part names, for the step. */
function groupOf(stepType: KycStepType, first: string): KycStepType | undefined {
  if (first === 'people') return 'contacts';
  if (first === 'registered' || first === 'operating') return 'addresses';
  return stepType;
}

/**
 * A changed field for people: 'IBAN', 'Person 1: Last name', 'Registered address: City',
 * 'Countries of operation' (for any of its entries).
 */
export function changeLabelIn(i18n: Translator, stepType: KycStepType, path: string): string {
  const [first = path, second, third] = path.split('.');
  if (first === 'people' && second !== undefined && /^\d+$/.test(second)) {
    const person = i18n.t('kyc.collect.changes.person', { number: Number(second) + 1 });
    return third ? `${person}: ${fieldLabelIn(i18n, third, 'contacts')}` : person;
  }
  const label = fieldLabelIn(i18n, first, stepType);
  if (second === undefined || /^\d+$/.test(second)) return label;
  return `${label}: ${fieldLabelIn(i18n, second, groupOf(stepType, first))}`;
}

/** How the parts of a value read in a language: the app and the PDF each supply their own. */
export interface ValueFormat {
  yesNo(value: boolean): string;
  /** 0.25 as '25 %'. */
  percent(fraction: number): string;
  /** An exact decimal ('25000.50') in euros: format it as a string, never through a double. */
  euros(amount: Decimal): string;
  number(value: number): string;
  /** A person's identity document, by its id. */
  document(id: number): string;
  /** A contact role's code, translated. */
  role(code: string): string;
  country(code: string): string;
  date(isoDate: string): string;
  dateTime(isoDateTime: string): string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const COUNTRY_FIELDS = ['country', 'nationality', 'countriesOfOperation'];

/**
 * A step field's value as text: dates, countries, roles, amounts and yes/no as `format` writes
 * them; lists joined with commas; '–' for nothing.
 */
export function valueText(format: ValueFormat) {
  const text = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '–';
    if (typeof value === 'boolean') return format.yesNo(value);
    if (Array.isArray(value)) return value.map((item) => text(key, item)).join(', ');
    if (key === 'expectedMonthlyVolume') {
      // Stored as a decimal string (decision 015); a number is data from before.
      if (isDecimal(value)) return format.euros(value);
      if (typeof value === 'number') return format.euros(`${value}`);
    }
    if (typeof value === 'number') {
      if (key === 'ownershipPercentage') return format.percent(value / 100);
      if (key === 'idDocumentId') return format.document(value);
      return format.number(value);
    }
    if (typeof value === 'string') {
      if (key === 'role') return format.role(value);
      if (COUNTRY_FIELDS.includes(key)) return format.country(value);
      if (DATE.test(value)) return format.date(value);
      if (DATE_TIME.test(value)) return format.dateTime(value);
      return value;
    }
    return isRow(value)
      ? Object.values(value)
          .map((item) => text('', item))
          .join(', ')
      : '–';
  };
  return text;
}
