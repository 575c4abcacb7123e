/**
 * What a trade partner fills in on each KYC step (issue 7, decision 013): one schema per step,
 * used by the server to validate a saved step and by the app's forms to show the same errors
 * before the round trip. Dates are 'YYYY-MM-DD'; countries ISO 3166-1 alpha-2 codes.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import countriesLib from 'i18n-iso-countries';
import { checkVAT, countries as vatCountries } from 'jsvat';
import { z } from 'zod';
import {
  DATA_STEP_TYPES,
  isDataStepType,
  PARTNER_EDITABLE_STATUSES,
  type DataStepType,
  type KycStatus,
  type KycStepStatus,
} from './kyc.js';
import { BUSINESS_DATE_RANGE, DATE_MESSAGES, DATE_RANGE, withinDates } from './api.js';
import { cocNumberRefusal, postCodeRefusal } from './company-rules.js';
import { exactAmount, type AmountRefusal } from './money.js';

// In kyc.ts, with the other lists, so that what needs only them loads without this file's
// validators (the app's dashboard, issue 16).
export {
  DATA_STEP_TYPES,
  isDataStepType,
  PARTNER_EDITABLE_STATUSES,
  type DataStepType,
} from './kyc.js';

export const CONTACT_ROLES = ['DIRECTOR', 'AUTHORISED_SIGNATORY', 'UBO'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];
export const ADDRESS_FIELDS = ['street', 'houseNumber', 'postCode', 'city', 'country'] as const;

/** Why a field is refused; the app translates the code, the server sends the message. */
export const STEP_ISSUE_MESSAGES = {
  required: 'is required',
  invalid: 'is not valid',
  tooLong: 'is too long',
  date: DATE_MESSAGES.date,
  dateRange: DATE_MESSAGES.dateRange,
  businessDateRange: DATE_MESSAGES.businessDateRange,
  futureDate: 'cannot lie in the future',
  country: 'must be an ISO 3166-1 alpha-2 country code',
  percentage: 'must be a number from 0 to 100',
  amount: 'must be an amount of 0 or more',
  amountFormat: 'must be a decimal amount written like 25000.50',
  amountDecimals: 'must have at most 2 decimals',
  amountTooLarge: 'must have at most 13 digits before the decimal point',
  ownershipTotal: 'the ownership percentages together exceed 100',
  uboOwnership: 'is required for an ultimate beneficial owner',
  iban: 'is not a valid IBAN',
  vat: 'is not a valid VAT number',
  document: 'needs a document',
  cocNumber: "is not a CoC number of the company's country of registration",
  postCode: 'is not a post code of the country',
} as const;
export type StepIssueCode = keyof typeof STEP_ISSUE_MESSAGES;

export interface StepIssue {
  /** Dotted path into the step data: 'iban', 'people.0.lastName', 'registered.city'. */
  field: string;
  code: StepIssueCode;
  /** English, for the API's error details. */
  message: string;
}

const M = STEP_ISSUE_MESSAGES;
const MAX_TEXT = 300;

const text = (max = MAX_TEXT) =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required })
    .max(max, { error: M.tooLong });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date that exists (no 30 February), as midnight UTC. */
export function parseIsoDate(value: string): Date | undefined {
  const match = DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  // The year set on its own: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? date
    : undefined;
}

/** The ranges a step's date keeps, by the name of their refusal. */
const DATE_RANGES = { dateRange: DATE_RANGE, businessDateRange: BUSINESS_DATE_RANGE } as const;

/**
 * A date today or earlier: nothing is registered, extracted or born tomorrow; and within its
 * range (decision 043: an extract is a business date, a registration or a birth any date).
 */
const pastDate = (now: Date, within: keyof typeof DATE_RANGES = 'dateRange') => {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required })
    .refine((value) => parseIsoDate(value) !== undefined, { error: M.date, abort: true })
    .refine((value) => withinDates(value, DATE_RANGES[within]), { error: M[within], abort: true })
    .refine((value) => parseIsoDate(value)!.getTime() <= today, { error: M.futureDate });
};

const country = z
  .string({ error: M.required })
  .trim()
  .min(1, { error: M.required })
  .refine((value) => /^[A-Z]{2}$/.test(value) && countriesLib.isValid(value), {
    error: M.country,
  });

/** An optional field left empty in a form arrives as '' or null: it was not given. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const documentId = z.number({ error: M.document }).int({ error: M.document }).positive({
  error: M.document,
});

/** Electronic format, without any white space: IBANs pasted from a PDF carry no-break spaces. */
export const normaliseIban = (value: string) =>
  electronicFormatIBAN(value.replace(/\s/g, '')) ?? '';
export const normaliseVatNumber = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

const jsvatCountries = vatCountries;

/** An EU VAT number with its country prefix and a right check digit (jsvat), once normalised. */
export const isValidVatNumber = (value: string) =>
  checkVAT(normaliseVatNumber(value), jsvatCountries).isValid;

/** What a step's rules need to know of the company beyond the step (decision 028). */
export interface StepContext {
  /** The company's country of registration: its CoC number follows that country's register. */
  country?: string | null;
}

const cocSchema = (now: Date, context: StepContext) =>
  z.object({
    cocNumber: text(40).refine((value) => cocNumberRefusal(value, context.country) === null, {
      error: M.cocNumber,
    }),
    registeredName: text(),
    legalForm: text(100),
    registrationDate: pastDate(now),
    extractDate: pastDate(now, 'businessDateRange'),
  });

const personSchema = (now: Date) =>
  z
    .object({
      firstName: text(100),
      lastName: text(100),
      role: z.enum(CONTACT_ROLES, {
        error: (issue) =>
          issue.input === undefined || issue.input === '' ? M.required : M.invalid,
      }),
      ownershipPercentage: optional(
        z.number({ error: M.percentage }).min(0, { error: M.percentage }).max(100, {
          error: M.percentage,
        }),
      ),
      dateOfBirth: optional(pastDate(now)),
      nationality: optional(country),
      idDocumentId: documentId,
    })
    .superRefine((person, ctx) => {
      if (person.role === 'UBO' && person.ownershipPercentage === undefined) {
        ctx.addIssue({ code: 'custom', path: ['ownershipPercentage'], message: M.uboOwnership });
      }
    });

const contactsSchema = (now: Date) =>
  z.object({
    people: z
      .array(personSchema(now), { error: M.required })
      .min(1, { error: M.required })
      .max(50, { error: M.tooLong })
      .superRefine((people, ctx) => {
        const total = people.reduce((sum, person) => sum + (person.ownershipPercentage ?? 0), 0);
        // 16.1 + 48.2 + 35.7 is 100.00000000000001 in floating point: compare at two decimals.
        if (Math.round(total * 100) / 100 > 100) {
          ctx.addIssue({ code: 'custom', message: M.ownershipTotal });
        }
      }),
  });

const addressSchema = z
  .object(
    {
      street: text(200),
      houseNumber: text(20),
      postCode: text(20),
      city: text(100),
      country,
    },
    { error: M.required },
  )
  .superRefine((address, ctx) => {
    if (postCodeRefusal(address.postCode, address.country)) {
      ctx.addIssue({ code: 'custom', path: ['postCode'], message: M.postCode });
    }
  });

const addressesSchema = z.object({
  registered: addressSchema,
  operating: optional(addressSchema),
});

const bankAndVatSchema = z.object({
  iban: z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required })
    .transform(normaliseIban)
    .refine((value) => isValidIBAN(value), { error: M.iban }),
  accountHolder: text(200),
  vatNumber: optional(
    z.string().transform(normaliseVatNumber).refine(isValidVatNumber, { error: M.vat }),
  ),
});

/** Why an amount is refused, in the issue messages' words. */
const AMOUNT_ISSUES: Record<AmountRefusal, string> = {
  format: M.amountFormat,
  decimals: M.amountDecimals,
  negative: M.amount,
  tooLarge: M.amountTooLarge,
};

/**
 * An amount in euros, kept exact (decision 015): a decimal string or a JSON number with at most
 * 2 decimals, stored as the canonical string ('25000.50').
 */
const amount = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined ? M.required : M.amountFormat),
  })
  .transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: M.required });
      return z.NEVER;
    }
    const reading = exactAmount(value);
    if (reading.ok) return reading.value;
    ctx.addIssue({ code: 'custom', message: AMOUNT_ISSUES[reading.refusal] });
    return z.NEVER;
  });

const cddSchema = z.object({
  businessActivity: text(2000),
  countriesOfOperation: z
    .array(country, { error: M.required })
    .min(1, { error: M.required })
    .max(250, { error: M.tooLong }),
  expectedMonthlyVolume: amount,
  sourceOfFunds: text(2000),
  pepDeclared: z.boolean({ error: M.required }),
  sanctionsDeclared: z.boolean({ error: M.required }),
});

const SCHEMAS = {
  coc: cocSchema,
  contacts: contactsSchema,
  addresses: () => addressesSchema,
  'bank-and-vat': () => bankAndVatSchema,
  cdd: () => cddSchema,
} satisfies Record<DataStepType, (now: Date, context: StepContext) => z.ZodType>;

/**
 * The schemas built, by step, day and country. A step's rules depend on `now` only through its
 * UTC day, so one built schema serves the whole day: building one and zod's compiling it on its
 * first parse cost far more than the check itself (a list page's readiness, issue 16).
 */
const built = new Map<string, z.ZodType>();
const BUILT_KEPT = 512;

function schemaOf(stepType: DataStepType, now: Date, context: StepContext): z.ZodType {
  const key = `${stepType} ${now.toISOString().slice(0, 10)} ${context.country ?? ''}`;
  let schema = built.get(key);
  if (!schema) {
    if (built.size >= BUILT_KEPT) built.clear();
    schema = SCHEMAS[stepType](now, context);
    built.set(key, schema);
  }
  return schema;
}

export type CocData = z.output<ReturnType<typeof cocSchema>>;
export type ContactPerson = z.output<ReturnType<typeof personSchema>>;
export type ContactsData = z.output<ReturnType<typeof contactsSchema>>;
export type AddressData = z.output<typeof addressSchema>;
export type AddressesData = z.output<typeof addressesSchema>;
export type BankAndVatData = z.output<typeof bankAndVatSchema>;
export type CddData = z.output<typeof cddSchema>;
export interface StepDataByType {
  coc: CocData;
  contacts: ContactsData;
  addresses: AddressesData;
  'bank-and-vat': BankAndVatData;
  cdd: CddData;
}

export type StepValidation<T extends DataStepType> =
  { ok: true; data: StepDataByType[T] } | { ok: false; issues: StepIssue[] };

const codeOf = (message: string): StepIssueCode =>
  (Object.entries(M).find(([, text]) => text === message)?.[0] as StepIssueCode) ?? 'invalid';

/**
 * Validates a step's form data as it would be saved: the normalised data (trimmed text, IBAN in
 * electronic format, VAT number without separators), or every issue with its field.
 */
export function validateStepData<T extends DataStepType>(
  stepType: T,
  data: unknown,
  now: Date = new Date(),
  context: StepContext = {},
): StepValidation<T> {
  const result = schemaOf(stepType, now, context).safeParse(data ?? {});
  if (result.success) return { ok: true, data: result.data as StepDataByType[T] };
  const issues = result.error.issues.map((issue) => {
    const code = codeOf(issue.message);
    return { field: issue.path.join('.') || 'data', code, message: M[code] };
  });
  return { ok: false, issues };
}

/**
 * The steps the partner may change while the file is with them: any not yet decided; and, once
 * a reviewer has sent the file back, also those the reviewer rejected (issue 14), so that what
 * was refused can be fixed and decided again. Approved steps and those waiting for a manager's
 * approval stay as they are.
 */
export function partnerEditableStepStatuses(submissionStatus: KycStatus): readonly KycStepStatus[] {
  if (!PARTNER_EDITABLE_STATUSES.includes(submissionStatus)) return [];
  const open: KycStepStatus[] = ['PENDING', 'IN_PROGRESS', 'CHANGES_REQUESTED'];
  return submissionStatus === 'CHANGES_REQUESTED' ? [...open, 'REJECTED'] : open;
}

/** Whether a step's form may be saved (decision 013, issue 14): the file is with the partner and the step open to them. */
export function stepEditable(submissionStatus: KycStatus, stepStatus: KycStepStatus): boolean {
  return partnerEditableStepStatuses(submissionStatus).includes(stepStatus);
}

/**
 * The steps whose form holds changes that are not saved (decision 038), in the steps' order: a
 * draft, which every save of the step's data clears, so it is newer than the data, on a step the
 * partner may still save or discard. A file is not handed in while there is one: what is
 * submitted is what the person last typed, saved, or what they chose to keep by discarding it.
 */
export function unsavedSteps(
  submissionStatus: KycStatus,
  steps: readonly { stepType: string; status: KycStepStatus; draft: unknown }[],
): DataStepType[] {
  return DATA_STEP_TYPES.filter((stepType) =>
    steps.some(
      (step) =>
        step.stepType === stepType &&
        step.draft !== null &&
        step.draft !== undefined &&
        stepEditable(submissionStatus, step.status),
    ),
  );
}

/**
 * What a step becomes when the partner saves it: IN_PROGRESS, except that a rejected step stays
 * REJECTED (SPEC 4: a decided step only becomes APPROVED or REJECTED); the reviewer decides it again.
 */
export function statusAfterPartnerChange(stepStatus: KycStepStatus): KycStepStatus {
  return stepStatus === 'REJECTED' ? 'REJECTED' : 'IN_PROGRESS';
}

/**
 * Whether a file sent back to the partner leaves them anything to change: at least one of its
 * data steps is one they may change then (issue 14). A file whose steps are all approved or
 * waiting for approval would come back as it went.
 */
export function partnerCanChangeSomething(
  steps: readonly { stepType: string; status: KycStepStatus }[],
): boolean {
  const editable = partnerEditableStepStatuses('CHANGES_REQUESTED');
  return steps.some((step) => isDataStepType(step.stepType) && editable.includes(step.status));
}
