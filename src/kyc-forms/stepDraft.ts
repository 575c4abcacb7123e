import { dequal } from 'dequal';
import {
  CONTACT_ROLES,
  STEP_ISSUE_MESSAGES,
  validateStepData,
  type AddressData,
  type ContactPerson,
  type ContactRole,
  type DataStepType,
  type StepContext,
  type StepIssue,
  type StepIssueCode,
} from '@common/kyc-steps';
import {
  decimalText,
  isDecimal,
  readAmount,
  readPercentage,
  type DecimalRefusal,
} from '@common/money';
import { parseNumber } from '@/lib/format';
import type { Draft, StepDraft } from '@/kyc-forms/types';

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The object without its blank fields: an empty optional field was not given. */
function withoutBlanks(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => !isBlank(value)));
}

/** A number field that is not an amount (a document id): blank is not given, else SPEC 5's parser. */
export function draftNumber(
  value: number | string | undefined,
  language: string,
): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (isBlank(value)) return undefined;
  return parseNumber(value, language);
}

/** A number as a person would type it in the language (1250,5 in nl), so it reads back. */
export function numberText(value: number | string | undefined, language: string): string {
  if (typeof value === 'string') return value;
  if (value === undefined || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 20 }).format(
    value,
  );
}

/** A typed percentage as saved (a number); a saved number as it is; blank or unread, nothing. */
function percentageOf(value: number | string | undefined, language: string): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (isBlank(value)) return undefined;
  const reading = readPercentage(value!, language);
  return reading.ok ? Number(reading.value) : undefined;
}

/** A typed amount as saved ('25000.50'); blank or unread, nothing. */
function amountOf(value: string | undefined, language: string): string | undefined {
  if (isBlank(value)) return undefined;
  const reading = readAmount(value!, language);
  return reading.ok ? reading.value : undefined;
}

// ---- form state -> step data ----------------------------------------------------------------

type ToData<T extends DataStepType> = (draft: StepDraft<T>, language: string) => Row;

const personData = (person: Draft<ContactPerson>, language: string): Row =>
  withoutBlanks({
    ...person,
    ownershipPercentage: percentageOf(person.ownershipPercentage, language),
    idDocumentId: draftNumber(person.idDocumentId, language),
  });

const addressData = (address: Draft<AddressData> | undefined): Row => withoutBlanks({ ...address });

const TO_DATA: { [K in DataStepType]: ToData<K> } = {
  coc: (draft) => withoutBlanks({ ...draft }),
  // The form always shows at least one person, so the data has one too.
  contacts: (draft, language) => ({
    people: (draft.people?.length ? draft.people : [{}]).map((person) =>
      personData(person, language),
    ),
  }),
  // Objects stay (even empty) so the issues name their fields: 'registered.city'.
  addresses: (draft) => ({
    registered: addressData(draft.registered),
    ...(draft.operating !== undefined && { operating: addressData(draft.operating) }),
  }),
  'bank-and-vat': (draft) => withoutBlanks({ ...draft }),
  cdd: (draft, language) =>
    withoutBlanks({
      ...draft,
      countriesOfOperation: [...(draft.countriesOfOperation ?? [])],
      expectedMonthlyVolume: amountOf(draft.expectedMonthlyVolume, language),
    }),
};

/**
 * What to save or to check with validateStepData: blank fields dropped, amounts and
 * percentages read in the app's language (decision 015; one that does not read is left out,
 * checkDraft says why). Text is sent as typed: the server trims and normalises.
 */
export function toStepData<T extends DataStepType>(
  stepType: T,
  draft: StepDraft<T>,
  language: string,
): Record<string, unknown> {
  return (TO_DATA[stepType] as ToData<T>)(draft, language);
}

// ---- checking the form state ----------------------------------------------------------------

const AMOUNT_CODES: Record<DecimalRefusal, StepIssueCode> = {
  format: 'amountFormat',
  separators: 'amountFormat',
  grouping: 'amountFormat',
  decimals: 'amountDecimals',
  negative: 'amount',
  tooLarge: 'amountTooLarge',
};

const issue = (field: string, code: StepIssueCode): StepIssue => ({
  field,
  code,
  message: STEP_ISSUE_MESSAGES[code],
});

/** The typed amounts and percentages of the form that do not read in the language. */
function unreadNumbers(stepType: DataStepType, draft: Row, language: string): StepIssue[] {
  if (stepType === 'cdd') {
    const typed = draft.expectedMonthlyVolume;
    if (typeof typed !== 'string' || isBlank(typed)) return [];
    const reading = readAmount(typed, language);
    return reading.ok ? [] : [issue('expectedMonthlyVolume', AMOUNT_CODES[reading.refusal])];
  }
  if (stepType === 'contacts' && Array.isArray(draft.people)) {
    return draft.people.flatMap((person: unknown, index) => {
      const typed = isRow(person) ? person.ownershipPercentage : undefined;
      if (typeof typed !== 'string' || isBlank(typed)) return [];
      const reading = readPercentage(typed, language);
      if (reading.ok) return [];
      const range = reading.refusal === 'negative' || reading.refusal === 'tooLarge';
      return [issue(`people.${index}.ownershipPercentage`, range ? 'percentage' : 'invalid')];
    });
  }
  return [];
}

/**
 * Every issue of the form state before it is saved: a typed amount or percentage that does not
 * read in the language (decision 015), then what validateStepData finds in the rest.
 */
export function checkDraft<T extends DataStepType>(
  stepType: T,
  draft: StepDraft<T>,
  language: string,
  context: StepContext = {},
): StepIssue[] {
  const unread = unreadNumbers(stepType, draft as Row, language);
  const result = validateStepData(
    stepType,
    toStepData(stepType, draft, language),
    new Date(),
    context,
  );
  const rest = result.ok
    ? []
    : result.issues.filter((found) => !unread.some((typed) => typed.field === found.field));
  return [...unread, ...rest];
}

// ---- saved data -> form state ----------------------------------------------------------------

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const number = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && !isBlank(value)) ? value : undefined;

/** An amount as the server writes it. */
const CANONICAL = /^\d+\.\d{2}$/;

/** How a saved amount reads in the form: the form shows amounts as typed in the language. */
type AmountReader = (value: unknown) => string | undefined;

/** A saved amount ('25000.50'; a number from before decision 015) in the language's notation. */
const savedAmount =
  (language: string): AmountReader =>
  (value) => {
    if (typeof value === 'number') {
      return Number.isFinite(value) ? decimalText(`${value}`, language, 2) : undefined;
    }
    return isDecimal(value) ? decimalText(value, language, 2) : text(value);
  };

/**
 * An amount in a kept form state: text typed in the language, left as it is. Only a decimal as
 * the server writes it ('25000.50', from data kept before decision 015) that the language does
 * not read is a saved amount: the canonical notation is never misread by another language.
 */
const draftAmount =
  (language: string): AmountReader =>
  (value) => {
    const saved =
      typeof value === 'number' ||
      (typeof value === 'string' && CANONICAL.test(value) && !readAmount(value, language).ok);
    return saved ? savedAmount(language)(value) : text(value);
  };

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

type FromData<T extends DataStepType> = (row: Row, amount: AmountReader) => StepDraft<T>;

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
  cdd: (row, amount) => ({
    ...pick(row, {
      businessActivity: text,
      expectedMonthlyVolume: amount,
      sourceOfFunds: text,
      pepDeclared: yesNo,
      sanctionsDeclared: yesNo,
    }),
    countriesOfOperation: Array.isArray(row.countriesOfOperation)
      ? row.countriesOfOperation.filter((code): code is string => typeof code === 'string')
      : [],
  }),
};

/** The form state for saved step data (anything: unknown fields and wrong kinds left out). */
export function fromStepData<T extends DataStepType>(
  stepType: T,
  data: unknown,
  language: string,
): StepDraft<T> {
  return (FROM_DATA[stepType] as FromData<T>)(isRow(data) ? data : {}, savedAmount(language));
}

/**
 * Whether the form holds exactly the saved data: typed back to what was saved, there is nothing
 * left to save, and no draft should stand in the way of handing the file in (decision 038).
 */
export function matchesSaved<T extends DataStepType>(
  stepType: T,
  value: StepDraft<T>,
  data: unknown,
  language: string,
): boolean {
  return dequal(value, fromStepData(stepType, data, language));
}

/**
 * The form state for a kept draft: as typed, in whatever it holds. `undefined` gives an empty
 * form.
 */
export function fromStepDraft<T extends DataStepType>(
  stepType: T,
  draft: unknown,
  language: string,
): StepDraft<T> {
  return (FROM_DATA[stepType] as FromData<T>)(isRow(draft) ? draft : {}, draftAmount(language));
}
