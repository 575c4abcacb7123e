import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.js';
import { idpAccounts } from '#server/db/schema/idp.js';
import { tradePartners, type AccessLevel, type ADDRESS_TYPES } from '#server/db/schema/partners.js';
import { users, type UserRow } from '#server/db/schema/users.js';
import { createAddressRepository } from './addresses/addresses-repository.js';
import { createContactRepository } from './contacts/contacts-repository.js';
import { createMemberRepository } from './members/members-repository.js';
import { roleFor } from './members/members-service.js';

interface DemoCompany {
  name: string;
  legalForm: string;
  country: string;
  /** Stored form: normalised, and the VAT numbers pass jsvat's check digits. */
  cocNumber: string;
  vatNumber: string;
  email: string;
  phone: string;
  website: string;
  addresses: {
    type: (typeof ADDRESS_TYPES)[number];
    street: string;
    houseNumber: string;
    postCode: string;
    city: string;
    country: string;
  }[];
  /** People who are contacts without being users. */
  contacts: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    jobTitle: string;
  }[];
  /** Demo accounts (by username) who are members, with their access level. */
  members: { username: string; accessLevel: AccessLevel; jobTitle: string }[];
}

/**
 * The e2e journeys rely on these: `owner` owns all three, `contact` is an EDITOR of the first,
 * `partner` an ADMIN of the second.
 */
export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    name: 'Van Dijk Logistics B.V.',
    legalForm: 'B.V.',
    country: 'NL',
    cocNumber: '12345678',
    vatNumber: 'NL123456782B01',
    email: 'info@vandijk-logistics.nl',
    phone: '+31104123456',
    website: 'https://www.vandijk-logistics.nl',
    addresses: [
      {
        type: 'REGISTERED',
        street: 'Waalhaven Zuidzijde',
        houseNumber: '21',
        postCode: '3089 JH',
        city: 'Rotterdam',
        country: 'NL',
      },
      {
        type: 'OPERATING',
        street: 'Europaweg',
        houseNumber: '875',
        postCode: '3199 LD',
        city: 'Maasvlakte Rotterdam',
        country: 'NL',
      },
    ],
    contacts: [
      {
        firstName: 'Jan',
        lastName: 'de Boer',
        email: 'j.deboer@vandijk-logistics.nl',
        phone: '+31612345678',
        jobTitle: 'Operations Manager',
      },
    ],
    members: [
      { username: 'owner', accessLevel: 'OWNER', jobTitle: 'Managing Director' },
      { username: 'contact', accessLevel: 'EDITOR', jobTitle: 'Customs Officer' },
    ],
  },
  {
    name: 'Müller Handels GmbH',
    legalForm: 'GmbH',
    country: 'DE',
    cocNumber: 'HRB123456',
    vatNumber: 'DE812345673',
    email: 'kontakt@mueller-handels.de',
    phone: '+498921543300',
    website: 'https://www.mueller-handels.de',
    addresses: [
      {
        type: 'REGISTERED',
        street: 'Leopoldstraße',
        houseNumber: '45',
        postCode: '80802',
        city: 'München',
        country: 'DE',
      },
    ],
    contacts: [
      {
        firstName: 'Anna',
        lastName: 'Schmidt',
        email: 'a.schmidt@mueller-handels.de',
        phone: '+4915123456789',
        jobTitle: 'Buchhaltung',
      },
    ],
    members: [
      { username: 'owner', accessLevel: 'OWNER', jobTitle: 'Geschäftsführerin' },
      { username: 'partner', accessLevel: 'ADMIN', jobTitle: 'Export Manager' },
    ],
  },
  {
    name: 'Rossi Trasporti S.r.l.',
    legalForm: 'S.r.l.',
    country: 'IT',
    cocNumber: 'MI1234567',
    vatNumber: 'IT04567890126',
    email: 'info@rossitrasporti.it',
    phone: '+390287284100',
    website: 'https://www.rossitrasporti.it',
    addresses: [
      {
        type: 'REGISTERED',
        street: 'Via Giuseppe Verdi',
        houseNumber: '12',
        postCode: '20121',
        city: 'Milano',
        country: 'IT',
      },
    ],
    contacts: [
      {
        firstName: 'Giulia',
        lastName: 'Bianchi',
        email: 'g.bianchi@rossitrasporti.it',
        phone: '+393471234567',
        jobTitle: 'Responsabile logistica',
      },
    ],
    members: [{ username: 'owner', accessLevel: 'OWNER', jobTitle: 'Amministratrice' }],
  },
];

/**
 * The demo accounts' user records with complete profiles, so signing in as any of them goes
 * straight to the dashboard instead of the onboarding forms (SPEC section 4).
 */
const DEMO_PROFILES: Record<string, { roles: string[]; profile: DemoProfile }> = {
  superadmin: {
    roles: ['NT24_SUPER_ADMIN'],
    profile: profile('+31612345001', '1975-03-14', 'NL', 'F'),
  },
  manager: { roles: ['NT24_MANAGER'], profile: profile('+31612345002', '1980-07-02', 'NL', 'M') },
  employee: { roles: ['NT24_EMPLOYEE'], profile: profile('+31612345003', '1992-11-23', 'NL', 'F') },
  partner: {
    roles: ['NT24_TRADE_PARTNER'],
    profile: profile('+31612345004', '1985-01-30', 'NL', 'M'),
  },
  owner: { roles: ['OWNER'], profile: profile('+31612345005', '1979-09-09', 'NL', 'F') },
  contact: { roles: ['CONTACT'], profile: profile('+34612345006', '1990-05-17', 'ES', 'M') },
};

interface DemoProfile {
  mobile: string;
  birthday: string;
  country: string;
  nationality: string;
  sex: 'MALE' | 'FEMALE';
}

function profile(mobile: string, birthday: string, country: string, sex: 'F' | 'M'): DemoProfile {
  return { mobile, birthday, country, nationality: country, sex: sex === 'F' ? 'FEMALE' : 'MALE' };
}

/**
 * The users rows of the demo accounts, created as ensure-user and the profile form would at
 * their first sign-in (identity = the development provider's account id). Rows that exist are
 * left as they are.
 */
async function demoUsers(tx: Db): Promise<Map<string, UserRow>> {
  const accounts = await tx
    .select()
    .from(idpAccounts)
    .where(inArray(idpAccounts.username, Object.keys(DEMO_PROFILES)));
  const result = new Map<string, UserRow>();
  for (const account of accounts) {
    const demo = DEMO_PROFILES[account.username]!;
    await tx
      .insert(users)
      .values({
        identityId: account.id,
        username: account.username,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        roles: demo.roles,
        ...demo.profile,
      })
      .onConflictDoNothing({ target: users.identityId });
    const [row] = await tx.select().from(users).where(eq(users.identityId, account.id));
    if (row) result.set(account.username, row);
  }
  return result;
}

/**
 * Seeds the demo companies when the development identity provider runs. Idempotent, and safe
 * when several processes start together: a company whose CoC number exists is left alone.
 */
export async function seedDemoPartners(db: Db, log: FastifyBaseLogger): Promise<string[]> {
  const created = await db.transaction(async (tx) => {
    const people = await demoUsers(tx);
    if (!people.has('owner')) return [];
    const names: string[] = [];
    for (const company of DEMO_COMPANIES) {
      const { addresses, contacts, members, ...fields } = company;
      const [partner] = await tx
        .insert(tradePartners)
        .values({ ...fields, createdBy: people.get('owner')!.id })
        .onConflictDoNothing({ target: tradePartners.cocNumber })
        .returning();
      if (!partner) continue;
      names.push(partner.name);
      for (const address of addresses) {
        await createAddressRepository(tx).append({ ...address, tradePartnerId: partner.id });
      }
      for (const member of members) {
        const user = people.get(member.username);
        if (!user) continue;
        await createMemberRepository(tx).insertIfAbsent({
          tradePartnerId: partner.id,
          userId: user.id,
          role: roleFor(member.accessLevel),
          accessLevel: member.accessLevel,
        });
        await createContactRepository(tx).insert({
          tradePartnerId: partner.id,
          userId: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          jobTitle: member.jobTitle,
        });
      }
      for (const contact of contacts) {
        await createContactRepository(tx).insert({ ...contact, tradePartnerId: partner.id });
      }
    }
    return names;
  });
  if (created.length) log.info({ companies: created }, 'demo companies created');
  return created;
}
