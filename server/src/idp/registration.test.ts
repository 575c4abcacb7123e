import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompany } from '#server/testing/access-world.js';
import { findAccountByLogin } from './accounts.js';
import {
  authorizeUrl,
  browser,
  fragment,
  idpTestApp,
  OIDC,
  pkce,
  REDIRECT_URI,
  signIn,
  type Browser,
} from './test-support.js';

const LOGIN = /^\/realms\/nt24\/login\/([\w-]+)$/;

/** What keycloak-js' register() opens: the authorization parameters, at the registrations path. */
function registrationsUrl(challenge: string, state: string) {
  const auth = new URL(
    authorizeUrl({ state, code_challenge: challenge, code_challenge_method: 'S256' }),
    'http://localhost:8080',
  );
  return `${OIDC}/registrations${auth.search}`;
}

/** Follows the redirects from register() to the registration form. */
async function openRegistration(request: Browser) {
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString('hex');
  const start = await request('GET', registrationsUrl(challenge, state));
  expect(start.statusCode).toBe(303);
  const auth = start.headers.location as string;
  expect(auth.startsWith(`${OIDC}/auth?`)).toBe(true);
  expect(new URL(auth, 'http://localhost:8080').searchParams.get('prompt')).toBe('create');

  const interaction = await request('GET', auth);
  expect(interaction.statusCode).toBe(303);
  const entry = interaction.headers.location as string;
  expect(entry).toMatch(/^\/realms\/nt24\/login\/[\w-]+\?prompt=create$/);
  const loginUrl = entry.split('?')[0]!;

  const redirected = await request('GET', entry);
  expect(redirected.statusCode).toBe(303);
  const registrationUrl = redirected.headers.location as string;
  expect(registrationUrl).toBe(`${loginUrl}/registration`);
  const page = await request('GET', registrationUrl);
  expect(page.statusCode).toBe(200);
  return { verifier, state, loginUrl, registrationUrl, page };
}

/** Follows the redirects after the form to the portal, and exchanges the code for tokens. */
async function finish(request: Browser, location: string, verifier: string, state: string) {
  const resume = await request('GET', location);
  expect(resume.statusCode).toBe(303);
  const callback = resume.headers.location as string;
  expect(callback.startsWith(`${REDIRECT_URI}#`)).toBe(true);
  const params = fragment(callback);
  expect(params.get('state')).toBe(state);
  const token = await request('POST', `${OIDC}/token`, {
    form: {
      code: params.get('code')!,
      grant_type: 'authorization_code',
      client_id: 'nt24-web',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    },
  });
  expect(token.statusCode).toBe(200);
  return token.json() as Record<string, string>;
}

const FORM = {
  email: 'New.Person@Example.com',
  password: 'correct horse',
  'password-confirm': 'correct horse',
  firstName: 'Nora',
  lastName: 'van der Berg',
};

describe('registration on the development identity provider', () => {
  let harness: Awaited<ReturnType<typeof idpTestApp>>;
  const app = () => harness.app;

  beforeAll(async () => {
    harness = await idpTestApp();
  });
  afterAll(() => harness?.close());

  it('shows the form for register(), with labels, autocomplete and a way back', async () => {
    const { page, loginUrl } = await openRegistration(browser(app));
    const html = page.body;
    expect(page.headers['content-type']).toContain('text/html');
    expect(html).toContain('<h1>Create your account</h1>');
    for (const [id, label, autocomplete] of [
      ['email', 'Email', 'email'],
      ['password', 'Password', 'new-password'],
      ['password-confirm', 'Confirm password', 'new-password'],
      ['firstName', 'First name', 'given-name'],
      ['lastName', 'Last name', 'family-name'],
    ] as const) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toMatch(new RegExp(`<input id="${id}" [^>]*autocomplete="${autocomplete}"`));
    }
    expect(html).toMatch(/<input id="email" name="email" type="email"[^>]* autofocus>/);
    expect(html).toMatch(/<button class="btn" type="submit">Create account<\/button>/);
    expect(html).toContain(`<a href="${loginUrl}">Back to sign in</a>`);
    expect(html).not.toContain('role="alert"');
  });

  it('goes back to the sign-in form of the same request, which links to the form again', async () => {
    const request = browser(app);
    const { loginUrl, registrationUrl } = await openRegistration(request);
    const login = await request('GET', loginUrl);
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('Sign in to your account');
    expect(login.body).toContain(`<a href="${registrationUrl}">Create account</a>`);
  });

  it('links the ordinary sign-in page to the registration form', async () => {
    const request = browser(app);
    const { challenge } = pkce();
    const auth = await request(
      'GET',
      authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const loginUrl = auth.headers.location as string;
    expect(loginUrl).toMatch(LOGIN);
    const login = await request('GET', loginUrl);
    expect(login.body).toContain(`<a href="${loginUrl}/registration">Create account</a>`);
    const form = await request('GET', `${loginUrl}/registration`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Create your account');
  });

  it.each([
    {
      title: 'nothing filled in',
      form: {},
      errors: {
        email: 'Enter your e-mail address.',
        password: 'Enter a password.',
        'password-confirm': 'Confirm your password.',
        firstName: 'Enter your first name.',
        lastName: 'Enter your last name.',
      },
    },
    {
      title: 'an e-mail address without a domain',
      form: { ...FORM, email: 'nora@' },
      errors: { email: 'Enter a valid e-mail address, such as name@example.com.' },
    },
    {
      title: 'a short password',
      form: { ...FORM, password: 'short', 'password-confirm': 'short' },
      errors: { password: 'The password must be at least 8 characters long.' },
    },
    {
      title: 'passwords that differ',
      form: { ...FORM, 'password-confirm': 'correct horses' },
      errors: { 'password-confirm': 'The passwords do not match.' },
    },
    {
      title: 'names of spaces only',
      form: { ...FORM, firstName: '  ', lastName: ' ' },
      errors: { firstName: 'Enter your first name.', lastName: 'Enter your last name.' },
    },
    {
      title: 'an e-mail address already in use (any case)',
      form: { ...FORM, email: 'Manager@NT24.example' },
      errors: { email: 'An account with this e-mail address already exists.' },
    },
  ])('refuses $title, with each message next to its field', async ({ form, errors }) => {
    const request = browser(app);
    const { registrationUrl } = await openRegistration(request);
    const response = await request('POST', registrationUrl, { form });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(
      '<div class="alert" role="alert">Please correct the marked fields.</div>',
    );
    for (const [id, message] of Object.entries(errors)) {
      expect(html).toContain(`<div class="error" id="${id}-error">${message}</div>`);
      expect(html).toMatch(
        new RegExp(
          `<input id="${id}" [^>]*aria-describedby="[^"]*${id}-error"[^>]* aria-invalid="true"`,
        ),
      );
    }
    expect(html.match(/class="error"/g)).toHaveLength(Object.keys(errors).length);
    // The first field to correct has the focus.
    const first = Object.keys(errors)[0]!;
    expect(html).toMatch(new RegExp(`<input id="${first}" [^>]* autofocus>`));
    // What was typed stays, except the passwords.
    const typed = form as Partial<typeof FORM>;
    for (const id of ['email', 'firstName', 'lastName'] as const) {
      expect(html).toMatch(
        new RegExp(`<input id="${id}" [^>]*value="${(typed[id] ?? '').trim()}"`),
      );
    }
    expect(html).not.toContain('correct horse');
  });

  it('creates the account, signs the person in and finishes with a code', async () => {
    const request = browser(app);
    const { registrationUrl, verifier, state } = await openRegistration(request);
    const response = await request('POST', registrationUrl, { form: FORM });
    expect(response.statusCode).toBe(303);
    const tokens = await finish(request, response.headers.location as string, verifier, state);

    const access = decodeJwt(tokens.access_token!);
    expect(access).toMatchObject({
      preferred_username: 'new.person@example.com',
      email: 'new.person@example.com',
      given_name: 'Nora',
      family_name: 'van der Berg',
      // Decision 042: not the realm role OWNER; what they are in a company is their level there.
      realm_access: { roles: ['NT24_TRADE_PARTNER', 'CONTACT'] },
    });
    expect(decodeJwt(tokens.id_token!)).toMatchObject({
      email: 'new.person@example.com',
      given_name: 'Nora',
      family_name: 'van der Berg',
    });

    const account = await findAccountByLogin(app().db, 'new.person@example.com');
    expect(account).toMatchObject({
      username: 'new.person@example.com',
      email: 'new.person@example.com',
      roles: ['NT24_TRADE_PARTNER', 'CONTACT'],
    });
    expect(account!.passwordHash).not.toContain('correct horse');

    // The API knows the new person by the token.
    const info = await request('GET', '/api/auth/session/info', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.json()).toMatchObject({
      username: 'new.person@example.com',
      effectiveRoles: ['NT24_TRADE_PARTNER', 'CONTACT'],
    });

    // They register their company, become its OWNER member and start its KYC file.
    const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app().inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens.access_token}` },
        ...(payload ? { payload } : {}),
      });
    const company = await api('POST', '/api/partners', newCompany());
    expect(company.statusCode, company.body).toBe(201);
    const { uuid } = company.json() as { uuid: string };
    const role = await api('GET', `/api/partners/uuid/${uuid}/user-role`);
    expect(role.json()).toMatchObject({ role: 'OWNER', accessLevel: 'OWNER' });
    const kyc = await api('POST', '/api/kyc/uuid', { tradePartnerUuid: uuid });
    expect(kyc.statusCode, kyc.body).toBe(201);

    // And the password signs in from then on.
    const again = await signIn(browser(app), 'NEW.PERSON@example.com', FORM.password);
    expect(decodeJwt(again.tokens.access_token as string).sub).toBe(access.sub);
  });

  it('registers from the ordinary sign-in page as well', async () => {
    const request = browser(app);
    const { verifier, challenge } = pkce();
    const state = randomBytes(8).toString('hex');
    const auth = await request(
      'GET',
      authorizeUrl({ state, code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const loginUrl = auth.headers.location as string;
    const response = await request('POST', `${loginUrl}/registration`, {
      form: { ...FORM, email: 'second@example.com' },
    });
    expect(response.statusCode).toBe(303);
    const tokens = await finish(request, response.headers.location as string, verifier, state);
    expect(decodeJwt(tokens.access_token!)).toMatchObject({ email: 'second@example.com' });
  });

  it('lets someone sent to register sign in instead', async () => {
    const request = browser(app);
    const { loginUrl, verifier, state } = await openRegistration(request);
    const login = await request('POST', loginUrl, {
      form: { username: 'partner', password: 'nt24demo' },
    });
    expect(login.statusCode).toBe(303);
    const tokens = await finish(request, login.headers.location as string, verifier, state);
    expect(decodeJwt(tokens.access_token!)).toMatchObject({ preferred_username: 'partner' });
  });

  it('shows the form to someone already signed in, and ends their session on registering', async () => {
    const request = browser(app);
    await signIn(request, 'contact');
    const { page, registrationUrl, verifier, state } = await openRegistration(request);
    expect(page.body).toContain('Create your account');

    const response = await request('POST', registrationUrl, {
      form: { ...FORM, email: 'third@example.com' },
    });
    // oidc-provider ends the old session first (a self-submitting form), then resumes.
    const resume = await request('GET', response.headers.location as string);
    expect(resume.statusCode).toBe(200);
    const action = /action="([^"]+)"/.exec(resume.body)![1]!;
    const form = Object.fromEntries(
      [...resume.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const confirmed = await request('POST', new URL(action).pathname, { form });
    expect(confirmed.statusCode).toBe(303);
    const tokens = await finish(request, confirmed.headers.location as string, verifier, state);
    expect(decodeJwt(tokens.access_token!)).toMatchObject({ email: 'third@example.com' });
  });

  it('treats a form without its interaction as expired', async () => {
    const request = browser(app);
    const page = await request('GET', '/realms/nt24/login/no-such-interaction/registration');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('This sign-in page has expired.');
    const post = await request('POST', '/realms/nt24/login/no-such-interaction/registration', {
      form: { ...FORM, email: 'ghost@example.com' },
    });
    expect(post.statusCode).toBe(400);
    expect(await findAccountByLogin(app().db, 'ghost@example.com')).toBeUndefined();
  });
});
