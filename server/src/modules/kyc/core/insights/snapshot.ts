import { countries as vatCountries } from 'jsvat';
import type { FindingSeverity as Severity, KycStepType } from '#common/kyc.js';
import type { Finding } from '#common/kyc-insights.js';
import type { DocumentType } from '#server/db/schema/documents.js';
import { checkVatNumber, normaliseNumber } from '#server/matching/normalise.js';
import type { Candidate, Criteria } from '#server/matching/scoring.js';
import { countryCode, record, text, type Data } from './fields.js';

/*
 * What the rules look at (the snapshot, loaded once by the repository) and the facts they
 * derive from it: the numbers, name, address and country the file declares, falling back to
 * what is stored for the trade partner.
 */

export interface AddressData {
  street: string;
  houseNumber: string;
  postCode: string;
  city: string;
  country: string;
}

/** The customer as stored: the trade partner. */
export interface PartnerFacts {
  id: number;
  uuid: string;
  name: string;
  cocNumber: string | null;
  vatNumber: string | null;
  country: string | null;
  /** The partner's first address (lowest position), the company address. */
  firstAddress: AddressData | null;
}

/** What the company search found for the file's numbers and name (see searchCriteria). */
export interface SearchEvidence {
  criteria: Criteria;
  /** Partners holding the CoC or VAT number looked for, the customer itself included. */
  numberHits: readonly Candidate[];
  /** Partners with a similar name, with their name similarity; the customer may be among them. */
  nameCandidates: readonly Candidate[];
}

/** Everything the rules look at, loaded once. */
export interface InsightsSnapshot {
  kycId: number;
  partner: PartnerFacts;
  /** Each step's data; a step without a row or data reads as {}. */
  steps: Partial<Record<KycStepType, Data>>;
  /** The types of the customer's ACTIVE documents. */
  activeDocumentTypes: readonly DocumentType[];
  /** Evidence archived after the file was approved, and still archived (decision 035). */
  evidenceRemoved: readonly { documentId: number; fileName: string; type: DocumentType }[];
  search: SearchEvidence;
}

export type SnapshotWithoutSearch = Omit<InsightsSnapshot, 'search'>;

export const stepData = (snapshot: SnapshotWithoutSearch, step: KycStepType): Data =>
  snapshot.steps[step] ?? {};

export const finding = (
  code: string,
  severity: Severity,
  stepType: KycStepType | null,
  message: string,
  params: Record<string, string | number> = {},
): Finding => ({ code, severity, stepType, message, params });

const COC_NUMBER = /^[A-Z0-9]{1,20}$/;

/** The CoC number the file declares (the coc step), else the partner's; normalised. */
function declaredCocNumber(snapshot: SnapshotWithoutSearch): string | undefined {
  const raw = text(stepData(snapshot, 'coc').cocNumber) ?? snapshot.partner.cocNumber;
  return raw ? normaliseNumber(raw) : undefined;
}

/** The VAT number the file declares (the bank-and-vat step), else the partner's. */
export function declaredVatNumber(
  snapshot: SnapshotWithoutSearch,
): { raw: string; source: 'step' | 'partner' } | undefined {
  const fromStep = text(stepData(snapshot, 'bank-and-vat').vatNumber);
  if (fromStep) return { raw: fromStep, source: 'step' };
  const stored = text(snapshot.partner.vatNumber);
  return stored ? { raw: stored, source: 'partner' } : undefined;
}

/** The registered address: the addresses step's, else the partner's first address. */
export function registeredAddress(snapshot: SnapshotWithoutSearch): {
  address: Data | undefined;
  source: 'step' | 'partner' | 'none';
} {
  const fromStep = record(stepData(snapshot, 'addresses').registered);
  if (fromStep) return { address: fromStep, source: 'step' };
  const stored = snapshot.partner.firstAddress;
  return stored
    ? { address: { ...stored }, source: 'partner' }
    : { address: undefined, source: 'none' };
}

/** The country of registration: the partner's, else that of the registered address. */
export function registrationCountry(snapshot: SnapshotWithoutSearch): string | undefined {
  return (
    countryCode(snapshot.partner.country) ??
    countryCode(registeredAddress(snapshot).address?.country)
  );
}

/** The company name the file declares (the coc step's registered name), else the partner's. */
function declaredName(snapshot: SnapshotWithoutSearch): string {
  return text(stepData(snapshot, 'coc').registeredName) ?? snapshot.partner.name;
}

/** The declared VAT number as the search stores it, when it is valid. */
function checkedVatNumber(snapshot: SnapshotWithoutSearch): string | undefined {
  const vat = declaredVatNumber(snapshot);
  if (!vat) return undefined;
  const check = checkVatNumber(vat.raw, vatCheckCountry(snapshot));
  return check.valid ? check.value : undefined;
}

/** The country whose VAT rules apply, when jsvat knows them. */
function vatCheckCountry(snapshot: SnapshotWithoutSearch): string | undefined {
  const country = registrationCountry(snapshot);
  return country && jsvatKnows(country) ? country : undefined;
}

export const jsvatKnows = (country: string) => vatCountries.some((c) => c.codes[0] === country);

/** What to ask the company search: the file's numbers and name (see conflicts.ts). */
export function searchCriteria(snapshot: SnapshotWithoutSearch): Criteria & { name: string } {
  const coc = declaredCocNumber(snapshot);
  return {
    cocNumber: coc && COC_NUMBER.test(coc) ? coc : undefined,
    vatNumber: checkedVatNumber(snapshot),
    name: declaredName(snapshot),
  };
}
