import {
  CONTACT_ROLES,
  type AddressData,
  type ContactPerson,
  type ContactRole,
  type DataStepType,
} from '@common/kyc-steps';
import { browserLocale, parseNumber } from '@/lib/format';
import type { Draft, StepDraft } from '@/features/kyc/forms/types';

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The object without its blank fields: an empty optional field was not given. */
function withoutBlanks(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => !isBlank(value)));
}

/** A number field: blank is not given; typed text goes through SPEC 5's number parser. */
export function draftNumber(
  value: number | string | undefined,
  locale: string = browserLocale(),
): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (isBlank(value)) return undefined;
  return parseNumber(value, locale);
}

/** A number as a person would type it in the locale (1250,5 in nl), so it parses back. */
export function numberText(
  value: number | string | undefined,
  locale: string = browserLocale(),
): string {
  if (typeof value === 'string') return value;
  if (value === undefined || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 }).format(
    value,
  );
}

// ---- form state -> step data ----------------------------------------------------------------

type ToData<T extends DataStepType> = (draft: StepDraft<T>, locale: string) => Row;

const personData = (person: Draft<ContactPerson>, locale: string): Row =>
  withoutBlanks({
    ...person,
    ownershipPercentage: draftNumber(person.ownershipPercentage, locale),
    idDocumentId: draftNumber(person.idDocumentId, locale),
  });

const addressData = (address: Draft<AddressData> | undefined): Row => withoutBlanks({ ...address });

const TO_DATA: { [K in DataStepType]: ToData<K> } = {
  coc: (draft) => withoutBlanks({ ...draft }),
  // The form always shows at least one person, so the data has one too.
  contacts: (draft, locale) => ({
    people: (draft.people?.length ? draft.people : [{}]).map((person) =>
      personData(person, locale),
    ),
  }),
  // Objects stay (even empty) so the issues name their fields: 'registered.city'.
  addresses: (draft) => ({
    registered: addressData(draft.registered),
    ...(draft.operating !== undefined && { operating: addressData(draft.operating) }),
  }),
  'bank-and-vat': (draft) => withoutBlanks({ ...draft }),
  cdd: (draft, locale) =>
    withoutBlanks({
      ...draft,
      countriesOfOperation: [...(draft.countriesOfOperation ?? [])],
      expectedMonthlyVolume: draftNumber(draft.expectedMonthlyVolume, locale),
    }),
};

/**
 * What to save or to check with validateStepData: blank fields dropped, numbers parsed in the
 * locale's notation (SPEC 5). Text is sent as typed: the server trims and normalises.
 */
export function toStepData<T extends DataStepType>(
  stepType: T,
  draft: StepDraft<T>,
  locale: string = browserLocale(),
): Record<string, unknown> {
  return (TO_DATA[stepType] as ToData<T>)(draft, locale);
}

// ---- saved data -> form state ----------------------------------------------------------------

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const number = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && !isBlank(value)) ? value : undefined;
const yesNo = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
const role = (value: unknown) =>
  (CONTACT_ROLES as readonly unknown[]).includes(value) ? (value as ContactRole) : undefined;

/** The fields of `row` read with `readers`; those that do not read are left out. */
function pick<T extends object>(row: unknown, readers: { [K in keyof T]: (v: unknown) => T[K] }) {
  const source = isRow(row) ? row : {};
  const picked: Partial<T> = {};
  for (const key of Object.keys(readers) as (keyof T & string)[]) {
    const value = readers[key](source[key]);
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

const ADDRESS_READERS = {
  street: text,
  houseNumber: text,
  postCode: text,
  city: text,
  country: text,
};

const PERSON_READERS = {
  firstName: text,
  lastName: text,
  role,
  ownershipPercentage: number,
  dateOfBirth: text,
  nationality: text,
  idDocumentId: number,
};

type FromData<T extends DataStepType> = (row: Row) => StepDraft<T>;

const FROM_DATA: { [K in DataStepType]: FromData<K> } = {
  coc: (row) =>
    pick(row, {
      cocNumber: text,
      registeredName: text,
      legalForm: text,
      registrationDate: text,
      extractDate: text,
    }),
  contacts: (row) => {
    const people = Array.isArray(row.people) ? row.people.filter(isRow) : [];
    return { people: people.length ? people.map((p) => pick(p, PERSON_READERS)) : [{}] };
  },
  addresses: (row) => ({
    registered: pick(row.registered, ADDRESS_READERS),
    ...(isRow(row.operating) && { operating: pick(row.operating, ADDRESS_READERS) }),
  }),
  'bank-and-vat': (row) => pick(row, { iban: text, accountHolder: text, vatNumber: text }),
  cdd: (row) => ({
    ...pick(row, {
      businessActivity: text,
      expectedMonthlyVolume: number,
      sourceOfFunds: text,
      pepDeclared: yesNo,
      sanctionsDeclared: yesNo,
    }),
    countriesOfOperation: Array.isArray(row.countriesOfOperation)
      ? row.countriesOfOperation.filter((code): code is string => typeof code === 'string')
      : [],
  }),
};

/**
 * The form state for saved step data or a saved draft (anything: unknown fields and values of
 * the wrong kind are left out). `undefined` gives an empty form.
 */
export function fromStepData<T extends DataStepType>(stepType: T, data: unknown): StepDraft<T> {
  return (FROM_DATA[stepType] as FromData<T>)(isRow(data) ? data : {});
}
