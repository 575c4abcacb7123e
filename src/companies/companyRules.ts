import type { TradePartner } from '@common/partners';

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '' && value !== '-';

/**
 * SPEC section 5: the company address is valid only when the first address has country, city,
 * street, house number and post code; no address is invalid.
 */
export function hasValidCompanyAddress(partner: Pick<TradePartner, 'addresses'> | null): boolean {
  const first = partner?.addresses[0];
  if (!first) return false;
  return [first.country, first.city, first.street, first.houseNumber, first.postCode].every(filled);
}

/**
 * Whether the company data is there beyond the bare name: a CoC or VAT number identifies the
 * company (docs/decisions/009-onboarding.md).
 */
export function hasCompanyData(
  partner: Pick<TradePartner, 'name' | 'cocNumber' | 'vatNumber'> | null,
): boolean {
  if (!partner || !filled(partner.name)) return false;
  return filled(partner.cocNumber) || filled(partner.vatNumber);
}

/**
 * SPEC section 4.6: the default trade partner is the first with role OWNER, else the first
 * returned; `isOwner` says whether the user owns it.
 */
export function pickDefaultPartner(partners: readonly TradePartner[]): TradePartner | null {
  const partner = partners.find((candidate) => candidate.role === 'OWNER') ?? partners[0];
  return partner ? { ...partner, isOwner: partner.role === 'OWNER' } : null;
}

/**
 * An invited user joined someone else's company: they are a CONTACT of at least one partner
 * and OWNER of none (docs/decisions/009-onboarding.md).
 */
export function isInvitedMember(partners: readonly TradePartner[]): boolean {
  return (
    partners.some((partner) => partner.role === 'CONTACT') &&
    !partners.some((partner) => partner.role === 'OWNER')
  );
}

/**
 * Where a company is registered: its own country, else its first address's (decision 028), as
 * the server reads it to check a KYC file's CoC number.
 */
export function countryOfRegistration(
  partner: Pick<TradePartner, 'country' | 'addresses'> | null | undefined,
): string | null {
  if (filled(partner?.country)) return partner!.country;
  const first = partner?.addresses[0]?.country;
  return filled(first) ? first! : null;
}
