import type { Db } from '#server/db/client.js';
import { createAddressRepository } from './addresses/addresses-repository.js';
import { createContactRepository } from './contacts/contacts-repository.js';
import { companiesOfIdentity, createMemberRepository } from './members/members-repository.js';
import { createPartnerRepository } from './partners-repository.js';

// The types other modules name a company and a membership by; the rows stay this module's.
export type { PartnerRef } from './partners-repository.js';
export type { MembershipRow } from './members/members-repository.js';
export { companiesOfIdentity };

/**
 * What other modules ask of companies: one by reference, a user's, a membership, contacts,
 * addresses, where it is registered.
 */
export function createPartnerLookup(db: Db) {
  const partners = createPartnerRepository(db);
  const members = createMemberRepository(db);
  const contacts = createContactRepository(db);
  const addresses = createAddressRepository(db);

  /** Each company's country of registration, in two queries whatever their number. */
  async function countriesOfRegistration(
    tradePartnerIds: readonly number[],
  ): Promise<Map<number, string | null>> {
    const own = await partners.countriesOf(tradePartnerIds);
    const first = new Map<number, string>();
    const lacking = tradePartnerIds.filter((id) => !own.get(id));
    for (const address of await addresses.listFor(lacking)) {
      if (!first.has(address.tradePartnerId)) first.set(address.tradePartnerId, address.country);
    }
    return new Map(
      tradePartnerIds.map((id) => {
        const country = own.get(id) || first.get(id);
        return [id, country && country !== '-' ? country : null];
      }),
    );
  }

  return {
    find: (...args: Parameters<typeof partners.find>) => partners.find(...args),
    listOfUser: (...args: Parameters<typeof partners.listOfUser>) => partners.listOfUser(...args),
    membership: (...args: Parameters<typeof members.findByIdentity>) =>
      members.findByIdentity(...args),
    /** The membership of the user record `userId`, if any. */
    membershipOfUser: (...args: Parameters<typeof members.findByUserId>) =>
      members.findByUserId(...args),
    /** The memberships of the person signed in as `identityId` in the given companies. */
    memberships: (...args: Parameters<typeof members.listByIdentity>) =>
      members.listByIdentity(...args),
    contactsOf: (...args: Parameters<typeof contacts.listFor>) => contacts.listFor(...args),
    /** In their order: the first is the company address. */
    addressesOf: (tradePartnerId: number) => addresses.listFor([tradePartnerId]),
    /** The company's country of registration: its own, else its first address's (decision 028). */
    async countryOfRegistration(tradePartnerId: number): Promise<string | null> {
      return (await countriesOfRegistration([tradePartnerId])).get(tradePartnerId) ?? null;
    },
    countriesOfRegistration,
  };
}
