import { randomInt } from 'node:crypto';
import { checkVAT, countries } from 'jsvat';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { idpAccounts } from '#server/db/schema/idp.js';
import { person, type TestServer, type TokenClaims } from './harness.js';
import { readVersionHeader } from './versions.js';

/** Someone signed in, with their user record (made by ensure-user, as the app does). */
export interface Actor {
  name: string;
  token: string;
  claims: TokenClaims;
  email: string;
  userId: number;
  userUuid: string;
}

let sequence = 0;
/** A name no other test in the process has used, so e-mail addresses never collide. */
export const unique = (base: string) => `${base}${++sequence}x${randomInt(1_000_000)}`;

export async function signIn(server: TestServer, base: string, roles: string[]): Promise<Actor> {
  const name = unique(base);
  const claims = person(name, roles);
  const token = await server.token(claims);
  const ensured = await server.app.inject({
    method: 'POST',
    url: '/api/auth/keycloak/ensure-user',
    headers: { authorization: `Bearer ${token}` },
  });
  if (ensured.statusCode !== 200)
    throw new Error(`ensure-user: ${ensured.statusCode} ${ensured.body}`);
  const user = await server.app.inject({
    method: 'GET',
    url: `/api/users/keycloak/${claims.sub}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    name,
    token,
    claims,
    email: claims.email!,
    userId: user.json().id,
    userUuid: user.json().uuid,
  };
}

/** Tokens of the demo accounts by username, as the development provider issues them. */
export async function demoTokens(server: TestServer): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const account of await server.database.db.select().from(idpAccounts)) {
    tokens[account.username] = await server.token({
      sub: account.id,
      preferred_username: account.username,
      email: account.email,
      given_name: account.firstName,
      family_name: account.lastName,
      realm_access: { roles: account.roles },
    });
  }
  return tokens;
}

export type Caller = (
  who: Actor | string | null,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
) => Promise<LightMyRequestResponse>;

/**
 * Calls the API as someone (an actor, a raw token, or nobody). A change of a record people edit
 * together goes with the version the record has now, as the app sends the version it read
 * (If-Match), unless the body names one; versions.test.ts calls without or with a stale one.
 */
export function caller(server: TestServer): Caller {
  return async (who, method, url, body) => {
    const token = who === null ? undefined : typeof who === 'string' ? who : who.token;
    return server.app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(await readVersionHeader(server, method ?? 'GET', url, body)),
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  };
}

const usedNumbers = new Set<string>();

/** A VAT number that passes jsvat's check digits and no other test has used. */
export function validVat(country: 'NL' | 'DE' | 'IT' = 'NL'): string {
  for (;;) {
    const digits = country === 'IT' ? 10 : 8;
    const body = String(randomInt(10 ** (digits - 1), 10 ** digits));
    for (let check = 0; check < 10; check++) {
      const vat = country === 'NL' ? `NL${body}${check}B01` : `${country}${body}${check}`;
      if (!usedNumbers.has(vat) && checkVAT(vat, countries).isValid) {
        usedNumbers.add(vat);
        return vat;
      }
    }
  }
}

/** A Chamber of Commerce number no other test has used (and none of the demo companies'). */
export function uniqueCoc(): string {
  for (;;) {
    const coc = String(randomInt(20_000_000, 99_999_999));
    if (!usedNumbers.has(coc)) {
      usedNumbers.add(coc);
      return coc;
    }
  }
}

export const address = {
  type: 'REGISTERED',
  country: 'NL',
  city: 'Utrecht',
  street: 'Oudegracht',
  houseNumber: '100',
  postCode: '3511 AX',
} as const;

export interface Partner {
  id: number;
  uuid: string;
  name: string;
  [key: string]: unknown;
}

export async function createPartner(
  server: TestServer,
  who: Actor,
  fields: Record<string, unknown> = {},
): Promise<Partner> {
  const response = await caller(server)(who, 'POST', '/api/partners', {
    name: unique('Company '),
    country: 'NL',
    cocNumber: uniqueCoc(),
    vatNumber: validVat('NL'),
    address,
    ...fields,
  });
  if (response.statusCode !== 201)
    throw new Error(`create partner: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Adds a new person to a company the way the product does: an invitation from `inviter`,
 * accepted by the invitee's first ensure-user.
 */
export async function addMember(
  server: TestServer,
  inviter: Actor,
  partner: Partner,
  accessLevel: 'OWNER' | 'ADMIN' | 'EDITOR' | 'VIEWER',
  roles: string[] = ['CONTACT'],
): Promise<Actor> {
  const name = unique(accessLevel.toLowerCase());
  const invited = await caller(server)(
    inviter,
    'POST',
    `/api/partners/uuid/${partner.uuid}/invitations`,
    {
      email: `${name}@nt24.example`,
      accessLevel,
    },
  );
  if (invited.statusCode !== 201) throw new Error(`invite: ${invited.statusCode} ${invited.body}`);
  const claims = person(name, roles);
  const token = await server.token(claims);
  const ensured = await caller(server)(token, 'POST', '/api/auth/keycloak/ensure-user');
  const user = await caller(server)(token, 'GET', `/api/users/keycloak/${claims.sub}`);
  return {
    name,
    token,
    claims,
    email: claims.email!,
    userId: ensured.json().userId,
    userUuid: user.json().uuid,
  };
}

/** The `details` of a 400 answer as `field: message` lines, for readable assertions. */
export function problems(response: LightMyRequestResponse): string[] {
  const details = (response.json().details ?? []) as { field: string; message: string }[];
  return details.map((d) => `${d.field}: ${d.message}`);
}
