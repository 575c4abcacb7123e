import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { createMemoryRouter } from 'react-router-dom';
import { TERMS_VERSION } from '@common/terms';
import type { TokenIdentity } from '@/lib/token';
import { deVriesTrading, errorBody, markDeVries } from '../../../tests/msw-handlers';
import { server } from '../../../tests/msw-server';
import { renderApp as renderWholeApp, stubMatchMedia } from '../../../tests/render-app';
import { markToken } from '../../../tests/render-with-providers';

const partnerToken: TokenIdentity = { ...markToken, roles: ['NT24_TRADE_PARTNER'] };

/** The whole app at `path`, signed in as a trade partner unless `token` says otherwise. */
const renderApp = (path: string, token = partnerToken) => renderWholeApp(path, token);

const location = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});

afterEach(() => vi.unstubAllGlobals());

// Whole journeys through the app, typing as a person does: slower than a unit test.
describe('onboarding screens', { timeout: 20_000 }, () => {
  it('walks an incomplete profile through the profile modal and the company modal to the dashboard', async () => {
    let user = {
      ...markDeVries,
      nationality: null as string | null,
      roles: ['NT24_TRADE_PARTNER'],
    };
    let partners: object[] = [];
    const requests: { method: string; path: string; body: unknown }[] = [];
    server.use(
      http.get('/api/users/keycloak/:identityId', () => HttpResponse.json(user)),
      http.patch('/api/users/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        requests.push({ method: 'PATCH', path: new URL(request.url).pathname, body });
        user = { ...user, ...body };
        return HttpResponse.json(user);
      }),
      http.get('/api/users/uuid/:uuid/trade-partners', () => HttpResponse.json(partners)),
      http.post('/api/partners', async ({ request }) => {
        const body = await request.json();
        requests.push({ method: 'POST', path: '/api/partners', body });
        partners = [deVriesTrading];
        return HttpResponse.json(deVriesTrading, { status: 201 });
      }),
    );
    const { router, store } = await renderApp('/dashboard');

    const profile = await screen.findByRole('dialog', { name: 'Complete your profile' });
    expect(location(router)).toBe('/settings/basic-info?showModal=true');
    const u = userEvent.setup();
    expect(within(profile).getByRole('textbox', { name: 'First name' })).toHaveValue('Mark');
    expect(within(profile).getByRole('textbox', { name: 'Mobile number' })).toHaveValue(
      '+31 6 12345678',
    );
    // Shown in the app's format (SPEC 5), sent as yyyy-MM-dd (issue 18, point 8).
    expect(within(profile).getByLabelText('Date of birth')).toHaveValue('12.04.1985');
    await within(profile).findAllByRole('option', { name: 'Germany' });
    await u.selectOptions(within(profile).getByRole('combobox', { name: 'Nationality' }), 'DE');
    await u.click(within(profile).getByRole('button', { name: 'Save profile' }));

    const company = await screen.findByRole('dialog', { name: 'Set up your company' });
    expect(location(router)).toBe('/settings/company-info?showModal=company');
    expect(requests[0]).toEqual({
      method: 'PATCH',
      path: `/api/users/${markDeVries.id}`,
      body: {
        firstName: 'Mark',
        lastName: 'de Vries',
        sex: 'MALE',
        birthday: '1985-04-12',
        nationality: 'DE',
        country: 'NL',
        mobile: '+31612345678',
      },
    });
    expect(store.getState().onboarding.profileIncomplete).toBe(false);

    await u.type(
      within(company).getByRole('textbox', { name: 'Company name' }),
      'De Vries Trading B.V.',
    );
    await u.type(within(company).getByRole('textbox', { name: 'CoC number' }), '12345678');
    await u.type(within(company).getByRole('textbox', { name: 'Street' }), 'Damrak');
    await u.type(within(company).getByRole('textbox', { name: 'House number' }), '1');
    await u.type(within(company).getByRole('textbox', { name: 'Post code' }), '1012 LG');
    await u.type(within(company).getByRole('textbox', { name: 'City' }), 'Amsterdam');
    await u.selectOptions(within(company).getByRole('combobox', { name: 'Country' }), 'NL');
    await u.click(within(company).getByRole('button', { name: 'Save company' }));

    await waitFor(() => expect(location(router)).toBe('/dashboard'));
    expect(requests[1]).toEqual({
      method: 'POST',
      path: '/api/partners',
      body: {
        name: 'De Vries Trading B.V.',
        cocNumber: '12345678',
        address: {
          type: 'REGISTERED',
          street: 'Damrak',
          houseNumber: '1',
          postCode: '1012 LG',
          city: 'Amsterdam',
          country: 'NL',
        },
      },
    });
    expect(await screen.findByRole('region', { name: 'Your company' })).toHaveTextContent(
      'De Vries Trading B.V.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's 400 details next to the profile fields and keeps the modal", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.get('/api/users/keycloak/:identityId', () =>
        HttpResponse.json({ ...markDeVries, mobile: null }),
      ),
      http.patch('/api/users/:id', () =>
        HttpResponse.json(
          {
            ...errorBody(400, 'Bad Request', 'Validation failed'),
            details: [{ field: 'birthday', message: 'You must be at least 16 years old' }],
          },
          { status: 400 },
        ),
      ),
    );
    await renderApp('/dashboard');
    const profile = await screen.findByRole('dialog', { name: 'Complete your profile' });
    const u = userEvent.setup();

    const mobile = within(profile).getByRole('textbox', { name: 'Mobile number' });
    await u.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(mobile).toHaveAccessibleDescription(/This field is required/);
    await u.type(mobile, '0612');
    expect(mobile).toHaveAccessibleDescription(/Enter a valid phone number/);
    await u.clear(mobile);
    await u.type(mobile, '+31 6 12345678');
    await u.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(
      await within(profile).findByText('You must be at least 16 years old'),
    ).toBeInTheDocument();
    expect(within(profile).getByRole('alert')).toHaveTextContent(
      'Please check the highlighted fields.',
    );
    expect(screen.getByRole('dialog', { name: 'Complete your profile' })).toBeInTheDocument();
  });

  it('sends a new user to the basic information page with a welcome', async () => {
    server.use(
      http.post('/api/auth/keycloak/ensure-user', () =>
        HttpResponse.json({ userExists: false, userId: markDeVries.id }),
      ),
      http.get('/api/users/keycloak/:identityId', () =>
        HttpResponse.json({ ...markDeVries, firstName: null, sex: null, mobile: null }),
      ),
    );
    const { router } = await renderApp('/dashboard');
    expect(await screen.findByText('Welcome to the portal!')).toBeInTheDocument();
    expect(location(router)).toBe('/settings/basic-info');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Basic information' }),
    ).toBeInTheDocument();
  });

  it('asks for the address alone when only the address is missing, then goes to the dashboard', async () => {
    let body: unknown;
    server.use(
      http.get('/api/users/uuid/:uuid/trade-partners', () =>
        HttpResponse.json([{ ...deVriesTrading, addresses: [] }]),
      ),
      http.post('/api/partners/uuid/:uuid/addresses', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(deVriesTrading.addresses[0], { status: 201 });
      }),
      http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(deVriesTrading)),
    );
    const { router } = await renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Add your company address' });
    expect(location(router)).toBe('/settings/company-info?showModal=address');
    expect(within(dialog).queryByRole('textbox', { name: 'Company name' })).not.toBeInTheDocument();
    const u = userEvent.setup();
    await within(dialog).findAllByRole('option', { name: 'Netherlands' });
    await u.type(within(dialog).getByRole('textbox', { name: 'Street' }), 'Damrak');
    await u.type(within(dialog).getByRole('textbox', { name: 'House number' }), '1');
    await u.type(within(dialog).getByRole('textbox', { name: 'Post code' }), '1012 LG');
    await u.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Amsterdam');
    await u.selectOptions(within(dialog).getByRole('combobox', { name: 'Country' }), 'NL');
    await u.click(within(dialog).getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(location(router)).toBe('/dashboard'));
    expect(body).toMatchObject({ street: 'Damrak', city: 'Amsterdam', country: 'NL' });
  });

  it("shows a 409 answer's message in the company modal", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('/api/users/uuid/:uuid/trade-partners', () => HttpResponse.json([])),
      http.post('/api/partners', () =>
        HttpResponse.json(
          errorBody(409, 'Conflict', 'A trade partner with this CoC number already exists.'),
          { status: 409 },
        ),
      ),
    );
    await renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Set up your company' });
    const u = userEvent.setup();
    await within(dialog).findAllByRole('option', { name: 'Netherlands' });
    await u.type(within(dialog).getByRole('textbox', { name: 'Company name' }), 'Copy B.V.');
    await u.type(within(dialog).getByRole('textbox', { name: 'Street' }), 'Damrak');
    await u.type(within(dialog).getByRole('textbox', { name: 'House number' }), '1');
    await u.type(within(dialog).getByRole('textbox', { name: 'Post code' }), '1012 LG');
    await u.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Amsterdam');
    await u.selectOptions(within(dialog).getByRole('combobox', { name: 'Country' }), 'NL');
    await u.click(within(dialog).getByRole('button', { name: 'Save company' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A trade partner with this CoC number already exists.',
    );
  });
});

describe('settings screens', { timeout: 20_000 }, () => {
  it('gives an overview of the profile and the company', async () => {
    await renderApp('/settings');
    const basic = await screen.findByRole('region', { name: 'Basic information' });
    expect(basic).toHaveTextContent('Complete');
    expect(basic).toHaveTextContent('12.04.1985');
    expect(basic).toHaveTextContent('+31 6 12345678');
    expect(within(basic).getByRole('link', { name: 'Edit basic information' })).toHaveAttribute(
      'href',
      '/settings/basic-info',
    );
    const company = screen.getByRole('region', { name: 'Company information' });
    await waitFor(() => expect(company).toHaveTextContent('De Vries Trading B.V.'));
    expect(company).toHaveTextContent('Damrak 1, Amsterdam, Netherlands');
    expect(company).toHaveTextContent('Not accepted yet');
  });

  it('changes the company data and accepts the terms', async () => {
    const patches: unknown[] = [];
    const terms: unknown[] = [];
    server.use(
      http.patch('/api/partners/uuid/:uuid', async ({ request }) => {
        const body = (await request.json()) as object;
        patches.push(body);
        return HttpResponse.json({ ...deVriesTrading, ...body });
      }),
      http.patch('/api/partners/uuid/:uuid/terms', async ({ request }) => {
        terms.push(await request.json());
        return HttpResponse.json({
          ...deVriesTrading,
          name: 'De Vries Handel B.V.',
          version: deVriesTrading.version + 2,
          termsAccepted: true,
          termsAcceptedVersion: TERMS_VERSION,
          // 09:30 wherever the test runs, as the server writes it: in UTC.
          termsAcceptedAt: new Date(2025, 9, 26, 9, 30).toISOString(),
          termsAcceptedBy: { id: 1, name: 'Mark de Vries' },
        });
      }),
    );
    await renderApp('/settings/company-info');
    const u = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Company name' });
    expect(name).toHaveValue('De Vries Trading B.V.');
    await u.clear(name);
    await u.type(name, 'De Vries Handel B.V.');
    await u.click(screen.getByRole('button', { name: 'Save company data' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ name: 'De Vries Handel B.V.', cocNumber: '12345678' });
    expect(await screen.findByText('Your company information has been saved.')).toBeInTheDocument();

    // The same dialog as on the partner's page (decision 027): read, then accept.
    expect(
      screen.getByText('De Vries Handel B.V. has not accepted the terms yet.'),
    ).toBeInTheDocument();
    await u.click(
      screen.getByRole('button', { name: 'Read and accept the terms of De Vries Handel B.V.' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Terms and conditions of the NT24 Trade Partner Portal',
    });
    expect(within(dialog).getByText('Version 1.0')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Know your customer' })).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Accept the terms' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(terms).toEqual([
      { termsAccepted: true, termsVersion: TERMS_VERSION, version: expect.any(Number) },
    ]);
    expect(
      screen.getByText('Version 1.0 accepted by Mark de Vries on 26.10.2025, 09:30.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Read and accept/ })).not.toBeInTheDocument();
  });

  it('shows the company as someone else saved it when they were first, in the form too', async () => {
    const theirs = {
      ...deVriesTrading,
      phone: '+31 20 7654321',
      version: deVriesTrading.version + 1,
    };
    server.use(
      http.patch('/api/partners/uuid/:uuid', () =>
        HttpResponse.json(
          {
            ...errorBody(409, 'Conflict', 'The trade partner was changed by someone else.'),
            details: { reason: 'staleVersion', current: theirs },
          },
          { status: 409 },
        ),
      ),
      http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(theirs)),
      http.get('/api/partners/:id', () => HttpResponse.json(theirs)),
    );
    await renderApp('/settings/company-info');
    const u = userEvent.setup();
    const website = await screen.findByRole('textbox', { name: 'Website' });
    await u.clear(website);
    await u.type(website, 'https://mine.example');
    await u.click(screen.getByRole('button', { name: 'Save company data' }));

    expect(await screen.findByText('Changed by someone else')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Company phone' })).toHaveValue('+31 20 765 4321'),
    );
    expect(screen.getByRole('textbox', { name: 'Website' })).not.toHaveValue(
      'https://mine.example',
    );
  });

  it('tells staff they have no company', async () => {
    await renderApp('/settings/company-info', markToken);
    expect(await screen.findByText('No company for staff members')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Company name' })).not.toBeInTheDocument();
  });

  it('follows the partner the address names', async () => {
    server.use(
      http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(deVriesTrading)),
      http.get('/api/partners/:id', () => HttpResponse.json(deVriesTrading)),
    );
    const { router, store } = await renderApp('/dashboard', markToken);
    await router.navigate(`/partners/${deVriesTrading.uuid}`);
    await waitFor(() =>
      expect(store.getState().tradePartner.urlPartnerUuid).toBe(deVriesTrading.uuid),
    );
    await router.navigate('/kyc/42');
    await waitFor(() => expect(store.getState().tradePartner.urlPartnerId).toBe(42));
    expect(store.getState().tradePartner.urlPartnerUuid).toBeNull();
    await router.navigate('/dashboard');
    await waitFor(() => expect(store.getState().tradePartner.urlPartnerId).toBeNull());
  });
});
