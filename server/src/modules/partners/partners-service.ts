import { cocNumberRefusal } from '#common/company-rules.js';
import {
  PARTNER_NUMBER_FIELDS,
  type DuplicateNumber,
  type PartnerNumberField,
  type TradePartner,
  type TradePartnerPage,
} from '#common/partners.js';
import { TERMS_VERSION, TERMS_VERSION_CONFLICT } from '#common/terms.js';
import { requirePageWithinCap } from '#server/api-parameters.js';
import { toPage } from '#server/api-schemas.js';
import type { Db } from '#server/db/client.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import { StaleRecord, versionedChange } from '#server/versions.js';
// One notation for stored and searched numbers: the company search's.
import { checkVatNumber, normaliseNumber } from '#server/matching/normalise.js';
import { createUserLookup } from '#server/modules/users/identity-service.js';
import { ensureUserRow } from '#server/modules/users/identity-service.js';
import { authorizePartner, partnerNotFound } from './access-service.js';
import { createAddressRepository } from './addresses/addresses-repository.js';
import { createContactRepository } from './contacts/contacts-repository.js';
import { uniqueViolation } from '#server/db/errors.js';
import { createMemberRepository, type MembershipRow } from './members/members-repository.js';
import { presentPartner, presentPartners } from './present.js';
import {
  createPartnerRepository,
  type PartnerRef,
  type PartnerRow,
} from './partners-repository.js';
import type { PartnerCreate, PartnerListQuery, PartnerPatch } from './partners-schemas.js';
import { checkPostCode } from './fields.js';

const DUPLICATE_MESSAGE: Record<PartnerNumberField, string> = {
  cocNumber: 'A trade partner with this CoC number already exists.',
  vatNumber: 'A trade partner with this VAT number already exists.',
};

const UNIQUE_INDEX: Record<string, PartnerNumberField> = {
  trade_partners_coc_number_key: 'cocNumber',
  trade_partners_vat_number_key: 'vatNumber',
};

function invalid(field: string, message: string): ValidationError {
  return new ValidationError(`body.${field}: ${message}`, [{ field: `body.${field}`, message }]);
}

/** CoC and VAT numbers in their stored form, checked; undefined where the input leaves them be. */
function checkedNumbers(
  input: { cocNumber?: string | null; vatNumber?: string | null },
  country: string | null,
  current?: PartnerRow,
  registeredIn = country,
): { cocNumber?: string | null; vatNumber?: string | null } {
  const result: { cocNumber?: string | null; vatNumber?: string | null } = {};
  // Like the VAT number, a CoC number is checked again when the country it follows changes.
  const cocInput = input.cocNumber !== undefined ? input.cocNumber : (current?.cocNumber ?? null);
  if (
    cocInput !== null &&
    (input.cocNumber !== undefined || country !== (current?.country ?? null))
  ) {
    const refusal = cocNumberRefusal(cocInput, registeredIn);
    if (refusal) throw invalid('cocNumber', refusal.message);
    result.cocNumber = normaliseNumber(cocInput);
  } else if (input.cocNumber === null) {
    result.cocNumber = null;
  }
  // A changed country is checked against the VAT number the company already has.
  const vatInput = input.vatNumber !== undefined ? input.vatNumber : (current?.vatNumber ?? null);
  if (
    vatInput !== null &&
    (input.vatNumber !== undefined || country !== (current?.country ?? null))
  ) {
    const check = checkVatNumber(vatInput, country ?? undefined);
    if (!check.valid) throw invalid('vatNumber', check.message);
    result.vatNumber = check.value;
  } else if (input.vatNumber === null) {
    result.vatNumber = null;
  }
  return result;
}

/**
 * Hears that a company's own data (name, numbers, country, addresses) changed, once the change
 * has committed: whatever was derived from it (a KYC file's insights) is brought up to date.
 */
export type PartnerChangeListener = (change: { tradePartnerId: number }) => Promise<void>;

export function createPartnerService(db: Db, onChange: PartnerChangeListener = async () => {}) {
  const partners = createPartnerRepository(db);
  const members = createMemberRepository(db);

  /** 409 naming the CoC or VAT number another company has; staff learn which company. */
  function duplicate(
    actor: AuthUser,
    field: PartnerNumberField,
    other: PartnerRow | undefined,
  ): ConflictError {
    const details: DuplicateNumber =
      other && policy.seesAllPartners(actor)
        ? { field, uuid: other.uuid, name: other.name }
        : { field };
    return new ConflictError(DUPLICATE_MESSAGE[field], details);
  }

  async function refuseDuplicates(
    actor: AuthUser,
    numbers: { cocNumber?: string | null; vatNumber?: string | null },
    exceptId?: number,
  ): Promise<void> {
    for (const field of PARTNER_NUMBER_FIELDS) {
      const value = numbers[field];
      if (!value) continue;
      const other = await partners.findDuplicate(field, value, exceptId);
      if (other) throw duplicate(actor, field, other);
    }
  }

  /** Runs a write; a unique-index violation on a number (a concurrent duplicate) becomes 409. */
  async function writing<T>(
    actor: AuthUser,
    numbers: { cocNumber?: string | null; vatNumber?: string | null },
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const field = UNIQUE_INDEX[uniqueViolation(error) ?? ''];
      if (!field) throw error;
      const value = numbers[field];
      throw duplicate(actor, field, value ? await partners.findDuplicate(field, value) : undefined);
    }
  }

  /**
   * Runs a change of a partner; one based on an old version is 409 with the partner as it is
   * now. Partners are never deleted, so the one a change was made to is still there to read.
   */
  const versioned = (
    partner: PartnerRow,
    membership: MembershipRow | undefined,
    change: () => Promise<unknown>,
  ) =>
    versionedChange('trade partner', change, async () => {
      const current = await partners.find({ id: partner.id });
      if (!current) throw new NotFoundError(partnerNotFound(partner.id));
      return presentPartner(db, current, membership);
    });

  return {
    async list(actor: AuthUser, query: PartnerListQuery): Promise<TradePartnerPage> {
      const member = policy.seesAllPartners(actor)
        ? undefined
        : { identityId: actor.sub, levels: policy.readableLevels() };
      requirePageWithinCap(query);
      const { rows, counted } = await partners.page({ ...query, member });
      const memberships = members.listByIdentity(
        actor.sub,
        rows.map((row) => row.id),
      );
      return toPage(await presentPartners(db, rows, memberships), query, counted);
    },

    /** The companies the signed-in user belongs to. */
    async listMine(actor: AuthUser): Promise<TradePartner[]> {
      const user = await createUserLookup(db).byIdentity(actor.sub);
      return user ? partnersOfUser(db, user.id) : [];
    },

    async create(actor: AuthUser, input: PartnerCreate): Promise<TradePartner> {
      if (!policy.canCreatePartner(actor)) {
        throw new ForbiddenError('Only staff, trade partners and owners may register a company.');
      }
      const country = input.country ?? null;
      // Without a country of its own, the company is registered where its address is.
      const numbers = checkedNumbers(
        input,
        country,
        undefined,
        country ?? input.address?.country ?? null,
      );
      if (input.address) checkPostCode('body.address.postCode', input.address);
      await refuseDuplicates(actor, numbers);
      const staff = policy.seesAllPartners(actor);
      const created = await writing(actor, numbers, () =>
        db.transaction(async (tx) => {
          const { row: user } = await ensureUserRow(tx, actor);
          const partner = await createPartnerRepository(tx).insert({
            name: input.name,
            email: input.email ?? null,
            phone: input.phone ?? null,
            website: input.website ?? null,
            legalForm: input.legalForm ?? null,
            cocNumber: numbers.cocNumber ?? null,
            vatNumber: numbers.vatNumber ?? null,
            country,
            createdBy: user.id,
          });
          if (input.address) {
            await createAddressRepository(tx).append({
              tradePartnerId: partner.id,
              type: input.address.type ?? 'REGISTERED',
              country: input.address.country,
              city: input.address.city,
              street: input.address.street,
              houseNumber: input.address.houseNumber,
              postCode: input.address.postCode,
            });
          }
          // Staff register companies for others; anyone else registers their own and owns it.
          if (staff) return presentPartner(tx, partner, undefined);
          const membership = {
            tradePartnerId: partner.id,
            userId: user.id,
            role: 'OWNER',
            accessLevel: 'OWNER',
          } as const;
          await createMemberRepository(tx).insertIfAbsent(membership);
          await createContactRepository(tx).insert({
            tradePartnerId: partner.id,
            userId: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email?.toLowerCase() ?? null,
            phone: user.mobile,
          });
          return presentPartner(tx, partner, {
            ...membership,
            version: 1,
            createdAt: partner.createdAt,
          });
        }),
      );
      // A new company may hold numbers another company's open file declares.
      await onChange({ tradePartnerId: created.id });
      return created;
    },

    async get(actor: AuthUser, ref: PartnerRef): Promise<TradePartner> {
      const { partner, membership } = await authorizePartner(db, actor, ref, 'read');
      return presentPartner(db, partner, membership);
    },

    async update(
      actor: AuthUser,
      ref: PartnerRef,
      patch: PartnerPatch,
      version: number,
    ): Promise<TradePartner> {
      const { partner, membership } = await authorizePartner(db, actor, ref, 'change');
      return versioned(partner, membership, async () => {
        if (partner.version !== version) throw new StaleRecord();
        const country = patch.country !== undefined ? patch.country : partner.country;
        const registeredIn =
          country ?? (await createAddressRepository(db).listFor([partner.id]))[0]?.country ?? null;
        const numbers = checkedNumbers(patch, country, partner, registeredIn);
        await refuseDuplicates(actor, numbers, partner.id);
        const values = Object.fromEntries(
          Object.entries({ ...patch, ...numbers }).filter(
            ([key, value]) => key !== 'version' && value !== undefined,
          ),
        );
        if (Object.keys(values).length === 0) return;
        const updated = await writing(actor, numbers, () =>
          partners.update(partner.id, version, values),
        );
        if (!updated) throw new StaleRecord();
        await onChange({ tradePartnerId: partner.id });
      });
    },

    async userRole(actor: AuthUser, ref: PartnerRef) {
      const { membership } = await authorizePartner(db, actor, ref, 'read');
      return { role: membership?.role ?? null, accessLevel: membership?.accessLevel ?? null };
    },

    /**
     * Accepts the terms in force for the company (recording the version, the time and the
     * person), or withdraws the acceptance (decision 027). `termsVersion` is the version the
     * person read; one that is not in force is refused, so nobody accepts a text they never saw.
     */
    async setTerms(
      actor: AuthUser,
      ref: PartnerRef,
      change: { termsAccepted: boolean; termsVersion?: string | undefined },
      version: number,
    ): Promise<TradePartner> {
      const { partner, membership } = await authorizePartner(db, actor, ref, 'acceptTerms');
      return versioned(partner, membership, async () => {
        if (partner.version !== version) throw new StaleRecord();
        const termsVersion = change.termsVersion ?? TERMS_VERSION;
        if (change.termsAccepted && termsVersion !== TERMS_VERSION) {
          throw new ConflictError(
            `Version ${termsVersion} of the terms is not in force; read and accept version ${TERMS_VERSION}.`,
            { reason: TERMS_VERSION_CONFLICT, current: TERMS_VERSION },
          );
        }
        const accepted = partner.termsVersion === TERMS_VERSION;
        if (accepted === change.termsAccepted) return;
        const updated = await partners.update(
          partner.id,
          version,
          change.termsAccepted
            ? {
                termsVersion: TERMS_VERSION,
                termsAcceptedAt: new Date(),
                // Only members accept (policy): the membership names the person.
                termsAcceptedBy: membership!.userId,
              }
            : { termsVersion: null, termsAcceptedAt: null, termsAcceptedBy: null },
        );
        if (!updated) throw new StaleRecord();
      });
    },
  };
}

/** The companies a user belongs to (and may see), with that user's role and access level. */
export async function partnersOfUser(db: Db, userId: number): Promise<TradePartner[]> {
  const rows = await createPartnerRepository(db).listOfUser(userId, policy.readableLevels());
  return presentPartners(
    db,
    rows.map((row) => row.partner),
    rows.map((row) => row.membership),
  );
}
