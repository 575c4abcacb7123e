import type { Address } from '#common/partners.js';
import type { Db } from '#server/db/client.js';
import { NotFoundError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { authorizePartner } from '../access-service.js';
import { toAddress } from '../present.js';
import type { PartnerRef } from '../partners-repository.js';
import type { PartnerChangeListener } from '../partners-service.js';
import { createAddressRepository, type AddressRow } from './addresses-repository.js';
import type { AddressInput, AddressPatch } from './addresses-schemas.js';

/** A company's addresses; `onChange` hears of each change once it has committed. */
export function createAddressService(db: Db, onChange: PartnerChangeListener = async () => {}) {
  const addresses = createAddressRepository(db);

  /** The address, if it belongs to the partner the path names (which the actor may `change`). */
  async function addressOf(
    actor: AuthUser,
    ref: PartnerRef,
    addressUuid: string,
  ): Promise<AddressRow> {
    const { partner } = await authorizePartner(db, actor, ref, 'change');
    const address = await addresses.find(partner.id, addressUuid);
    if (!address) {
      throw new NotFoundError(
        `Address with UUID ${addressUuid} not found for trade partner with ID/UUID ${'uuid' in ref ? ref.uuid : ref.id}.`,
      );
    }
    return address;
  }

  return {
    async list(actor: AuthUser, ref: PartnerRef): Promise<Address[]> {
      const { partner } = await authorizePartner(db, actor, ref, 'read');
      return (await addresses.listFor([partner.id])).map(toAddress);
    },

    async create(actor: AuthUser, ref: PartnerRef, input: AddressInput): Promise<Address> {
      const { partner } = await authorizePartner(db, actor, ref, 'change');
      const row = await addresses.append({
        ...input,
        type: input.type ?? 'REGISTERED',
        tradePartnerId: partner.id,
      });
      await onChange({ tradePartnerId: partner.id });
      return toAddress(row);
    },

    async update(
      actor: AuthUser,
      ref: PartnerRef,
      addressUuid: string,
      patch: AddressPatch,
    ): Promise<Address> {
      const address = await addressOf(actor, ref, addressUuid);
      const values = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(values).length === 0) return toAddress(address);
      const updated = await addresses.update(address.id, values);
      await onChange({ tradePartnerId: address.tradePartnerId });
      return toAddress(updated);
    },

    async delete(actor: AuthUser, ref: PartnerRef, addressUuid: string): Promise<void> {
      const address = await addressOf(actor, ref, addressUuid);
      await addresses.delete(address.id);
      await onChange({ tradePartnerId: address.tradePartnerId });
    },
  };
}
