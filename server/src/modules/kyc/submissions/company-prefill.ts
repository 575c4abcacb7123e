import type { AddressData, CocData, DataStepType } from '#common/kyc-steps.js';

interface CompanyFacts {
  name: string;
  legalForm: string | null;
  cocNumber: string | null;
}

interface AddressFacts {
  type: string;
  street: string;
  houseNumber: string;
  postCode: string;
  city: string;
  country: string;
}

type Filled<T> = Partial<Record<keyof T, string>>;

/** The given, non-blank values only: a draft names what the company told us, nothing else. */
function given<T>(values: Filled<T>): Filled<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as Filled<T>;
}

function addressDraft(address: AddressFacts): Filled<AddressData> {
  return given<AddressData>({
    street: address.street,
    houseNumber: address.houseNumber,
    postCode: address.postCode,
    city: address.city,
    // '-' is an address without a country (decision 009).
    country: address.country === '-' ? '' : address.country,
  });
}

/**
 * What a new KYC file's coc and addresses steps start with (issue 18, point 5, decision 028):
 * what the company told us at onboarding — CoC number, name, legal form, its registered address
 * (the first REGISTERED one, else the first) and an operating address if it has one — as the
 * steps' drafts. A draft is offered in the form and saved only when the partner saves the step,
 * so the partner confirms it against the extract; nothing is decided on it.
 */
export function companyDrafts(
  company: CompanyFacts,
  addresses: readonly AddressFacts[],
): Partial<Record<DataStepType, Record<string, unknown>>> {
  const drafts: Partial<Record<DataStepType, Record<string, unknown>>> = {};
  const coc = given<CocData>({
    cocNumber: company.cocNumber ?? '',
    registeredName: company.name,
    legalForm: company.legalForm ?? '',
  });
  if (Object.keys(coc).length > 0) drafts.coc = coc;
  const registered = addresses.find((address) => address.type === 'REGISTERED') ?? addresses[0];
  const operating = addresses.find((address) => address.type === 'OPERATING');
  if (registered) {
    drafts.addresses = {
      registered: addressDraft(registered),
      ...(operating && operating !== registered ? { operating: addressDraft(operating) } : {}),
    };
  }
  return drafts;
}
