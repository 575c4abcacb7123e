import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { KycListPage } from '@/features/kyc/submissions/KycListPage';
import { eva, submissionJson } from '../../../../tests/data/kyc';
import { formatDateTime } from '@/lib/format';
import { markDeVries } from '../../../../tests/msw-handlers';
import { server } from '../../../../tests/msw-server';
import { servePages } from '../../../../tests/paged-api';
import { renderRoutes } from '../../../../tests/render-routes';

/** 45 submissions, answered a page at a time; records each query. */
function filterApi() {
  const all = Array.from({ length: 45 }, (_, i) =>
    submissionJson({
      id: i + 1,
      uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      tradePartnerName: i === 0 ? 'Van Dijk Logistics B.V.' : `Company ${i + 1}`,
      status: i === 0 ? 'WAITING_FOR_APPROVAL' : 'IN_REVIEW',
      reviewer: i === 0 ? null : eva,
      riskLevel: i === 0 ? null : 'HIGH',
    }),
  );
  return servePages('/api/kyc/filter', all);
}

const renderList = (roles: string[], path = '/kyc') =>
  renderRoutes(
    [
      { path: '/kyc', element: <KycListPage /> },
      { path: '/kyc/:kycId', element: <p>Detail</p> },
    ],
    path,
    roles,
  );

const DEFAULT_QUERY = 'page=0&size=20&sort=updatedAt%2Cdesc';

describe('KycListPage', () => {
  it('lists the first page: link, company, status, reviewer, update time, risk', async () => {
    const queries = filterApi();
    renderList(['NT24_EMPLOYEE']);

    expect(screen.getByRole('heading', { level: 1, name: 'KYC Reviews' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'KYC #1' });
    expect(link).toHaveAttribute('href', '/kyc/1');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Van Dijk Logistics B.V.')).toBeInTheDocument();
    // SPEC section 4's labels and badge colours.
    expect(within(row).getByText('Waiting for Approval')).toHaveClass('text-bg-secondary');
    expect(within(row).getByText('Not assigned')).toBeInTheDocument();
    expect(within(row).getByText(formatDateTime('2025-06-03T09:30:00.000Z'))).toBeInTheDocument();
    expect(within(row).getByText('Not assessed')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: 'KYC #2' }).closest('tr')!;
    expect(within(second).getByText('In review')).toHaveClass('text-bg-warning');
    expect(within(second).getByText('Eva Jansen')).toBeInTheDocument();
    expect(within(second).getByText('High')).toHaveClass('text-bg-danger');
    expect(screen.getByText('Showing 1–20 of 45')).toBeInTheDocument();
    expect(queries).toEqual([DEFAULT_QUERY]);
  });

  it('filters by status, name and reviewer, and pages, through the server', async () => {
    const queries = filterApi();
    const { router } = renderList(['NT24_MANAGER']);
    await screen.findByRole('link', { name: 'KYC #1' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'IN_REVIEW');
    await waitFor(() => expect(queries.at(-1)).toBe(`kycStatus=IN_REVIEW&${DEFAULT_QUERY}`));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Company name' }), 'Van');
    await waitFor(() =>
      expect(queries.at(-1)).toBe(`kycStatus=IN_REVIEW&search=Van&${DEFAULT_QUERY}`),
    );

    await userEvent.click(screen.getByRole('switch', { name: 'Assigned to me' }));
    await waitFor(() =>
      expect(queries.at(-1)).toBe(
        `kycStatus=IN_REVIEW&search=Van&obligedEntityContactId=${markDeVries.id}&${DEFAULT_QUERY}`,
      ),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queries.at(-1)).toContain('page=1&size=20'));
    expect(router.state.location.search).toBe('?status=IN_REVIEW&search=Van&mine=1&page=2');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The first query again (its answer still fresh in the request cache).
    expect(await screen.findByRole('link', { name: 'KYC #1' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Company name' })).toHaveValue('');
  });

  it('sorts through the server', async () => {
    const queries = filterApi();
    renderList(['NT24_EMPLOYEE']);
    await screen.findByRole('link', { name: 'KYC #1' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'tradePartnerName,asc',
    );
    await waitFor(() => expect(queries.at(-1)).toBe('page=0&size=20&sort=tradePartnerName%2Casc'));
  });

  it('offers partner people no reviewer filter (the server shows them their own files)', async () => {
    filterApi();
    renderList(['OWNER']);
    await screen.findByRole('link', { name: 'KYC #1' });
    expect(screen.queryByRole('switch', { name: 'Assigned to me' })).not.toBeInTheDocument();
  });

  it("shows partner people no risk column: the risk is the reviewers' view (decision 018)", async () => {
    const all = [submissionJson({ id: 1, status: 'IN_REVIEW', riskLevel: undefined })];
    servePages('/api/kyc/filter', all);
    renderList(['OWNER']);
    const row = (await screen.findByRole('link', { name: 'KYC #1' })).closest('tr')!;
    expect(screen.queryByRole('columnheader', { name: 'Risk level' })).not.toBeInTheDocument();
    expect(within(row).queryByText('Not assessed')).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get('/api/kyc/filter', () =>
        fail
          ? HttpResponse.json({ statusCode: 500, error: 'Error', message: 'x' }, { status: 500 })
          : HttpResponse.json({ content: [], page: 0, size: 20, totalElements: 0, totalPages: 0 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderList(['NT24_EMPLOYEE']);
    expect(await screen.findByText('The KYC submissions could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There are no KYC submissions yet.')).toBeInTheDocument();
  });
});
