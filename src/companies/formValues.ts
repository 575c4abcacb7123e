import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { cocNumberRefusal, postCodeRefusal } from '@common/company-rules';
import type { Address, TradePartner } from '@common/partners';
import type { AddressFormValues, CompanyFormValues } from '@/companies/companyBodies';

// What the store needs lives apart, so the store loads without libphonenumber-js.
export {
  toAddressBody,
  toCompanyBody,
  type AddressFormValues,
  type CompanyFormValues,
} from '@/companies/companyBodies';

export const EMPTY_COMPANY: CompanyFormValues = {
  name: '',
  email: '',
  phone: '',
  website: '',
  legalForm: '',
  cocNumber: '',
  vatNumber: '',
  country: '',
};

export const EMPTY_ADDRESS: AddressFormValues = {
  type: 'REGISTERED',
  street: '',
  houseNumber: '',
  postCode: '',
  city: '',
  country: '',
};

/** What a check found wrong with a field: a message key under settings.validation. */
export type ValidationProblem =
  | 'required'
  | 'email'
  | 'phone'
  | 'website'
  | 'cocNumber'
  | 'postCode'
  | 'date'
  | 'birthdayPast'
  | 'sex';

export type FieldProblems<T> = Partial<Record<keyof T, ValidationProblem>>;

/** SPEC section 5's e-mail rule: at most 254 characters, local part at most 64. */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const match = /^([^\s@]+)@([^\s@]+\.[^\s@]+)$/.exec(value);
  return match !== null && (match[1] ?? '').length <= 64;
}

/** A telephone number in international notation (+31 6 12345678). */
export function isInternationalPhone(value: string): boolean {
  return value.trim().startsWith('+') && isValidPhoneNumber(value.trim());
}

/** A web address, with or without its scheme (www.example.com is fine). */
export function isWebsite(value: string): boolean {
  const text = value.trim();
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';

/**
 * The company's own checks: a name is required; e-mail, phone and website must be well formed;
 * the CoC number follows the register of the company's country, or without one of the country
 * its address names (common/company-rules.ts, the server's and the KYC step's rules too).
 */
export function validateCompany(
  values: CompanyFormValues,
  addressCountry = '',
): FieldProblems<CompanyFormValues> {
  const problems: FieldProblems<CompanyFormValues> = {};
  if (!filled(values.name)) problems.name = 'required';
  const registeredIn = values.country || addressCountry;
  if (filled(values.cocNumber) && cocNumberRefusal(values.cocNumber, registeredIn)) {
    problems.cocNumber = 'cocNumber';
  }
  if (filled(values.email) && !isEmail(values.email.trim())) problems.email = 'email';
  if (filled(values.phone) && !isInternationalPhone(values.phone)) problems.phone = 'phone';
  if (filled(values.website) && !isWebsite(values.website)) problems.website = 'website';
  return problems;
}

/**
 * SPEC section 5: an address is usable only with street, house number, post code, city, country;
 * and the post code must be one of the country (common/company-rules.ts).
 */
export function validateAddress(values: AddressFormValues): FieldProblems<AddressFormValues> {
  const problems: FieldProblems<AddressFormValues> = {};
  for (const field of ['street', 'houseNumber', 'postCode', 'city', 'country'] as const) {
    if (!filled(values[field])) problems[field] = 'required';
  }
  if (!problems.postCode && !problems.country && postCodeRefusal(values.postCode, values.country)) {
    problems.postCode = 'postCode';
  }
  return problems;
}

/** A form's starting values: the defaults with whatever the caller knows laid over them. */
export function withDefaults<T extends object>(defaults: T, initial?: Partial<T> | null): T {
  const result = { ...defaults };
  if (!initial) return result;
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = initial[key];
    if (value !== undefined && value !== null) result[key] = value as T[keyof T];
  }
  return result;
}

// --- Between the forms and the API ----------------------------------------------------------

/** A stored number (E.164) the international way: +31 20 1234567. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  return parsePhoneNumberFromString(value)?.formatInternational() ?? value;
}

/** The form's values for a partner as the API gives it. */
export function companyFormValuesOf(partner: TradePartner | null): CompanyFormValues {
  if (!partner) return { ...EMPTY_COMPANY };
  return withDefaults(EMPTY_COMPANY, {
    name: partner.name,
    email: partner.email ?? '',
    phone: formatPhone(partner.phone),
    website: partner.website ?? '',
    legalForm: partner.legalForm ?? '',
    cocNumber: partner.cocNumber ?? '',
    vatNumber: partner.vatNumber ?? '',
    country: partner.country ?? '',
  });
}

/** The form's values for an address as the API gives it ('-' is no country). */
export function addressFormValuesOf(address: Address | null | undefined): AddressFormValues {
  if (!address) return { ...EMPTY_ADDRESS };
  return {
    type: address.type,
    street: address.street,
    houseNumber: address.houseNumber,
    postCode: address.postCode,
    city: address.city,
    country: address.country === '-' ? '' : address.country,
  };
}
