/**
 * What an attacker meets (issue 17, points 1 and 2), against the production server with its
 * default limits on a fresh data folder:
 *
 *   npx tsx bench/abuse.ts          (ABUSE_PORT, 8395 unless set)
 *
 * 1. 50 wrong passwords for the demo owner through the sign-in form, then the right one;
 * 2. 600 parallel calls to a public endpoint from one address;
 * 3. 300 calls with a forged bearer token from one address;
 * 4. 2000 calls from one signed-in person, 50 at a time;
 * 5. the security headers of the app page, an asset, an API answer and the sign-in page.
 * Prints what each answered, by status; the figures are in docs/security.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import { resetDataDir, spawnServer, stopServer, waitUntilReady } from '../e2e/support/server.js';

const port = Number(process.env.ABUSE_PORT ?? 8395);
const origin = `http://localhost:${port}`;
const dataDir = 'test-results/abuse-data';

type Tally = Record<string, number>;

function tally(values: (number | string)[]): Tally {
  const counts: Tally = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** Cookies as a browser keeps them for one origin (names only, paths ignored: enough here). */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A sign-in form of a new authorization request, as keycloak-js starts one. */
/**
 * A sign-in form of a new authorization request, as keycloak-js starts one (the code comes
 * back in the query); answers the form's address and the PKCE verifier.
 */
async function openSignIn(jar: Jar): Promise<{ form: string; verifier: string }> {
  const verifier = randomBytes(48).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'nt24-web',
    redirect_uri: `${origin}/dashboard`,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const auth = await fetch(`${origin}/realms/nt24/protocol/openid-connect/auth?${query}`, {
    redirect: 'manual',
  });
  jar.store(auth);
  return { form: new URL(auth.headers.get('location')!, origin).toString(), verifier };
}

async function postForm(jar: Jar, url: string, form: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  jar.store(response);
  return {
    status: response.status,
    body: await response.text(),
    retryAfter: response.headers.get('retry-after'),
    location: response.headers.get('location'),
  };
}

/** What a sign-in page said: incorrect, account locked, too many attempts, or signed in. */
function outcome(answer: { status: number; body: string }): string {
  if (answer.status === 303) return 'signed in';
  if (answer.body.includes('Account Locked')) return 'Account Locked';
  if (answer.body.includes('Too Many Attempts')) return 'Too Many Attempts';
  return answer.body.includes('incorrect') ? 'incorrect' : String(answer.status);
}

async function wrongPasswords() {
  const jar = new Jar();
  const { form } = await openSignIn(jar);
  const outcomes: string[] = [];
  for (let i = 0; i < 50; i++) {
    outcomes.push(
      outcome(await postForm(jar, form, { username: 'owner', password: `guess-${i}` })),
    );
  }
  const right = await postForm(jar, form, { username: 'owner', password: 'nt24demo' });
  console.log(
    `1. 50 wrong passwords for owner: ${JSON.stringify(tally(outcomes))}; ` +
      `first 'Account Locked' at attempt ${outcomes.indexOf('Account Locked') + 1}; ` +
      `the right password then: ${outcome(right)} (HTTP ${right.status}, Retry-After ${right.retryAfter} s)`,
  );
}

async function parallel(count: number, call: () => Promise<Response>) {
  const responses = await Promise.all(Array.from({ length: count }, call));
  const retry = responses.map((r) => Number(r.headers.get('retry-after') ?? 0));
  await Promise.all(responses.map((r) => r.arrayBuffer()));
  return { statuses: tally(responses.map((r) => r.status)), maxRetryAfter: Math.max(...retry) };
}

/** Signs the demo employee in through the form and the token endpoint; answers the access token. */
async function accessToken(): Promise<string> {
  const jar = new Jar();
  const { form, verifier } = await openSignIn(jar);
  const signedIn = await postForm(jar, form, { username: 'employee', password: 'nt24demo' });
  let location = signedIn.location!;
  while (!location.startsWith(`${origin}/dashboard`)) {
    const response = await fetch(new URL(location, origin), {
      redirect: 'manual',
      headers: { cookie: jar.header },
    });
    jar.store(response);
    location = response.headers.get('location')!;
  }
  const code = new URL(location).searchParams.get('code')!;
  const token = await fetch(`${origin}/realms/nt24/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: 'nt24-web',
      redirect_uri: `${origin}/dashboard`,
      code_verifier: verifier,
    }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

async function headers() {
  const kinds: [string, string, Record<string, string>][] = [
    ['app page', '/dashboard', { accept: 'text/html' }],
    ['API answer', '/api/health', {}],
    ['sign-in page', '/realms/nt24/login/none', {}],
  ];
  for (const [name, path, extra] of kinds) {
    const response = await fetch(`${origin}${path}`, { headers: extra });
    await response.arrayBuffer();
    const csp = response.headers.get('content-security-policy') ?? 'none';
    console.log(
      `5. ${name}: CSP ${csp.slice(0, 60)}…; X-Frame-Options ${response.headers.get('x-frame-options')}; nosniff ${response.headers.get('x-content-type-options')}; Referrer-Policy ${response.headers.get('referrer-policy')}; Permissions-Policy ${response.headers.get('permissions-policy') ? 'yes' : 'no'}`,
    );
  }
}

await resetDataDir(dataDir);
const server = spawnServer({ port, dataDir, env: { LOG_LEVEL: 'error' } });
try {
  await waitUntilReady(port);
  // Before the wrong passwords, which lock this address's sign-ins too.
  const token = await accessToken();
  await wrongPasswords();
  const publicCalls = await parallel(600, () => fetch(`${origin}/api/utils/countries`));
  console.log(
    `2. 600 parallel calls to /api/utils/countries: ${JSON.stringify(publicCalls.statuses)}, Retry-After up to ${publicCalls.maxRetryAfter} s`,
  );
  const forged = await parallel(300, () =>
    fetch(`${origin}/api/auth/session/info`, {
      headers: { authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.forged' },
    }),
  );
  console.log(`3. 300 calls with a forged token: ${JSON.stringify(forged.statuses)}`);
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const batch = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${origin}/api/auth/session/info`, { headers: { authorization: `Bearer ${token}` } }),
      ),
    );
    await Promise.all(batch.map((r) => r.arrayBuffer()));
    statuses.push(...batch.map((r) => r.status));
  }
  console.log(`4. 2000 calls by one signed-in person: ${JSON.stringify(tally(statuses))}`);
  await headers();
} finally {
  await stopServer(server);
}
