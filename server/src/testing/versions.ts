import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { kycSteps, kycSubmissions } from '#server/db/schema/kyc.js';
import { orders } from '#server/db/schema/orders.js';
import { shipments, transports } from '#server/db/schema/shipments.js';
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

/** The record a versioned request changes: its version now, and a change by someone else. */
export interface StoredRecord {
  version: number;
  /** Bumps the version in the database, as another person's change would. */
  bump(): Promise<void>;
}

/**
 * The record a versioned request changes, read from the database. Undefined when the request is
 * not a versioned change or names no record that exists. `kycId`: the file a self-service call
 * changes, which its path does not name (the link's token does).
 */
export async function storedRecord(
  server: TestServer,
  method: string,
  url: string,
  kycId?: number,
): Promise<StoredRecord | undefined> {
  const found = versionedRoute(method, url);
  if (!found) return undefined;
  const { record, params } = found;
  const db = server.database.db;
  const partner =
    byKey(tradePartners.id, params.id, ID) ?? byKey(tradePartners.uuid, params.uuid, UUID);
  const kyc =
    byKey(kycSubmissions.id, params.id, ID) ??
    byKey(kycSubmissions.uuid, params.uuid, UUID) ??
    (kycId === undefined ? undefined : eq(kycSubmissions.id, kycId));
  const none = sql`false`;

  switch (record) {
    case 'partner':
      return stored(db, tradePartners, partner ?? none);
    case 'address':
      return stored(db, addresses, byKey(addresses.uuid, params.addressUuid, UUID) ?? none);
    case 'contact': {
      const where = byKey(tradePartnerContacts.uuid, params.contactUuid, UUID) ?? none;
      return stored(db, tradePartnerContacts, where);
    }
    case 'member': {
      const [row] = await db
        .select({ tradePartnerId: tradePartnerMembers.tradePartnerId, userId: users.id })
        .from(tradePartnerMembers)
        .innerJoin(users, eq(users.id, tradePartnerMembers.userId))
        .innerJoin(tradePartners, eq(tradePartners.id, tradePartnerMembers.tradePartnerId))
        .where(and(partner ?? none, byKey(users.uuid, params.userUuid, UUID) ?? none));
      if (!row) return undefined;
      return stored(
        db,
        tradePartnerMembers,
        and(
          eq(tradePartnerMembers.tradePartnerId, row.tradePartnerId),
          eq(tradePartnerMembers.userId, row.userId),
        )!,
      );
    }
    case 'submission':
      return stored(db, kycSubmissions, kyc ?? none);
    case 'step': {
      const step = params.stepUuid
        ? (byKey(kycSteps.uuid, params.stepUuid, UUID) ?? none)
        : eq(kycSteps.stepType, params.stepType as KycStepType);
      const [row] = await db
        .select({ id: kycSteps.id })
        .from(kycSteps)
        .innerJoin(kycSubmissions, eq(kycSubmissions.id, kycSteps.kycId))
        .where(and(kyc ?? none, step));
      return row && stored(db, kycSteps, eq(kycSteps.id, row.id));
    }
    case 'order':
    case 'shipment':
    case 'transport': {
      const table = { order: orders, shipment: shipments, transport: transports }[record];
      const where =
        byKey(table.id, params.idOrUuid, ID) ?? byKey(table.uuid, params.idOrUuid, UUID);
      return stored(db, table, where ?? none);
    }
  }
}

type VersionedTable =
  | typeof tradePartners
  | typeof addresses
  | typeof tradePartnerContacts
  | typeof tradePartnerMembers
  | typeof kycSubmissions
  | typeof kycSteps
  | typeof orders
  | typeof shipments
  | typeof transports;

async function stored(
  db: Db,
  table: VersionedTable,
  where: SQL,
): Promise<StoredRecord | undefined> {
  const [row] = await db.select({ version: table.version }).from(table).where(where);
  if (!row) return undefined;
  return {
    version: row.version,
    async bump() {
      await db
        .update(table)
        .set({ version: sql`${table.version} + 1` })
        .where(where);
    },
  };
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
  return { 'if-match': `"${(await storedRecord(server, method, url))?.version ?? 1}"` };
}
