import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { STATUS_BY_RESULT, type SearchResult } from '@common/search';
import { sessionStarted } from '@/session/authSlice';
import { ToastArea } from '@/notifications/ToastArea';
import { PartnerNewPage } from '@/features/partners/PartnerNewPage';
import { acmeUuid, partnerJson, searchResult } from '../../../tests/data/partners';
import { server } from '../../../tests/msw-server';
import { makeStore, markToken, renderWithProviders } from '../../../tests/render-with-providers';

function answerSearch(result: SearchResult) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get('/api/partners/search', ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return HttpResponse.json(result, { status: STATUS_BY_RESULT[result.resultType] });
    }),
  );
  return seen;
}

function renderNew() {
  const store = makeStore();
  store.dispatch(sessionStarted(markToken));
  const router = createMemoryRouter(
    [
      { path: '/partners/new', element: <PartnerNewPage /> },
      { path: '/partners/:partnerId', element: <p>Partner page</p> },
    ],
    { initialEntries: ['/partners/new'] },
  );
  // The shell's notification area, outside the pages as in the app.
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <ToastArea />
    </>,
    { store },
  );
  return { store, router };
}

describe('PartnerNewPage', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));

  it('offers the existing partner for an exact match instead of creating one', async () => {
    const seen = answerSearch(searchResult('EXACT_MATCH', 100));
    renderNew();

    await userEvent.type(screen.getByLabelText('CoC number'), '87654321');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Exact match found')).toBeInTheDocument();
    expect(screen.getByText('A company with these details already exists.')).toBeInTheDocument();
    expect(seen[0]?.toString()).toBe('cocNumber=87654321');
    expect(screen.getByRole('link', { name: 'Open existing partner' })).toHaveAttribute(
      'href',
      `/partners/${acmeUuid}`,
    );
    expect(screen.getAllByText('100% · High confidence')).toHaveLength(2);
    expect(screen.getByText('CoC number: exact match')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create trade partner' })).not.toBeInTheDocument();
  });

  it("shows a field the partner has no value for as 'not on record'", async () => {
    const result = searchResult('PARTIAL_MATCH', 75);
    result.matches[0]!.reasons = [
      { field: 'cocNumber', match: 'EXACT' },
      { field: 'vatNumber', match: 'MISSING' },
    ];
    answerSearch(result);
    renderNew();

    await userEvent.type(screen.getByLabelText('CoC number'), '87654321');
    await userEvent.type(screen.getByLabelText('VAT number'), 'NL987654321B01');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('VAT number: not on record')).toBeInTheDocument();
    expect(screen.getByText('CoC number: exact match')).toBeInTheDocument();
  });

  it('shows a data conflict until it is closed, with a low band warning', async () => {
    answerSearch(searchResult('CONFLICTING_DATA', 60));
    renderNew();
    await userEvent.type(screen.getByLabelText('VAT number'), 'NL987654321B01');
    await userEvent.type(screen.getByLabelText('CoC number'), '11111111');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const toast = (await screen.findByText('Data conflict')).closest('.toast')!;
    expect(toast).toHaveTextContent(
      'The VAT number and the CoC number point to different companies.',
    );
    expect(
      screen.getByText('Low confidence: manual verification recommended.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create trade partner' })).toBeInTheDocument();
  });

  it('creates a partner from what was searched and opens its page', async () => {
    answerSearch(searchResult('NOT_FOUND', 0));
    let body: unknown;
    server.use(
      http.post('/api/partners', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(partnerJson({ name: 'Nieuw B.V.' }), { status: 201 });
      }),
      http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(partnerJson())),
    );
    const { router } = renderNew();

    await userEvent.type(screen.getByLabelText('CoC number'), '87654321');
    await userEvent.type(screen.getByLabelText('Company name'), 'Nieuw B.V.');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No companies found')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create trade partner' }));
    // The company step starts from the search.
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Nieuw B.V.');
    expect(screen.getByLabelText(/^CoC number/)).toHaveValue('87654321');
    await userEvent.selectOptions(
      await screen.findByLabelText(/^Country of registration/),
      'Netherlands',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await userEvent.type(screen.getByLabelText(/^Street/), 'Coolsingel');
    await userEvent.type(screen.getByLabelText(/^House number/), '40');
    await userEvent.type(screen.getByLabelText(/^Post code/), '3011 AD');
    await userEvent.type(screen.getByLabelText(/^City/), 'Rotterdam');
    expect(screen.getByLabelText(/^Country/)).toHaveValue('NL');
    await userEvent.click(screen.getByRole('button', { name: 'Create trade partner' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/partners/${acmeUuid}`));
    expect(await screen.findByText('Trade partner created')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Nieuw B.V.',
      email: null,
      phone: null,
      website: null,
      legalForm: null,
      cocNumber: '87654321',
      vatNumber: null,
      country: 'NL',
      address: {
        type: 'REGISTERED',
        street: 'Coolsingel',
        houseNumber: '40',
        postCode: '3011 AD',
        city: 'Rotterdam',
        country: 'NL',
      },
    });
  });

  it('shows clearly that the company exists when creating answers 409', async () => {
    answerSearch(searchResult('FUZZY_MATCH', 72));
    server.use(
      http.post('/api/partners', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'A trade partner with this CoC number already exists.',
            details: { field: 'cocNumber', uuid: acmeUuid, name: 'Acme Logistics B.V.' },
          },
          { status: 409 },
        ),
      ),
    );
    renderNew();
    await userEvent.type(screen.getByLabelText('Company name'), 'Acme Logistic');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create trade partner' }));
    await userEvent.type(screen.getByLabelText(/^CoC number/), '87654321');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(screen.getByLabelText(/^Street/), 'Coolsingel');
    await userEvent.type(screen.getByLabelText(/^House number/), '40');
    await userEvent.type(screen.getByLabelText(/^Post code/), '3011 AD');
    await userEvent.type(screen.getByLabelText(/^City/), 'Rotterdam');
    await userEvent.selectOptions(screen.getByLabelText(/^Country/), 'Netherlands');
    await userEvent.click(screen.getByRole('button', { name: 'Create trade partner' }));

    expect(await screen.findByText('This company already exists')).toBeInTheDocument();
    // Back on the company step, the CoC number marked.
    expect(screen.getByLabelText(/^CoC number/)).toHaveAccessibleDescription(
      'A trade partner with this CoC number already exists.',
    );
    expect(screen.getByRole('link', { name: 'Open Acme Logistics B.V.' })).toHaveAttribute(
      'href',
      `/partners/${acmeUuid}`,
    );
  });
});
