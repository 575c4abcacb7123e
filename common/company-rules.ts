/**
 * The rules a company's registration number and its addresses' post codes follow (issue 18,
 * point 6, decision 028): one set for onboarding, the company screens and the KYC steps, run by
 * the app's forms and by the server.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/** Upper case, without spaces, dots and dashes: 'nl 1234.56.78' and '12-34-56-78' are one number. */
export const normaliseCocNumber = (value: string) => value.toUpperCase().replace(/[\s.-]+/g, '');

/** Any country's number: 1 to 20 letters or digits once normalised. */
const ANY_COC_NUMBER = /^[A-Z0-9]{1,20}$/;

/**
 * Registers whose numbers have one fixed form: the Dutch Kamer van Koophandel (KvK-nummer, 8
 * digits) and the Belgian Kruispuntbank van Ondernemingen (ondernemingsnummer, 10 digits starting
 * with 0 or 1). Elsewhere the register and its notation vary by court or province (Germany's
 * 'HRB 123456 B', Italy's REA 'MI-1234567'), so only the general form is checked.
 */
const COC_FORMATS: Readonly<Record<string, { pattern: RegExp; form: string }>> = {
  NL: { pattern: /^\d{8}$/, form: '8 digits' },
  BE: { pattern: /^[01]\d{9}$/, form: '10 digits starting with 0 or 1' },
};

/** Why a field is refused, as a code the app translates and an English message for the API. */
export interface CompanyRuleRefusal {
  code: 'cocNumber' | 'postCode';
  message: string;
}

/**
 * Why a CoC number is refused for a company registered in `country` (ISO 3166-1 alpha-2; none
 * given: the general form only), or null when it passes. Blank is for the caller to judge.
 */
export function cocNumberRefusal(
  value: string,
  country?: string | null,
): CompanyRuleRefusal | null {
  const number = normaliseCocNumber(value);
  if (!ANY_COC_NUMBER.test(number)) {
    return { code: 'cocNumber', message: 'must be 1 to 20 letters or digits' };
  }
  const format = country ? COC_FORMATS[country] : undefined;
  if (format && !format.pattern.test(number)) {
    return { code: 'cocNumber', message: `is not a CoC number of ${country}: ${format.form}` };
  }
  return null;
}

/**
 * Why a post code is refused in `country`, or null when it passes: the country's format as the
 * postcode-validator library knows it, letters in any case ('1015 cj' is '1015 CJ'). A country
 * without post codes, or one the library does not know, takes any. Blank is for the caller.
 */
export function postCodeRefusal(value: string, country: string): CompanyRuleRefusal | null {
  if (!postcodeValidatorExistsForCountry(country)) return null;
  return postcodeValidator(value.trim().toUpperCase(), country)
    ? null
    : { code: 'postCode', message: `is not a post code of ${country}` };
}
