import type { Contact } from '#common/partners.js';
import type { Db } from '#server/db/client.js';
import { NotFoundError, ValidationError } from '#server/errors.js';
import { StaleRecord, versionedChange } from '#server/versions.js';
import type { AuthUser } from '#server/plugins/auth.js';
import type { PartnerAction } from '#server/policy.js';
import { authorizePartner } from '../access-service.js';
import { toContact } from '../present.js';
import { refValue, type PartnerRef } from '../partners-repository.js';
import { createContactRepository, type ContactRow } from './contacts-repository.js';
import type { ContactPatch, NewContact } from './contacts-schemas.js';

/** The message the SPEC gives (section 8, "Contact not found"). */
const contactNotFound = (contact: string, ref?: PartnerRef) =>
  ref
    ? `Contact with ID/UUID ${contact} not found for trade partner with ID/UUID ${refValue(ref)}`
    : `Contact with ID/UUID ${contact} not found`;

const NAME_OR_EMAIL = 'an e-mail address or a name is required';

function requireNameOrEmail(contact: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}) {
  if (!contact.firstName && !contact.lastName && !contact.email) {
    throw new ValidationError(`body: ${NAME_OR_EMAIL}`, [
      { field: 'body', message: NAME_OR_EMAIL },
    ]);
  }
}

export function createContactService(db: Db) {
  const contacts = createContactRepository(db);

  /** The contact, if it belongs to the partner the path names and the actor may do `action` there. */
  async function contactOf(
    actor: AuthUser,
    ref: PartnerRef,
    contactUuid: string,
    action: PartnerAction,
  ): Promise<ContactRow> {
    const { partner } = await authorizePartner(db, actor, ref, action);
    const contact = await contacts.findByUuid(contactUuid);
    if (!contact || contact.tradePartnerId !== partner.id) {
      throw new NotFoundError(contactNotFound(contactUuid, ref));
    }
    return contact;
  }

  /**
   * Runs a change of a contact and answers it as it is afterwards (null: deleted); one based on
   * an old version is 409 with the contact as it is now.
   */
  const versioned = (contact: ContactRow, change: () => Promise<unknown>) =>
    versionedChange('contact', change, async () => {
      const current = await contacts.findByUuid(contact.uuid);
      return current ? toContact(current) : null;
    });

  return {
    async list(actor: AuthUser, ref: PartnerRef): Promise<Contact[]> {
      const { partner } = await authorizePartner(db, actor, ref, 'read');
      return (await contacts.listFor([partner.id])).map(toContact);
    },

    /** One contact by its own uuid: the policy is asked about the partner it belongs to. */
    async get(actor: AuthUser, contactUuid: string): Promise<Contact> {
      const contact = await contacts.findByUuid(contactUuid);
      if (!contact) throw new NotFoundError(contactNotFound(contactUuid));
      try {
        await authorizePartner(db, actor, { id: contact.tradePartnerId }, 'read');
      } catch (error) {
        // Someone who may not see the partner may not learn that the contact exists either.
        if (error instanceof NotFoundError) throw new NotFoundError(contactNotFound(contactUuid));
        throw error;
      }
      return toContact(contact);
    },

    async create(actor: AuthUser, ref: PartnerRef, input: NewContact): Promise<Contact> {
      requireNameOrEmail(input);
      const { partner } = await authorizePartner(db, actor, ref, 'change');
      const row = await contacts.insert({
        tradePartnerId: partner.id,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        jobTitle: input.jobTitle ?? null,
      });
      return toContact(row);
    },

    async update(
      actor: AuthUser,
      ref: PartnerRef,
      contactUuid: string,
      patch: ContactPatch,
      version: number,
    ): Promise<Contact> {
      const contact = await contactOf(actor, ref, contactUuid, 'change');
      const changed = await versioned(contact, async () => {
        if (contact.version !== version) throw new StaleRecord();
        const values = Object.fromEntries(
          Object.entries(patch).filter(([key, value]) => key !== 'version' && value !== undefined),
        );
        if (Object.keys(values).length === 0) return;
        requireNameOrEmail({ ...contact, ...values });
        if (!(await contacts.update(contact.id, version, values))) throw new StaleRecord();
      });
      if (!changed) throw new NotFoundError(contactNotFound(contactUuid, ref));
      return changed;
    },

    async delete(
      actor: AuthUser,
      ref: PartnerRef,
      contactUuid: string,
      version: number,
    ): Promise<void> {
      const contact = await contactOf(actor, ref, contactUuid, 'manage');
      await versioned(contact, async () => {
        if (contact.version !== version || !(await contacts.delete(contact.id, version))) {
          throw new StaleRecord();
        }
      });
    },
  };
}
