import { checkVAT, countries as vatCountries, type Country as VatCountry } from 'jsvat';

/**
 * How registration numbers and company names are compared. Shared by the company search and the
 * trade partners module, so a number is stored exactly as a search for it is written.
 */

/** Upper case, without spaces, dots and dashes: 'nl 1234.56.78' and 'NL-12345678' are one number. */
export function normaliseNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.-]+/g, '');
}

/** VAT prefixes that are not the ISO 3166-1 code of their country. */
const VAT_PREFIX: Readonly<Record<string, string>> = { GR: 'EL', CH: 'CHE' };

function vatCountryOf(country: string): VatCountry | undefined {
  return vatCountries.find((c) => c.codes[0] === country);
}

export type VatCheck = { valid: true; value: string } | { valid: false; message: string };

/**
 * A VAT number normalised with its country prefix ('nl 1000.000.10 b01' with country NL becomes
 * 'NL100000010B01'), checked with jsvat against the country given, or else against the country
 * its prefix names. Countries jsvat does not know have no valid VAT numbers here, as in the
 * trade partners module, which stores only numbers that pass this check.
 */
export function checkVatNumber(raw: string, country?: string): VatCheck {
  let value = normaliseNumber(raw);
  const hasPrefix = /^[A-Z]{2}/.test(value);
  if (country) {
    const prefix = VAT_PREFIX[country] ?? country;
    const vatCountry = vatCountryOf(country);
    if (!vatCountry)
      return { valid: false, message: `VAT numbers of ${country} cannot be checked` };
    if (!hasPrefix) value = `${prefix}${value}`;
    return checkVAT(value, [vatCountry]).isValid
      ? { valid: true, value }
      : { valid: false, message: `not a valid VAT number for ${country}` };
  }
  if (!hasPrefix) {
    return {
      valid: false,
      message: 'not a valid VAT number: start it with its country code or give the country',
    };
  }
  const result = checkVAT(value, vatCountries);
  if (result.isValid) return { valid: true, value };
  const named = result.country?.isoCode.short;
  return {
    valid: false,
    message: named ? `not a valid VAT number for ${named}` : 'not a valid VAT number',
  };
}

// ---- company names ------------------------------------------------------------------------------

/**
 * Legal forms, written as their letters run together ('B.V.' and 'B V' are 'bv'; 'GmbH & Co. KG'
 * is 'gmbhcokg'). Only stripped from the end of a name, so 'SA Recycling' keeps its 'SA'.
 */
const LEGAL_FORMS_BY_REGION: Readonly<Record<string, string>> = {
  'Netherlands, Belgium': 'bv nv vof cv cva bvba cvba sprl scrl commv vzw asbl',
  'Germany, Austria, Switzerland':
    'gmbh mbh ag kg ohg ug ughaftungsbeschrankt gbr ek ev kgaa se gmbhcokg agcokg ugcokg cokg sagl',
  'France, Italy, Spain, Portugal':
    'sa sas sasu sarl eurl snc sca scs srl srls spa sapa sl slu sll lda sc scoop',
  'United Kingdom, Ireland, United States':
    'ltd limited plc llp lp llc inc incorporated corp corporation co company dac uc',
  'Nordic and Baltic countries': 'ab as asa aps oy oyj hf ehf ou sia uab',
  'Central and Eastern Europe':
    'spzoo spolkazoo spk spj sro vos kft zrt nyrt bt doo dd ad ood eood ao ooo pao zao',
};

export const LEGAL_FORMS: ReadonlySet<string> = new Set(
  Object.values(LEGAL_FORMS_BY_REGION).flatMap((forms) => forms.split(' ')),
);

/** The longest legal form a name may end with, in words ('gmbh co kg' is three). */
const MAX_FORM_WORDS = 3;

/**
 * The part of a company name that identifies it: lower case, accents removed, punctuation
 * dropped, trailing legal forms stripped. 'ACME Trading B.V.' and 'Acme trading' share 'acme
 * trading'. A name that is nothing but a legal form keeps it, so the core is never empty for a
 * name with letters or digits.
 */
export function nameCore(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // Dots and apostrophes join letters ('b.v.' -> 'bv', "o'neil" -> 'oneil'); the rest separates.
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let stripped = true;
  while (stripped && words.length > 1) {
    stripped = false;
    for (let n = Math.min(MAX_FORM_WORDS, words.length - 1); n >= 1; n--) {
      if (LEGAL_FORMS.has(words.slice(-n).join(''))) {
        words.splice(-n);
        stripped = true;
        break;
      }
    }
  }
  return words.join(' ');
}
