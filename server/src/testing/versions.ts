import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { kycSteps, kycSubmissions } from '#server/db/schema/kyc.js';
import {
  addresses,
  tradePartnerContacts,
  tradePartnerMembers,
  tradePartners,
} from '#server/db/schema/partners.js';
import { users } from '#server/db/schema/users.js';
import type { KycStepType } from '#common/kyc.js';
import { VERSIONED_ROUTES, type VersionedRecord, type VersionedRoute } from '#server/versions.js';
import type { TestServer } from './harness.js';

type Params = Record<string, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^[1-9][0-9]{0,15}$/;

/** The versioned route a request goes to, with its path parameters. */
export function versionedRoute(
  method: string,
  url: string,
): { route: VersionedRoute; record: VersionedRecord; params: Params } | undefined {
  const path = url.split('?')[0]!;
  for (const [route, record] of Object.entries(VERSIONED_ROUTES)) {
    const [routeMethod, pattern] = route.split(' ') as [string, string];
    if (routeMethod !== method.toUpperCase()) continue;
    const names: string[] = [];
    const regex = new RegExp(
      `^${pattern.replace(/:(\w+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    const match = regex.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
    return { route: route as VersionedRoute, record, params };
  }
  return undefined;
}

/** `column = value` when the value is well formed for it (an id, a uuid); else nothing matches. */
function byKey(column: AnyPgColumn, value: string | undefined, form: RegExp): SQL | undefined {
  if (value === undefined || !form.test(value)) return undefined;
  return eq(column, form === ID ? Number(value) : value.toLowerCase());
}

/**
 * The version the record a versioned request changes has now, read from the database: what a
 * client that read the record just before the call would send. Undefined when the request is
 * not a versioned change or names no record that exists.
 */
export async function currentVersion(
  server: TestServer,
  method: string,
  url: string,
): Promise<number | undefined> {
  const found = versionedRoute(method, url);
  if (!found) return undefined;
  const { record, params } = found;
  const db = server.database.db;
  const partner =
    byKey(tradePartners.id, params.id, ID) ?? byKey(tradePartners.uuid, params.uuid, UUID);
  const kyc =
    byKey(kycSubmissions.id, params.id, ID) ?? byKey(kycSubmissions.uuid, params.uuid, UUID);
  const one = async (query: Promise<{ version: number }[]>) => (await query)[0]?.version;

  switch (record) {
    case 'partner':
      return (
        partner &&
        one(db.select({ version: tradePartners.version }).from(tradePartners).where(partner))
      );
    case 'address': {
      const where = byKey(addresses.uuid, params.addressUuid, UUID);
      return where && one(db.select({ version: addresses.version }).from(addresses).where(where));
    }
    case 'contact': {
      const where = byKey(tradePartnerContacts.uuid, params.contactUuid, UUID);
      return (
        where &&
        one(
          db
            .select({ version: tradePartnerContacts.version })
            .from(tradePartnerContacts)
            .where(where),
        )
      );
    }
    case 'member': {
      const user = byKey(users.uuid, params.userUuid, UUID);
      return (
        partner &&
        user &&
        one(
          db
            .select({ version: tradePartnerMembers.version })
            .from(tradePartnerMembers)
            .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
            .innerJoin(tradePartners, eq(tradePartners.id, tradePartnerMembers.tradePartnerId))
            .where(and(partner, user)),
        )
      );
    }
    case 'submission':
      return (
        kyc && one(db.select({ version: kycSubmissions.version }).from(kycSubmissions).where(kyc))
      );
    case 'step': {
      const step = params.stepUuid
        ? byKey(kycSteps.uuid, params.stepUuid, UUID)
        : eq(kycSteps.stepType, params.stepType as KycStepType);
      return (
        kyc &&
        step &&
        one(
          db
            .select({ version: kycSteps.version })
            .from(kycSteps)
            .innerJoin(kycSubmissions, eq(kycSubmissions.id, kycSteps.kycId))
            .where(and(kyc, step)),
        )
      );
    }
  }
}

/**
 * The If-Match header a client that just read the record would send on a versioned change
 * whose body names no version; "1" for a record that does not exist, so that the call answers
 * 400 or 404 as it would. None for any other request.
 */
export async function readVersionHeader(
  server: TestServer,
  method: string,
  url: string,
  body: unknown,
): Promise<Record<string, string>> {
  const named = typeof body === 'object' && body !== null && 'version' in body;
  if (named || !versionedRoute(method, url)) return {};
  return { 'if-match': `"${(await currentVersion(server, method, url)) ?? 1}"` };
}
