import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { DATA_STEP_TYPES } from '@common/kyc-steps';
import { INVALID_LINK_MESSAGE, PENDING_CLAIM_KEY } from '@common/selfservice';
import { routes } from '@/app/router';
import { eva, kycUuid, refusal, requestJson, stepJson } from '../../../tests/data/kyc';
import { errorBody } from '../../../tests/msw-handlers';
import { server } from '../../../tests/msw-server';
import { stubMatchMedia } from '../../../tests/render-app';
import { fakeAuth, makeStore, renderWithProviders } from '../../../tests/render-with-providers';

const TOKEN = 'k7Qz-9fTq_2mXv8LrB4sNw';
const API = '/api/kyc/selfservice';

function fileJson(overrides: { link?: object; file?: object; steps?: unknown[] } = {}) {
  return {
    link: {
      id: 4,
      state: 'active',
      expiresAt: '2030-01-01T00:00:00.000Z',
      language: 'en',
      recipientName: 'Lena Vogel',
      allowAccount: true,
      ...overrides.link,
    },
    file: {
      uuid: kycUuid,
      status: 'DRAFT',
      version: 3,
      submittedAt: null,
      ...overrides.file,
    },
    company: { name: 'Vogel Maschinenbau GmbH', countryOfRegistration: 'DE' },
    provider: { name: 'NT24 B.V.' },
    steps: (
      overrides.steps ?? DATA_STEP_TYPES.map((stepType) => stepJson(stepType, { editable: true }))
    ).map((step) => ({ comments: [], ...(step as object) })),
  };
}

/** A shared comment on a step, as the link's answer carries it. */
const commentJson = (id: number, stepType: string, comment: string) => ({
  id,
  kycId: 12,
  stepType,
  comment,
  visibility: 'shared',
  user: eva,
  createdAt: '2025-06-03T09:40:00.000Z',
  context: { kind: 'comment', status: null },
});

interface Seen {
  method: string;
  path: string;
  search: string;
  token: string | null;
  authorization: string | null;
  body?: unknown;
}

interface ServerOptions {
  open?: () => Response;
  readiness?: JsonBodyType;
  data?: () => Response;
  submit?: () => Response;
}

/** The public API over msw, recording every request the page makes (any path). */
function mockPublicApi(options: ServerOptions = {}) {
  const seen: Seen[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      token: request.headers.get('x-self-service-token'),
      authorization: request.headers.get('authorization'),
    });
  });
  const withBody = async (request: Request) => {
    const path = new URL(request.url).pathname;
    const entry = seen.findLast((each) => each.path === path);
    if (entry) entry.body = await request.clone().json();
  };
  server.use(
    http.post(`${API}/validate-token`, async ({ request }) => {
      await withBody(request);
      return options.open?.() ?? HttpResponse.json(fileJson());
    }),
    http.get(`${API}/readiness`, () =>
      HttpResponse.json(options.readiness ?? { ready: false, missing: [] }),
    ),
    http.get(`${API}/documents`, () => HttpResponse.json([])),
    http.put(`${API}/steps/:stepType/draft`, ({ params }) =>
      HttpResponse.json(stepJson(params.stepType as 'coc', { editable: true })),
    ),
    http.put(`${API}/steps/:stepType/data`, async ({ request, params }) => {
      await withBody(request);
      return (
        options.data?.() ??
        HttpResponse.json(
          stepJson(params.stepType as 'coc', { status: 'IN_PROGRESS', editable: true }),
        )
      );
    }),
    http.post(`${API}/submit`, async ({ request }) => {
      await withBody(request);
      return (
        options.submit?.() ??
        HttpResponse.json(
          fileJson({
            link: { state: 'submitted', allowAccount: false },
            file: { status: 'SUBMITTED', version: 4, submittedAt: '2025-06-05T09:00:00.000Z' },
            steps: [],
          }),
        )
      );
    }),
  );
  return seen;
}

/** The app at the link's address, with no one signed in; resolves once the page's chunk is in. */
async function renderPublicPage() {
  stubMatchMedia();
  const auth = fakeAuth();
  const store = makeStore(undefined, { auth });
  const router = createMemoryRouter(routes, { initialEntries: [`/kyc/selfservice/${TOKEN}`] });
  renderWithProviders(<RouterProvider router={router} />, { store });
  await screen.findByRole('banner', {}, { timeout: 10_000 });
  return { auth, store, router };
}

const stepNav = () => screen.findByRole('list', { name: 'Steps of the KYC file' });

describe('the public self-service page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(() => {
    server.events.removeAllListeners();
    window.sessionStorage.clear();
  });

  it("shows the company, the provider and the steps, without a session's calls", async () => {
    const seen = mockPublicApi({
      readiness: {
        ready: false,
        missing: [
          {
            stepType: 'coc',
            kind: 'field',
            field: 'cocNumber',
            code: 'required',
            message: 'coc: cocNumber is required',
          },
        ],
      },
    });
    await renderPublicPage();

    expect(
      await screen.findByRole('heading', {
        name: 'Vogel Maschinenbau GmbH — KYC file for NT24 B.V.',
      }),
    ).toBeInTheDocument();
    const nav = await stepNav();
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^1\. Chamber of Commerce/),
      expect.stringMatching(/^2\. Contacts/),
      expect.stringMatching(/^3\. Addresses/),
      expect.stringMatching(/^4\. Bank and VAT/),
      expect.stringMatching(/^5\. /),
      expect.stringMatching(/^Summary and submit/),
    ]);
    // Each step's state by the signed-in file's rule, and what is left to do on it.
    expect(await within(nav).findByText('Not started · 1 thing to do')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chamber of Commerce', level: 2 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save step' })).toBeInTheDocument();
    // No menu, no user, no sign-in.
    expect(screen.queryByRole('navigation', { name: /menu/i })).toBeNull();

    await waitFor(() => expect(seen.some((each) => each.path === `${API}/documents`)).toBe(true));
    const api = seen.filter(
      (each) => each.path.startsWith('/api/') && each.path !== '/api/utils/countries',
    );
    expect(api.map((each) => `${each.method} ${each.path}`).sort()).toEqual([
      `GET ${API}/documents`,
      `GET ${API}/readiness`,
      `POST ${API}/validate-token`,
    ]);
    for (const call of api) {
      expect(call.token).toBe(TOKEN);
      expect(call.authorization).toBeNull();
      expect(call.search).not.toContain(TOKEN);
    }
    expect(api.find((each) => each.path === `${API}/validate-token`)?.body).toEqual({
      token: TOKEN,
    });
  });

  it("opens on the step sent back, with the reviewer's words and what is asked above", async () => {
    const asked = 'Give the IBAN of an account in the company’s own name.';
    const note = 'A bank statement of the last three months will do.';
    const sentBack = (stepType: 'bank-and-vat' | 'cdd', comment: string) =>
      stepJson(stepType, {
        status: 'CHANGES_REQUESTED',
        editable: true,
        comment,
        commentVisibility: 'shared',
        request: requestJson('CHANGES_REQUESTED', comment),
      });
    mockPublicApi({
      open: () =>
        HttpResponse.json(
          fileJson({
            file: { status: 'CHANGES_REQUESTED' },
            steps: [
              stepJson('coc', { status: 'APPROVED' }),
              stepJson('contacts', { status: 'IN_PROGRESS', editable: true }),
              stepJson('addresses', { status: 'IN_PROGRESS', editable: true }),
              {
                ...sentBack('bank-and-vat', asked),
                comments: [
                  commentJson(1, 'bank-and-vat', asked),
                  commentJson(2, 'bank-and-vat', note),
                ],
              },
              sentBack('cdd', 'Describe the source of funds.'),
            ],
          }),
        ),
      readiness: {
        ready: false,
        missing: [
          {
            stepType: 'addresses',
            kind: 'field',
            field: 'registered.city',
            code: 'required',
            message: 'addresses: registered.city is required',
          },
        ],
      },
    });
    await renderPublicPage();

    // Not the approved first step, nor the earlier one still incomplete: the first sent back.
    const step = await screen.findByRole('region', { name: 'Bank and VAT' });
    const request = within(step).getByText('Changes requested by the reviewer');
    expect(request.closest('.alert')).toHaveTextContent(asked);
    expect(request.closest('.alert')).toHaveTextContent('Asked by Eva Jansen');
    // The request is shown once; the other shared comment on the step under it.
    expect(within(step).getAllByText(asked)).toHaveLength(1);
    expect(within(step).getByText(note)).toBeInTheDocument();
    expect(within(step).getByRole('button', { name: 'Save step' })).toBeInTheDocument();

    const banner = screen.getByText(/The reviewer asked for changes on 2 steps:/);
    expect(banner).toHaveTextContent(
      'The reviewer asked for changes on 2 steps: Bank and VAT, Customer due diligence',
    );
    await userEvent.click(within(banner).getByRole('button', { name: 'Customer due diligence' }));
    const cdd = await screen.findByRole('region', { name: 'Customer due diligence' });
    expect(within(cdd).getByText('Describe the source of funds.')).toBeInTheDocument();
  });

  it('opens on the first step not complete, past an approved one; else on the summary', async () => {
    const steps = [
      stepJson('coc', { status: 'APPROVED' }),
      ...DATA_STEP_TYPES.slice(1).map((stepType) =>
        stepJson(stepType, { status: 'IN_PROGRESS', editable: true }),
      ),
    ];
    mockPublicApi({
      open: () => HttpResponse.json(fileJson({ file: { status: 'CHANGES_REQUESTED' }, steps })),
      readiness: {
        ready: false,
        missing: [
          {
            stepType: 'contacts',
            kind: 'document',
            documentType: 'ID_DOCUMENT',
            code: 'required',
            message: 'contacts: an ID document is required',
          },
        ],
      },
    });
    await renderPublicPage();

    expect(await screen.findByRole('region', { name: 'Contacts' })).toBeInTheDocument();
    expect(screen.queryByText(/The reviewer asked for changes/)).toBeNull();

    cleanup();
    server.use(http.get(`${API}/readiness`, () => HttpResponse.json({ ready: true, missing: [] })));
    await renderPublicPage();
    expect(
      await screen.findByText('Every step is complete: the file can be submitted.'),
    ).toBeInTheDocument();
  });

  it('shows one neutral page for a link that is not valid', async () => {
    mockPublicApi({
      open: () =>
        HttpResponse.json(errorBody(404, 'Not Found', INVALID_LINK_MESSAGE), { status: 404 }),
    });
    await renderPublicPage();

    expect(
      await screen.findByText(
        'This link is not valid any more. Ask the person who sent it for a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /KYC file for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save step' })).toBeNull();
  });

  it('shows the same neutral page when the link ends while the page is open', async () => {
    mockPublicApi({
      submit: () =>
        HttpResponse.json(errorBody(404, 'Not Found', INVALID_LINK_MESSAGE), { status: 404 }),
    });
    await renderPublicPage();
    await userEvent.click(
      within(await stepNav()).getByRole('button', { name: 'Summary and submit' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Submit the KYC file' }));

    expect(
      await screen.findByText(
        'This link is not valid any more. Ask the person who sent it for a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /KYC file for/ })).toBeNull();
  });

  it('says how long to wait after too many requests (429)', async () => {
    mockPublicApi({
      open: () =>
        HttpResponse.json(errorBody(429, 'Too Many Requests', 'Rate limit exceeded'), {
          status: 429,
          headers: { 'Retry-After': '30' },
        }),
    });
    await renderPublicPage();

    expect(
      await screen.findByText('Too many requests — try again in 30 seconds.'),
    ).toBeInTheDocument();
  });

  it("saves a step, showing the server's refusal (400) next to the field it names", async () => {
    const seen = mockPublicApi({
      data: () =>
        refusal(400, 'data.iban: is not a valid IBAN', [
          { field: 'data.iban', message: 'is not a valid IBAN', code: 'iban' },
        ]),
    });
    await renderPublicPage();
    await userEvent.click(within(await stepNav()).getByRole('button', { name: /Bank and VAT/ }));

    const form = await screen.findByRole('region', { name: 'Bank and VAT' });
    fireEvent.change(await within(form).findByRole('textbox', { name: /IBAN/ }), {
      target: { value: 'NL91ABNA0417164300' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Account holder/ }), {
      target: { value: 'Vogel' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Save step' }));

    expect(await within(form).findByText('This is not a valid IBAN.')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The step is not saved: data.iban: is not a valid IBAN',
    );
    const put = seen.find((each) => each.path === `${API}/steps/bank-and-vat/data`);
    expect(put).toMatchObject({
      method: 'PUT',
      token: TOKEN,
      body: { data: { iban: 'NL91ABNA0417164300', accountHolder: 'Vogel' }, version: 1 },
    });
  });

  it('shows what is missing when the submission is refused (409)', async () => {
    mockPublicApi({
      submit: () =>
        refusal(409, 'The KYC file is not complete.', {
          missing: [
            {
              stepType: 'contacts',
              kind: 'field',
              field: 'people.0.lastName',
              code: 'required',
              message: 'contacts: people.0.lastName is required',
            },
          ],
        }),
    });
    await renderPublicPage();
    await userEvent.click(
      within(await stepNav()).getByRole('button', { name: 'Summary and submit' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Submit the KYC file' }));

    const alert = await screen.findByText('The file was not submitted: 1 thing is still missing.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'Person 1: Last name: This field is required.',
    );
  });

  it('names a step whose changes are not saved, discards them from the summary, then submits', async () => {
    const steps = DATA_STEP_TYPES.map((stepType) =>
      stepJson(stepType, {
        editable: true,
        status: 'IN_PROGRESS',
        ...(stepType === 'cdd' && {
          data: { businessActivity: 'Wholesale of metals' },
          draft: { businessActivity: 'Retail of textiles' },
          draftSavedAt: '2025-06-04T21:38:00.000Z',
        }),
      }),
    );
    const seen = mockPublicApi({
      open: () => HttpResponse.json(fileJson({ steps })),
      readiness: { ready: true, missing: [] },
    });
    server.use(
      http.delete(`${API}/steps/:stepType/draft`, () => new HttpResponse(null, { status: 204 })),
    );
    await renderPublicPage();
    await userEvent.click(
      within(await stepNav()).getByRole('button', { name: 'Summary and submit' }),
    );

    const named = await screen.findByRole('link', {
      name: 'Step 5, Customer due diligence, has changes that are not saved: save or discard them.',
    });
    expect(named).toHaveAttribute('href', '#kyc-step-cdd');
    expect(screen.queryByText(/the file can be submitted/)).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit the KYC file' });
    expect(submit).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() =>
      expect(seen.map((each) => `${each.method} ${each.path}`)).toContain(
        `DELETE ${API}/steps/cdd/draft`,
      ),
    );
    expect(
      await screen.findByText('Every step is complete: the file can be submitted.'),
    ).toBeVisible();
    expect(screen.queryByText(/has changes that are not saved/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit the KYC file' }));
    expect(
      await screen.findByRole('heading', { name: 'Thank you — your KYC file has been handed in' }),
    ).toBeInTheDocument();
  });

  it('offers its recipient an account before the file is handed in, and not after', async () => {
    const seen = mockPublicApi();
    const { auth } = await renderPublicPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Create an account to follow this file' }),
    );
    expect(window.sessionStorage.getItem(PENDING_CLAIM_KEY)).toBe(TOKEN);
    expect(auth.register).toHaveBeenCalledWith(`${window.location.origin}/dashboard`);
    window.sessionStorage.removeItem(PENDING_CLAIM_KEY);

    await userEvent.click(
      within(await stepNav()).getByRole('button', { name: 'Summary and submit' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Submit the KYC file' }));

    expect(
      await screen.findByRole('heading', {
        name: 'Thank you — your KYC file has been handed in',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Status: Submitted')).toBeInTheDocument();
    expect(seen.find((each) => each.path === `${API}/submit`)?.body).toEqual({ version: 3 });
    // A handed-in file's link makes no account: the page says how to follow the file instead.
    expect(screen.queryByRole('button', { name: /Create an account/ })).toBeNull();
    expect(
      screen.getByText(
        'To follow this file with an account, ask the person who sent you the link for an invitation.',
      ),
    ).toBeInTheDocument();
  });

  it('offers no account when the link allows none', async () => {
    mockPublicApi({ open: () => HttpResponse.json(fileJson({ link: { allowAccount: false } })) });
    await renderPublicPage();
    expect(await stepNav()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create an account/ })).toBeNull();
  });

  it('shows only the status of a file handed in before', async () => {
    const seen = mockPublicApi({
      open: () =>
        HttpResponse.json(
          fileJson({
            link: { state: 'submitted' },
            file: { status: 'IN_REVIEW', submittedAt: '2025-06-05T09:00:00.000Z' },
            steps: [],
          }),
        ),
    });
    await renderPublicPage();

    expect(await screen.findByRole('heading', { name: 'Your KYC file' })).toBeInTheDocument();
    expect(screen.getByText(/^Status: /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save step' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create an account/ })).toBeNull();
    expect(seen.filter((each) => each.path.startsWith(API)).map((each) => each.path)).toEqual([
      `${API}/validate-token`,
    ]);
  });
});
