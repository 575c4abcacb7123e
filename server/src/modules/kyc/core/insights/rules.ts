import { KYC_STEP_TYPES, REQUIRED_STEP_DOCUMENTS, STEP_DOCUMENT_TYPES } from '#common/kyc.js';
import type { Finding, StepCompleteness } from '#common/kyc-insights.js';
import { ADDRESS_FIELDS, isDataStepType, validateStepData } from '#common/kyc-steps.js';
import { checkVatNumber, normaliseNumber } from '#server/matching/normalise.js';
import {
  countryCode,
  dayOf,
  isValidIban,
  monthsBefore,
  numberIn,
  pastDate,
  record,
  text,
  wholeMonths,
  type Data,
} from './fields.js';
import { FATF_LISTS_DATE, fatfListOf } from './high-risk-countries.js';
import {
  declaredVatNumber,
  finding,
  jsvatKnows,
  registeredAddress,
  registrationCountry,
  stepData,
  type SnapshotWithoutSearch,
} from './snapshot.js';

/*
 * The data of each KYC step (kyc_steps.data) is what the forms of issue 7 write, under the rules
 * of common/kyc-steps.ts; the insights read it as whatever JSON is stored, so each rule here
 * copes with a value that is absent or of the wrong kind. `vatNumber` is optional because not
 * every company has one; having none is an INFO finding, not an incomplete step.
 */

/** A CoC extract older than this many months is stale (MEDIUM), or very stale (HIGH). */
const EXTRACT_STALE_MONTHS = 6;
const EXTRACT_EXPIRED_MONTHS = 12;

// ---- completeness ------------------------------------------------------------------------------

function missingAddress(address: Data | undefined, prefix: string): string[] {
  if (!address) return ADDRESS_FIELDS.map((field) => `${prefix}${field}`);
  return ADDRESS_FIELDS.filter((field) =>
    field === 'country' ? !countryCode(address.country) : !text(address[field]),
  ).map((field) => `${prefix}${field}`);
}

/**
 * Per step, in order, the fields that are missing or invalid: the fields validateStepData
 * refuses, the same rules a partner's save and submit answer to. Insights has none.
 */
export function completeness(snapshot: SnapshotWithoutSearch, now: Date): StepCompleteness[] {
  return KYC_STEP_TYPES.map((stepType) => {
    const result = isDataStepType(stepType)
      ? validateStepData(stepType, stepData(snapshot, stepType), now)
      : undefined;
    const missing =
      result && !result.ok ? [...new Set(result.issues.map((issue) => issue.field))] : [];
    return { stepType, complete: missing.length === 0, missing };
  });
}

/** STEP_INCOMPLETE (MEDIUM) for each step with missing fields. */
export function stepIncomplete(steps: readonly StepCompleteness[]): Finding[] {
  return steps
    .filter((step) => !step.complete)
    .map((step) =>
      finding(
        'STEP_INCOMPLETE',
        'MEDIUM',
        step.stepType,
        `Step ${step.stepType} is incomplete: ${step.missing.join(', ')} missing or invalid.`,
        { missing: step.missing.join(', '), count: step.missing.length },
      ),
    );
}

// ---- the CoC extract ----------------------------------------------------------------------------

/** COC_EXTRACT_OLD: older than 6 months MEDIUM, older than 12 months HIGH. */
export function cocExtractAge(snapshot: SnapshotWithoutSearch, now: Date): Finding[] {
  const raw = stepData(snapshot, 'coc').extractDate;
  const extracted = pastDate(raw, now);
  if (!extracted) return [];
  const today = dayOf(now);
  const limit =
    extracted < monthsBefore(today, EXTRACT_EXPIRED_MONTHS)
      ? EXTRACT_EXPIRED_MONTHS
      : extracted < monthsBefore(today, EXTRACT_STALE_MONTHS)
        ? EXTRACT_STALE_MONTHS
        : undefined;
  if (!limit) return [];
  const ageMonths = wholeMonths(extracted, today);
  const extractDate = extracted.toISOString().slice(0, 10);
  return [
    finding(
      'COC_EXTRACT_OLD',
      limit === EXTRACT_EXPIRED_MONTHS ? 'HIGH' : 'MEDIUM',
      'coc',
      `The CoC extract of ${extractDate} is more than ${limit} months old (${ageMonths} months); ask for a recent one.`,
      { extractDate, ageMonths, limitMonths: limit },
    ),
  ];
}

/** COC_NUMBER_MISMATCH (MEDIUM): the coc step names another number than the partner has. */
export function cocNumberMismatch(snapshot: SnapshotWithoutSearch): Finding[] {
  const declared = text(stepData(snapshot, 'coc').cocNumber);
  const stored = snapshot.partner.cocNumber;
  if (!declared || !stored || normaliseNumber(declared) === normaliseNumber(stored)) return [];
  const stepCocNumber = normaliseNumber(declared);
  const partnerCocNumber = normaliseNumber(stored);
  return [
    finding(
      'COC_NUMBER_MISMATCH',
      'MEDIUM',
      'coc',
      `The CoC number in the file (${stepCocNumber}) differs from the trade partner's (${partnerCocNumber}).`,
      { stepCocNumber, partnerCocNumber },
    ),
  ];
}

// ---- VAT and bank ------------------------------------------------------------------------------

/**
 * The declared VAT number: VAT_MISSING (INFO) without one; VAT_NOT_CHECKED (INFO) when jsvat
 * has no rules for the country of registration; VAT_FORMAT_INVALID (HIGH) when it fails jsvat's
 * check for that country (or, without a country, the one its prefix names);
 * VAT_NUMBER_MISMATCH (MEDIUM) when the step names another number than the partner has.
 */
export function vatNumber(snapshot: SnapshotWithoutSearch): Finding[] {
  const vat = declaredVatNumber(snapshot);
  if (!vat) {
    return [
      finding('VAT_MISSING', 'INFO', 'bank-and-vat', 'No VAT number is known for the company.'),
    ];
  }
  const country = registrationCountry(snapshot);
  if (country && !jsvatKnows(country)) {
    return [
      finding(
        'VAT_NOT_CHECKED',
        'INFO',
        'bank-and-vat',
        `VAT number ${vat.raw} was not checked: there are no VAT number rules for ${country}.`,
        { vatNumber: vat.raw, country },
      ),
    ];
  }
  const check = checkVatNumber(vat.raw, country);
  if (!check.valid) {
    return [
      finding(
        'VAT_FORMAT_INVALID',
        'HIGH',
        'bank-and-vat',
        `VAT number ${vat.raw} is ${check.message}.`,
        { vatNumber: vat.raw, country: country ?? '', source: vat.source, reason: check.message },
      ),
    ];
  }
  const stored = snapshot.partner.vatNumber;
  if (vat.source === 'step' && stored && normaliseNumber(stored) !== check.value) {
    return [
      finding(
        'VAT_NUMBER_MISMATCH',
        'MEDIUM',
        'bank-and-vat',
        `The VAT number in the file (${check.value}) differs from the trade partner's (${stored}).`,
        { stepVatNumber: check.value, partnerVatNumber: stored },
      ),
    ];
  }
  return [];
}

/** IBAN_INVALID (MEDIUM): the IBAN fails its format or checksum. */
export function ibanFormat(snapshot: SnapshotWithoutSearch): Finding[] {
  const iban = text(stepData(snapshot, 'bank-and-vat').iban);
  if (!iban || isValidIban(iban)) return [];
  return [
    finding(
      'IBAN_INVALID',
      'MEDIUM',
      'bank-and-vat',
      `IBAN ${iban} is not valid: its format or check digits are wrong.`,
      { iban },
    ),
  ];
}

// ---- address and documents ---------------------------------------------------------------------

/** ADDRESS_INCOMPLETE (MEDIUM): the registered address lacks one of its five fields. */
export function addressIncomplete(snapshot: SnapshotWithoutSearch): Finding[] {
  const { address, source } = registeredAddress(snapshot);
  const missing = missingAddress(address, '');
  if (missing.length === 0) return [];
  return [
    finding(
      'ADDRESS_INCOMPLETE',
      'MEDIUM',
      'addresses',
      source === 'none'
        ? 'The company has no registered address.'
        : `The registered address (from the ${source === 'step' ? 'file' : 'trade partner'}) has no ${missing.join(', ')}.`,
      { missing: missing.join(', '), source },
    ),
  ];
}

/** DOCUMENT_MISSING (MEDIUM): per step, each required type without an ACTIVE document. */
export function missingDocuments(snapshot: SnapshotWithoutSearch): Finding[] {
  const present = new Set(snapshot.activeDocumentTypes);
  return KYC_STEP_TYPES.flatMap((stepType) =>
    REQUIRED_STEP_DOCUMENTS[stepType]
      .filter((type) => !present.has(type))
      .map((documentType) =>
        finding(
          'DOCUMENT_MISSING',
          'MEDIUM',
          stepType,
          `Step ${stepType} needs a document of type ${documentType}; the customer has no active one.`,
          { documentType },
        ),
      ),
  );
}

/**
 * EVIDENCE_REMOVED (HIGH): a document the approval rested on was archived afterwards (decision
 * 035); the approval no longer shows what it was given, so a reviewer looks again.
 */
export function evidenceRemoved(snapshot: SnapshotWithoutSearch): Finding[] {
  return snapshot.evidenceRemoved.map(({ documentId, fileName, type }) =>
    finding(
      'EVIDENCE_REMOVED',
      'HIGH',
      KYC_STEP_TYPES.find((step) => STEP_DOCUMENT_TYPES[step].includes(type)) ?? null,
      `${fileName} (${type}) was archived after the file was approved.`,
      { documentId, fileName, documentType: type },
    ),
  );
}

// ---- customer due diligence --------------------------------------------------------------------

/** PEP_DECLARED and SANCTIONS_DECLARED (HIGH): what the customer declared in the cdd step. */
export function cddDeclarations(snapshot: SnapshotWithoutSearch): Finding[] {
  const cdd = stepData(snapshot, 'cdd');
  const findings: Finding[] = [];
  if (cdd.pepDeclared === true) {
    findings.push(
      finding(
        'PEP_DECLARED',
        'HIGH',
        'cdd',
        'The customer declared a politically exposed person among its people: enhanced due diligence applies.',
      ),
    );
  }
  if (cdd.sanctionsDeclared === true) {
    findings.push(
      finding(
        'SANCTIONS_DECLARED',
        'HIGH',
        'cdd',
        'The customer declared a link to sanctions: check the sanctions lists before going on.',
      ),
    );
  }
  return findings;
}

/**
 * HIGH_RISK_COUNTRY: a country of operation (cdd) or the country of registration on the FATF
 * lists, HIGH for a call for action, MEDIUM for increased monitoring. One finding per country.
 */
export function highRiskCountries(snapshot: SnapshotWithoutSearch): Finding[] {
  const operating = stepData(snapshot, 'cdd').countriesOfOperation;
  const sources = new Map<string, 'registration' | 'operation'>();
  const registration = registrationCountry(snapshot);
  if (registration) sources.set(registration, 'registration');
  for (const value of Array.isArray(operating) ? operating : []) {
    const code = countryCode(value);
    if (code && !sources.has(code)) sources.set(code, 'operation');
  }
  return [...sources].flatMap(([country, source]) => {
    const list = fatfListOf(country);
    if (!list) return [];
    const where = source === 'registration' ? 'is registered in' : 'operates in';
    const listName =
      list === 'CALL_FOR_ACTION'
        ? 'high-risk jurisdictions (call for action)'
        : 'jurisdictions under increased monitoring';
    return [
      finding(
        'HIGH_RISK_COUNTRY',
        list === 'CALL_FOR_ACTION' ? 'HIGH' : 'MEDIUM',
        source === 'registration' ? 'addresses' : 'cdd',
        `The company ${where} ${country}, on the FATF list of ${listName} of ${FATF_LISTS_DATE}.`,
        { country, list, listDate: FATF_LISTS_DATE, source },
      ),
    ];
  });
}

/** OWNERSHIP_OVER_100 (MEDIUM): the UBOs' ownership percentages add up to more than 100. */
export function uboOwnership(snapshot: SnapshotWithoutSearch): Finding[] {
  const people = stepData(snapshot, 'contacts').people;
  const total = (Array.isArray(people) ? people : [])
    .map(record)
    .filter((person) => person?.role === 'UBO')
    .reduce((sum, person) => sum + (numberIn(person?.ownershipPercentage, 0, 100) ?? 0), 0);
  // Percentages like 33.33 add up with rounding noise: compare at two decimals.
  const rounded = Math.round(total * 100) / 100;
  if (rounded <= 100) return [];
  return [
    finding(
      'OWNERSHIP_OVER_100',
      'MEDIUM',
      'contacts',
      `The ultimate beneficial owners together own ${rounded}%, more than 100%.`,
      { total: rounded },
    ),
  ];
}
