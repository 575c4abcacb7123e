import type { AddressType } from '@common/partner-access';
import type { AddressBody, TradePartnerBody } from '@common/partner-bodies';

/** The company fields of a trade partner, as a form holds them (empty text for nothing). */
export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  website: string;
  legalForm: string;
  cocNumber: string;
  vatNumber: string;
  country: string;
}

export interface AddressFormValues {
  type: AddressType;
  street: string;
  houseNumber: string;
  postCode: string;
  city: string;
  country: string;
}

// --- Between the forms and the API ----------------------------------------------------------

/**
 * The company fields to send, trimmed. A new partner leaves empty fields out; a change sends
 * them as null, which clears them.
 */
export function toCompanyBody(
  values: CompanyFormValues,
  mode: 'create' | 'update',
): TradePartnerBody & { name: string } {
  const body: TradePartnerBody & { name: string } = { name: values.name.trim() };
  const optional = [
    'email',
    'phone',
    'website',
    'legalForm',
    'cocNumber',
    'vatNumber',
    'country',
  ] as const;
  for (const field of optional) {
    const value = values[field].trim();
    if (value) body[field] = value;
    else if (mode === 'update') body[field] = null;
  }
  return body;
}

export function toAddressBody(values: AddressFormValues): AddressBody {
  return {
    type: values.type,
    street: values.street.trim(),
    houseNumber: values.houseNumber.trim(),
    postCode: values.postCode.trim(),
    city: values.city.trim(),
    country: values.country.trim(),
  };
}
