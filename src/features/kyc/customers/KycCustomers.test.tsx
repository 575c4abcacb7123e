import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockKycApi, partnerUuid, submissionJson } from '../../../../tests/data/kyc';
import { server } from '../../../../tests/msw-server';
import { renderApp, stubMatchMedia } from '../../../../tests/render-app';
import { markToken } from '../../../../tests/render-with-providers';
import { formatDate } from '@/lib/format';

const otherUuid = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** The customers calls, recording each list query. */
function customersApi() {
  const queries: string[] = [];
  const approved = submissionJson({
    id: 9,
    status: 'APPROVED',
    riskLevel: 'LOW',
    decidedAt: '2025-05-20T12:00:00.000Z',
    createdAt: '2025-05-01T08:00:00.000Z',
  });
  server.use(
    http.get('/api/kyc/customers', ({ request }) => {
      queries.push(new URL(request.url).searchParams.toString());
      return HttpResponse.json({
        content: [
          {
            customerId: 42,
            customerUuid: partnerUuid,
            name: 'Van Dijk Logistics B.V.',
            latestKycId: 12,
            latestKycUuid: submissionJson().uuid,
            status: 'IN_REVIEW',
            riskLevel: 'MEDIUM',
            updatedAt: '2025-06-03T09:30:00.000Z',
            decidedAt: null,
          },
          {
            customerId: 43,
            customerUuid: otherUuid,
            name: 'Müller Handels GmbH',
            latestKycId: 14,
            latestKycUuid: '14141414-1414-4141-8141-141414141414',
            status: 'APPROVED',
            riskLevel: 'LOW',
            updatedAt: '2025-05-20T12:00:00.000Z',
            decidedAt: '2025-05-20T12:00:00.000Z',
          },
        ],
        page: 0,
        size: 20,
        totalElements: 2,
        totalPages: 1,
      });
    }),
    http.get(`/api/kyc/customers/${partnerUuid}`, () =>
      HttpResponse.json({
        customerId: 42,
        customerUuid: partnerUuid,
        name: 'Van Dijk Logistics B.V.',
        submissions: [submissionJson(), approved],
      }),
    ),
    http.get(`/api/kyc/customer/${partnerUuid}/status-and-review`, ({ request }) => {
      const entity = new URL(request.url).searchParams.get('obligedEntityUuid');
      if (entity !== submissionJson().obligedEntityUuid)
        return new HttpResponse(null, { status: 400 });
      return HttpResponse.json({
        customerUuid: partnerUuid,
        obligedEntityUuid: entity,
        kycId: 12,
        kycUuid: submissionJson().uuid,
        status: 'IN_REVIEW',
        reviewer: { id: 21, name: 'Eva Jansen' },
        lastReviewedAt: '2025-06-03T09:30:00.000Z',
        submittedAt: '2025-06-02T10:00:00.000Z',
        decidedAt: null,
      });
    }),
  );
  return queries;
}

beforeEach(() => stubMatchMedia());
afterEach(() => vi.unstubAllGlobals());

describe('the KYC customers screens', () => {
  it('opens from the KYC list: each company with its latest status, risk and decision date', async () => {
    mockKycApi();
    const queries = customersApi();
    const { router } = await renderApp('/kyc');
    await userEvent.click(await screen.findByRole('link', { name: 'Customers' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc/customers');
    const table = await screen.findByRole('table', { name: /Companies with a KYC file/ });
    const muller = within(table).getByRole('row', { name: /Müller Handels GmbH/ });
    expect(within(muller).getByText('Approved')).toBeInTheDocument();
    expect(within(muller).getByText('Low')).toBeInTheDocument();
    expect(within(muller).getByText(formatDate('2025-05-20T12:00:00.000Z'))).toBeInTheDocument();
    const vanDijk = within(table).getByRole('row', { name: /Van Dijk/ });
    expect(within(vanDijk).getByText('Not decided')).toBeInTheDocument();
    expect(queries).toEqual(['page=0&size=20&sort=name%2Casc']);

    // The server sorts.
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Latest decision first');
    await waitFor(() => expect(queries.at(-1)).toBe('page=0&size=20&sort=decidedAt%2Cdesc'));

    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'KYC Reviews' })).toHaveAttribute(
      'href',
      '/kyc',
    );
  });

  it("shows a customer's status and review and its files, named in the trail", async () => {
    mockKycApi();
    customersApi();
    await renderApp('/kyc/customers');
    await userEvent.click(await screen.findByRole('link', { name: 'Van Dijk Logistics B.V.' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Van Dijk Logistics B.V.' }),
    ).toBeInTheDocument();
    const review = screen.getByRole('region', { name: 'Status and review' });
    expect(within(review).getByText('Eva Jansen')).toBeInTheDocument();
    expect(within(review).getByRole('link', { name: 'KYC #12' })).toHaveAttribute(
      'href',
      '/kyc/12',
    );
    expect(screen.getByRole('region', { name: '2 KYC files' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Customers' })).toHaveAttribute(
      'href',
      '/kyc/customers',
    );
    await waitFor(() => expect(document.title).toBe('Van Dijk Logistics B.V. | NT24'));
  });

  it('is for staff only: a partner owner is sent to the start', async () => {
    const { router } = await renderApp('/kyc/customers', { ...markToken, roles: ['OWNER'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
