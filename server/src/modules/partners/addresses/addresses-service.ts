import type { Address } from '#common/partners.js';
import type { Db } from '#server/db/client.js';
import { NotFoundError } from '#server/errors.js';
import { StaleRecord, versionedChange } from '#server/versions.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { authorizePartner } from '../access-service.js';
import { toAddress } from '../present.js';
import type { PartnerRef } from '../partners-repository.js';
import { checkPostCode } from '../fields.js';
import type { PartnerChangeListener } from '../partners-service.js';
import { createAddressRepository, type AddressRow } from './addresses-repository.js';
import type { AddressInput, AddressPatch } from './addresses-schemas.js';

const notFound = (ref: PartnerRef, addressUuid: string) =>
  new NotFoundError(
    `Address with UUID ${addressUuid} not found for trade partner with ID/UUID ${'uuid' in ref ? ref.uuid : ref.id}.`,
  );

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
    if (!address) throw notFound(ref, addressUuid);
    return address;
  }

  /**
   * Runs a change of an address and answers it as it is afterwards (null: deleted); one based
   * on an old version is 409 with the address as it is now.
   */
  const versioned = (address: AddressRow, change: () => Promise<unknown>) =>
    versionedChange('address', change, async () => {
      const current = await addresses.find(address.tradePartnerId, address.uuid);
      return current ? toAddress(current) : null;
    });

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
      const changed = await versioned(address, async () => {
        if (address.version !== version) throw new StaleRecord();
        const values = Object.fromEntries(
          Object.entries(patch).filter(([key, value]) => key !== 'version' && value !== undefined),
        );
        if (Object.keys(values).length === 0) return;
        if (patch.postCode !== undefined || patch.country !== undefined) {
          checkPostCode('body.postCode', {
            postCode: patch.postCode ?? address.postCode,
            country: patch.country ?? address.country,
          });
        }
        if (!(await addresses.update(address.id, version, values))) throw new StaleRecord();
        await onChange({ tradePartnerId: address.tradePartnerId });
      });
      if (!changed) throw notFound(ref, addressUuid);
      return changed;
    },

    async delete(
      actor: AuthUser,
      ref: PartnerRef,
      addressUuid: string,
      version: number,
    ): Promise<void> {
      const address = await addressOf(actor, ref, addressUuid);
      await versioned(address, async () => {
        if (address.version !== version || !(await addresses.delete(address.id, version))) {
          throw new StaleRecord();
        }
        await onChange({ tradePartnerId: address.tradePartnerId });
      });
    },
  };
}
