import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCKOUT, ADDRESS_LOCKOUT } from './sign-in-throttle.js';
import { authorizeUrl, browser, idpTestApp, pkce, signIn, type Browser } from './test-support.js';

/** Opens the sign-in form of a new authorization request; answers the form's address. */
async function loginForm(request: Browser): Promise<string> {
  const { challenge } = pkce();
  const auth = await request(
    'GET',
    authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }),
  );
  expect(auth.statusCode).toBe(303);
  return auth.headers.location as string;
}

const LOCKED_TEXT = 'Your account has been locked. Please contact support.';
const INCORRECT = 'The username or password you entered is incorrect.';

describe('sign-in throttling (decision 025)', () => {
  let harness: Awaited<ReturnType<typeof idpTestApp>>;
  const app = () => harness.app;

  beforeAll(async () => {
    harness = await idpTestApp({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000' });
  });
  afterAll(() => harness?.close());

  /** Ends every lock, as if their time had passed; the failures stay counted. */
  const endLocks = () =>
    harness.app.db.execute(
      sql`update sign_in_failures set locked_until = now() - interval '1 second'`,
    );

  it('locks an account after repeated wrong passwords, with the account_locked notice', async () => {
    const request = browser(app, '10.0.0.1');
    const form = await loginForm(request);
    for (let i = 1; i < ACCOUNT_LOCKOUT.failures; i++) {
      const wrong = await request('POST', form, { form: { username: 'owner', password: `x${i}` } });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.body).toContain(INCORRECT);
    }
    const locking = await request('POST', form, { form: { username: 'owner', password: 'x' } });
    expect(locking.statusCode).toBe(429);
    expect(locking.body).toContain('Account Locked');
    expect(locking.body).toContain(LOCKED_TEXT);
    expect(Number(locking.headers['retry-after'])).toBe(ACCOUNT_LOCKOUT.firstLockSeconds);

    // The right password does not get through a lock, from another address either.
    const other = browser(app, '10.0.0.2');
    const right = await other('POST', await loginForm(other), {
      form: { username: 'Owner@nt24.example', password: 'nt24demo' },
    });
    expect(right.statusCode).toBe(429);
    expect(right.body).toContain(LOCKED_TEXT);
    expect(right.body).not.toContain(INCORRECT);
  });

  it('locks for twice as long with each further failure, and a success forgets them', async () => {
    await endLocks();
    const request = browser(app, '10.0.0.3');
    const form = await loginForm(request);
    const again = await request('POST', form, { form: { username: 'owner', password: 'y' } });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(2 * ACCOUNT_LOCKOUT.firstLockSeconds);
    expect(again.body).toContain('You can also try again in 1 minute.');

    await endLocks();
    await signIn(request, 'owner');
    const fresh = browser(app, '10.0.0.3');
    const wrong = await fresh('POST', await loginForm(fresh), {
      form: { username: 'owner', password: 'z' },
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain(INCORRECT);
  });

  it('locks a login that names no account the same way, telling nothing of which exist', async () => {
    const request = browser(app, '10.0.0.4');
    const form = await loginForm(request);
    const answers = [];
    for (let i = 0; i < ACCOUNT_LOCKOUT.failures; i++) {
      answers.push(await request('POST', form, { form: { username: 'nobody', password: 'x' } }));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 429]);
    expect(answers.at(-1)!.body).toContain(LOCKED_TEXT);
  });

  it('locks a client address that tries many accounts, not the accounts elsewhere', async () => {
    await endLocks();
    const request = browser(app, '10.0.0.5');
    const form = await loginForm(request);
    const statuses: number[] = [];
    for (let i = 0; i < ADDRESS_LOCKOUT.failures; i++) {
      const answer = await request('POST', form, {
        form: { username: `guess${i}`, password: 'x' },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const locked = await request('POST', form, {
      form: { username: 'manager', password: 'nt24demo' },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain('Too Many Attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // The same account signs in from another address.
    await signIn(browser(app, '10.0.0.6'), 'manager');
  });
});

describe('sign-in and registration forms per client address (decision 025)', () => {
  let harness: Awaited<ReturnType<typeof idpTestApp>>;
  const app = () => harness.app;

  beforeAll(async () => {
    harness = await idpTestApp({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '3' });
  });
  afterAll(() => harness?.close());

  it('answers 429 with Retry-After once an address has sent too many forms', async () => {
    const request = browser(app, '10.0.1.1');
    const form = await loginForm(request);
    for (let i = 0; i < 3; i++) {
      const wrong = await request('POST', form, { form: { username: `n${i}`, password: 'x' } });
      expect(wrong.statusCode).toBe(200);
    }
    const limited = await request('POST', `${form}/registration`, {
      form: {
        email: 'new@example.com',
        password: 'long enough',
        'password-confirm': 'long enough',
        firstName: 'A',
        lastName: 'B',
      },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('There were too many attempts from your network.');
    expect(limited.body).toContain('value="new@example.com"');
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);

    // Another address is not affected.
    await signIn(browser(app, '10.0.1.2'), 'employee');
  });
});
