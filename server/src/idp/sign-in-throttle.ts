import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { signInFailures } from '#server/db/schema/idp.js';
import { findAccountByLogin } from './accounts.js';

/**
 * How failed sign-ins lock an account and a client address (decision 025), as Keycloak's
 * brute-force detection does with the realm settings of deploy/keycloak/nt24-realm.json:
 * from the `failures`-th failure in a row the key is locked, first for `firstLockSeconds`,
 * doubling with each further failure up to `maxLockSeconds`; failures older than
 * `forgetSeconds` no longer count.
 */
export interface LockoutRule {
  failures: number;
  firstLockSeconds: number;
  maxLockSeconds: number;
  forgetSeconds: number;
}

export const ACCOUNT_LOCKOUT: LockoutRule = {
  failures: 5,
  firstLockSeconds: 30,
  maxLockSeconds: 15 * 60,
  forgetSeconds: 12 * 60 * 60,
};

/** Many accounts tried from one address (password spraying); a success does not reset it. */
export const ADDRESS_LOCKOUT: LockoutRule = {
  failures: 20,
  firstLockSeconds: 60,
  maxLockSeconds: 15 * 60,
  forgetSeconds: 15 * 60,
};

export interface SignInKeys {
  /** The account the login names, or the login itself when no account has it. */
  account: string;
  address: string;
}

export interface Lock {
  kind: 'account' | 'address';
  /** Whole seconds until the lock ends, at least 1. */
  retryAfterSeconds: number;
}

/**
 * The keys a sign-in counts against. An unknown login counts like an account, so that a lock
 * does not tell which logins exist.
 */
export async function signInKeys(db: Db, login: string, address: string): Promise<SignInKeys> {
  const account = await findAccountByLogin(db, login);
  return {
    account: account ? `account:${account.id}` : `login:${login.trim().toLowerCase()}`,
    address: `address:${address}`,
  };
}

/** The lock that refuses a sign-in now, the account's before the address's. */
export async function currentLock(db: Db, keys: SignInKeys): Promise<Lock | undefined> {
  const rows = await db
    .select({
      key: signInFailures.key,
      seconds: sql<number>`ceil(extract(epoch from ${signInFailures.lockedUntil} - now()))::int`,
    })
    .from(signInFailures)
    .where(inArray(signInFailures.key, [keys.account, keys.address]));
  for (const kind of ['account', 'address'] as const) {
    const seconds = rows.find((row) => row.key === keys[kind])?.seconds;
    if (seconds !== undefined && seconds !== null && seconds > 0) {
      return { kind, retryAfterSeconds: seconds };
    }
  }
  return undefined;
}

async function countFailure(db: Db, key: string, rule: LockoutRule): Promise<void> {
  const forget = sql`now() - make_interval(secs => ${rule.forgetSeconds})`;
  await db
    .insert(signInFailures)
    .values({ key, failures: 1, lastFailureAt: sql`now()` })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${signInFailures.lastFailureAt} < ${forget} then 1 else ${signInFailures.failures} + 1 end`,
        lastFailureAt: sql`now()`,
      },
    });
  // From the threshold on, each failure locks for twice as long as the one before.
  const seconds = sql`least(${rule.firstLockSeconds} * power(2, ${signInFailures.failures} - ${rule.failures}), ${rule.maxLockSeconds})`;
  await db
    .update(signInFailures)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(sql`${signInFailures.key} = ${key} and ${signInFailures.failures} >= ${rule.failures}`);
}

export async function recordFailure(db: Db, keys: SignInKeys): Promise<void> {
  await countFailure(db, keys.account, ACCOUNT_LOCKOUT);
  await countFailure(db, keys.address, ADDRESS_LOCKOUT);
}

/** A successful sign-in forgets the account's failures (not the address's). */
export async function recordSuccess(db: Db, keys: SignInKeys): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, keys.account));
}

/** Removes what no longer counts: unlocked keys whose last failure is past every rule's memory. */
export async function forgetOldFailures(db: Db): Promise<number> {
  const longest = Math.max(ACCOUNT_LOCKOUT.forgetSeconds, ADDRESS_LOCKOUT.forgetSeconds);
  const removed = await db
    .delete(signInFailures)
    .where(
      sql`${lt(signInFailures.lastFailureAt, sql`now() - make_interval(secs => ${longest})`)} and (${signInFailures.lockedUntil} is null or ${signInFailures.lockedUntil} < now())`,
    )
    .returning({ key: signInFailures.key });
  return removed.length;
}
