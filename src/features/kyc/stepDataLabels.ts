import type { KycStepType } from '@common/kyc';
import { translatedByCode } from '@/features/kyc/kycLabels';
import { hasTranslation, translate } from '@/lib/i18n';
import { roleWords } from '@/lib/roles';

// How a step's data reads for people: its fields in the order of the step's schema
// (common/kyc-steps.ts), each named as the step's form names it.

export type Row = Record<string, unknown>;

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
function fieldWords(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A field's name: the step form's own label where it has one, else the KYC screens' name for
 * it, else its key in words.
 */
export function fieldLabel(key: string, stepType?: KycStepType): string {
  const group = stepType ? FORM_GROUPS[stepType] : undefined;
  const formKey = key in FORM_KEYS ? FORM_KEYS[key] : key;
  const candidates = [
    ...(group && formKey ? [`kycForms.${group}.${formKey}`] : []),
    `kyc.fields.${key}`,
    `kyc.collect.fields.${key}`,
  ];
  const found = candidates.find((candidate) => hasTranslation(candidate));
  return found ? translate(found) : fieldWords(key);
}

/** A person's role (DIRECTOR, AUTHORISED_SIGNATORY, UBO) in the interface language. */
export const contactRoleLabel = (role: string) =>
  translatedByCode(
    'kycForms.contacts.roles',
    role,
    {},
    translatedByCode('kyc.collect.roles', role, {}, roleWords(role)),
  );

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
export function changeLabel(stepType: KycStepType, path: string): string {
  const [first = path, second, third] = path.split('.');
  if (first === 'people' && second !== undefined && /^\d+$/.test(second)) {
    const person = translate('kyc.collect.changes.person', { number: Number(second) + 1 });
    return third ? `${person}: ${fieldLabel(third, 'contacts')}` : person;
  }
  const label = fieldLabel(first, stepType);
  if (second === undefined || /^\d+$/.test(second)) return label;
  return `${label}: ${fieldLabel(second, groupOf(stepType, first))}`;
}
