import { and, eq, inArray } from 'drizzle-orm';
import type { Address, Contact, TradePartner } from '#common/partners.js';
import { TERMS_VERSION, type TermsAcceptor } from '#common/terms.js';
import { kycLatestSubmissions, kycSubmissions } from '#server/db/schema/kyc.js';
import { users } from '#server/db/schema/users.js';
import { toIso, toIsoOrNull } from '#server/api-schemas.js';
import type { Db } from '#server/db/client.js';
import type { AddressRow } from './addresses/addresses-repository.js';
import { createAddressRepository } from './addresses/addresses-repository.js';
import type { ContactRow } from './contacts/contacts-repository.js';
import { createContactRepository } from './contacts/contacts-repository.js';
import type { MembershipRow } from './members/members-repository.js';
import type { PartnerRow } from './partners-repository.js';

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    uuid: row.uuid,
    type: row.type,
    country: row.country,
    city: row.city,
    street: row.street,
    houseNumber: row.houseNumber,
    postCode: row.postCode,
    position: row.position,
    version: row.version,
  };
}

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    uuid: row.uuid,
    tradePartnerId: row.tradePartnerId,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    jobTitle: row.jobTitle,
    version: row.version,
  };
}

/** The people `ids` name, by id, as `{ id, name }`: first and last name, else their e-mail. */
async function namesOf(db: Db, ids: number[]): Promise<Map<number, TermsAcceptor>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((row) => {
      const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
      return [row.id, { id: row.id, name: name || row.username || row.email || `User ${row.id}` }];
    }),
  );
}

/**
 * The companies among `ids` whose latest KYC file is APPROVED: what 'verified' means (decision
 * 040), read from the kept latest file (decision 020), so a file reopened or a newer one
 * started takes it away at once.
 */
async function verifiedOf(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: kycLatestSubmissions.tradePartnerId })
    .from(kycLatestSubmissions)
    .innerJoin(kycSubmissions, eq(kycSubmissions.id, kycLatestSubmissions.kycId))
    .where(
      and(inArray(kycLatestSubmissions.tradePartnerId, ids), eq(kycSubmissions.status, 'APPROVED')),
    );
  return new Set(rows.map(({ id }) => id));
}

function groupBy<T extends { tradePartnerId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.tradePartnerId);
    if (group) group.push(row);
    else groups.set(row.tradePartnerId, [row]);
  }
  return groups;
}

/**
 * Trade partners as the API answers them, with their addresses and contacts (two queries for
 * any number of partners) and the role and access level of `memberships` (the current user's,
 * or the user a list is for; a promise of them is awaited with the two queries).
 */
export async function presentPartners(
  db: Db,
  rows: PartnerRow[],
  memberships: MembershipRow[] | Promise<MembershipRow[]>,
): Promise<TradePartner[]> {
  const ids = rows.map((row) => row.id);
  const acceptorIds = [
    ...new Set(rows.flatMap((row) => (row.termsAcceptedBy ? [row.termsAcceptedBy] : []))),
  ];
  const [addressRows, contactRows, membershipRows, acceptors, verified] = await Promise.all([
    createAddressRepository(db).listFor(ids),
    createContactRepository(db).listFor(ids),
    memberships,
    namesOf(db, acceptorIds),
    verifiedOf(db, ids),
  ]);
  const addresses = groupBy(addressRows);
  const contacts = groupBy(contactRows);
  const membership = new Map(membershipRows.map((m) => [m.tradePartnerId, m]));
  return rows.map((row) => {
    const member = membership.get(row.id);
    return {
      id: row.id,
      uuid: row.uuid,
      name: row.name,
      email: row.email,
      phone: row.phone,
      website: row.website,
      legalForm: row.legalForm,
      cocNumber: row.cocNumber,
      vatNumber: row.vatNumber,
      country: row.country,
      verified: verified.has(row.id),
      termsAccepted: row.termsVersion === TERMS_VERSION,
      termsAcceptedVersion: row.termsVersion,
      termsAcceptedAt: toIsoOrNull(row.termsAcceptedAt),
      termsAcceptedBy: row.termsAcceptedBy ? (acceptors.get(row.termsAcceptedBy) ?? null) : null,
      role: member?.role ?? null,
      accessLevel: member?.accessLevel ?? null,
      isOwner: member?.role === 'OWNER',
      addresses: (addresses.get(row.id) ?? []).map(toAddress),
      tradePartnerContacts: (contacts.get(row.id) ?? []).map(toContact),
      version: row.version,
      createdAt: toIso(row.createdAt),
      updatedAt: toIso(row.updatedAt),
    };
  });
}

export async function presentPartner(
  db: Db,
  row: PartnerRow,
  membership: MembershipRow | undefined,
): Promise<TradePartner> {
  const [partner] = await presentPartners(db, [row], membership ? [membership] : []);
  return partner!;
}
