import type { Address } from '#common/partners.js';
import type { Db } from '#server/db/client.js';
import { type ConflictError, NotFoundError } from '#server/errors.js';
import { staleVersion } from '#server/versions.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { authorizePartner } from '../access-service.js';
import { toAddress } from '../present.js';
import type { PartnerRef } from '../partners-repository.js';
import { checkPostCode } from '../fields.js';
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

  /** 409 for a change based on an old version, with the address as it is now. */
  async function stale(address: AddressRow): Promise<ConflictError> {
    const current = await addresses.find(address.tradePartnerId, address.uuid);
    return staleVersion('address', current ? toAddress(current) : null);
  }

  return {
    async list(actor: AuthUser, ref: PartnerRef): Promise<Address[]> {
      const { partner } = await authorizePartner(db, actor, ref, 'read');
      return (await addresses.listFor([partner.id])).map(toAddress);
    },

    async create(actor: AuthUser, ref: PartnerRef, input: AddressInput): Promise<Address> {
      const { partner } = await authorizePartner(db, actor, ref, 'change');
      checkPostCode('body.postCode', input);
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
      version: number,
    ): Promise<Address> {
      const address = await addressOf(actor, ref, addressUuid);
      if (address.version !== version) throw await stale(address);
      const values = Object.fromEntries(
        Object.entries(patch).filter(([key, value]) => key !== 'version' && value !== undefined),
      );
      if (Object.keys(values).length === 0) return toAddress(address);
      if (patch.postCode !== undefined || patch.country !== undefined) {
        checkPostCode('body.postCode', {
          postCode: patch.postCode ?? address.postCode,
          country: patch.country ?? address.country,
        });
      }
      const updated = await addresses.update(address.id, version, values);
      if (!updated) throw await stale(address);
      await onChange({ tradePartnerId: address.tradePartnerId });
      return toAddress(updated);
    },

    async delete(
      actor: AuthUser,
      ref: PartnerRef,
      addressUuid: string,
      version: number,
    ): Promise<void> {
      const address = await addressOf(actor, ref, addressUuid);
      if (address.version !== version || !(await addresses.delete(address.id, version))) {
        throw await stale(address);
      }
      await onChange({ tradePartnerId: address.tradePartnerId });
    },
  };
}
