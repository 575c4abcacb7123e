import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { idpAccounts } from '#server/db/schema/idp.js';
import { ConflictError } from '#server/errors.js';
import type { Role } from '#server/auth/roles.js';

export type IdpAccount = typeof idpAccounts.$inferSelect;

export interface NewAccount {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  roles: readonly Role[];
}

export const DEMO_PASSWORD = 'nt24demo';

/** The demo accounts seeded at start-up, one role each. */
export const DEMO_ACCOUNTS: readonly Omit<NewAccount, 'password'>[] = [
  {
    username: 'superadmin',
    firstName: 'Sophie',
    lastName: 'Vermeer',
    email: 'superadmin@nt24.example',
    roles: ['NT24_SUPER_ADMIN'],
  },
  {
    username: 'manager',
    firstName: 'Mark',
    lastName: 'de Vries',
    email: 'manager@nt24.example',
    roles: ['NT24_MANAGER'],
  },
  {
    username: 'employee',
    firstName: 'Eva',
    lastName: 'Jansen',
    email: 'employee@nt24.example',
    roles: ['NT24_EMPLOYEE'],
  },
  {
    username: 'partner',
    firstName: 'Peter',
    lastName: 'Bakker',
    email: 'partner@nt24.example',
    roles: ['NT24_TRADE_PARTNER'],
  },
  {
    username: 'owner',
    firstName: 'Olivia',
    lastName: 'Smit',
    email: 'owner@nt24.example',
    roles: ['OWNER'],
  },
  {
    username: 'contact',
    firstName: 'Carlos',
    lastName: 'Romero',
    email: 'contact@nt24.example',
    roles: ['CONTACT'],
  },
];

// ---- passwords ---------------------------------------------------------------------------------

const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 };
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...options, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash base64url; the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = SCRYPT;
  const key = await derive(password, salt, keyLength, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const [N, blockSize, parallel] = [n, r, p].map(Number);
  if (scheme !== 'scrypt' || !salt || !hash || !N || !blockSize || !parallel) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), expected.length, {
    N,
    r: blockSize,
    p: parallel,
  });
  return timingSafeEqual(actual, expected);
}

/** Unknown users cost as much time as wrong passwords, so response times do not reveal usernames. */
let dummyHash: Promise<string> | undefined;

// ---- accounts ----------------------------------------------------------------------------------

const normalise = (value: string) => value.trim().toLowerCase();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findAccountById(db: Db, id: string): Promise<IdpAccount | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id)).limit(1);
  return row;
}

/** By username or e-mail address, case-insensitively; a username match wins. */
export async function findAccountByLogin(db: Db, login: string): Promise<IdpAccount | undefined> {
  const value = normalise(login);
  if (!value) return undefined;
  const byUsername = sql`lower(${idpAccounts.username}) = ${value}`;
  const [row] = await db
    .select()
    .from(idpAccounts)
    .where(sql`${byUsername} or lower(${idpAccounts.email}) = ${value}`)
    .orderBy(sql`${byUsername} desc`)
    .limit(1);
  return row;
}

/** The account when the password is right; undefined for an unknown user or a wrong password. */
export async function authenticate(
  db: Db,
  login: string,
  password: string,
): Promise<IdpAccount | undefined> {
  const account = await findAccountByLogin(db, login);
  if (!account) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(password, await dummyHash);
    return undefined;
  }
  return (await verifyPassword(password, account.passwordHash)) ? account : undefined;
}

async function toRow(input: NewAccount) {
  return {
    username: normalise(input.username),
    email: normalise(input.email),
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    passwordHash: await hashPassword(input.password),
    roles: [...input.roles],
  };
}

/**
 * Creates an account (for the later self-registration). Usernames and e-mail addresses are stored
 * in lower case, as Keycloak does; either one already taken is a conflict.
 */
export async function createAccount(db: Db, input: NewAccount): Promise<IdpAccount> {
  const taken =
    (await findAccountByLogin(db, input.username)) ?? (await findAccountByLogin(db, input.email));
  if (taken)
    throw new ConflictError('An account with this username or e-mail address already exists.');
  const [row] = await db
    .insert(idpAccounts)
    .values(await toRow(input))
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new ConflictError('An account with this username or e-mail address already exists.');
  return row;
}

/**
 * Inserts the demo accounts that are missing. Idempotent, and safe when several processes start
 * together: a row another process inserted first is simply skipped.
 */
export async function seedDemoAccounts(db: Db): Promise<string[]> {
  const usernames = DEMO_ACCOUNTS.map((a) => a.username);
  const existing = await db
    .select({ username: idpAccounts.username })
    .from(idpAccounts)
    .where(inArray(idpAccounts.username, usernames));
  const have = new Set(existing.map((row) => row.username));
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.username));
  if (missing.length === 0) return [];
  const rows = await Promise.all(missing.map((a) => toRow({ ...a, password: DEMO_PASSWORD })));
  const inserted = await db
    .insert(idpAccounts)
    .values(rows)
    .onConflictDoNothing()
    .returning({ username: idpAccounts.username });
  return inserted.map((row) => row.username);
}

/** The identity claims Keycloak puts in its tokens and userinfo answers. */
export function identityClaims(account: IdpAccount) {
  return {
    sub: account.id,
    preferred_username: account.username,
    email: account.email,
    email_verified: true,
    name: `${account.firstName} ${account.lastName}`.trim(),
    given_name: account.firstName,
    family_name: account.lastName,
  };
}
