import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { sessionStarted } from '@/session/authSlice';
import { PartnersListPage } from '@/features/partners/PartnersListPage';
import { partnerJson } from '../../../tests/data/partners';
import { server } from '../../../tests/msw-server';
import { makeStore, markToken, renderWithProviders } from '../../../tests/render-with-providers';

/** 45 partners, answered a page at a time; records each query. */
function partnersApi() {
  const queries: URLSearchParams[] = [];
  const all = Array.from({ length: 45 }, (_, i) =>
    partnerJson({
      id: i + 1,
      uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      name: `Partner ${String(i + 1).padStart(2, '0')}`,
      verified: i % 2 === 0,
    }),
  );
  server.use(
    http.get('/api/partners', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const search = (params.get('search') ?? '').toLowerCase();
      const page = Number(params.get('page'));
      const size = Number(params.get('size'));
      const found = all.filter((p) => p.name.toLowerCase().includes(search));
      return HttpResponse.json({
        content: found.slice(page * size, (page + 1) * size),
        page,
        size,
        totalElements: found.length,
        totalPages: Math.ceil(found.length / size),
      });
    }),
  );
  return queries;
}

function renderList(roles = markToken.roles, path = '/partners') {
  const store = makeStore();
  store.dispatch(sessionStarted({ ...markToken, roles }));
  const router = createMemoryRouter(
    [
      { path: '/partners', element: <PartnersListPage /> },
      { path: '/partners/:partnerId', element: <p>Detail</p> },
      { path: '/partners/new', element: <p>New</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, { store });
  return { store, router };
}

describe('PartnersListPage', () => {
  it('shows the first page: name link, numbers, country name, city and badges', async () => {
    const queries = partnersApi();
    renderList();

    const link = await screen.findByRole('link', { name: 'Partner 01' });
    expect(link).toHaveAttribute('href', '/partners/00000000-0000-4000-8000-000000000001');
    const row = link.closest('tr')!;
    expect(within(row).getByText('87654321')).toBeInTheDocument();
    expect(within(row).getByText('NL987654321B01')).toBeInTheDocument();
    expect(await within(row).findByText('Netherlands')).toBeInTheDocument();
    expect(within(row).getByText('Rotterdam')).toBeInTheDocument();
    expect(within(row).getByText('Verified')).toBeInTheDocument();
    expect(within(row).getByText('Terms not accepted')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–20 of 45')).toBeInTheDocument();
    expect(queries[0]?.toString()).toBe('page=0&size=20&sort=name%2Casc');
    // Staff may start a new partner from here, and an order for each partner (issue 20).
    expect(screen.getByRole('link', { name: 'New trade partner' })).toHaveAttribute(
      'href',
      '/partners/new',
    );
    expect(within(row).getByRole('link', { name: 'New order for Partner 01' })).toHaveAttribute(
      'href',
      '/orders/modify/new?partner=00000000-0000-4000-8000-000000000001',
    );
  });

  it('offers partner people no new order', async () => {
    partnersApi();
    renderList(['OWNER']);
    await screen.findByRole('link', { name: 'Partner 01' });
    expect(screen.queryByRole('link', { name: /New order/ })).not.toBeInTheDocument();
  });

  it('pages through the server and keeps the page in the address', async () => {
    const queries = partnersApi();
    const { router } = renderList();
    await screen.findByRole('link', { name: 'Partner 01' });

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));

    expect(await screen.findByRole('link', { name: 'Partner 41' })).toBeInTheDocument();
    expect(screen.getByText('Showing 41–45 of 45')).toBeInTheDocument();
    expect(queries.at(-1)?.get('page')).toBe('2');
    expect(router.state.location.search).toBe('?page=3');
    // The last page: no next one to go to.
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('link', { name: 'Partner 21' })).toBeInTheDocument();
  });

  it('searches 300 ms after typing stops, from the first page', async () => {
    const queries = partnersApi();
    renderList(markToken.roles, '/partners?page=2');
    await screen.findByRole('link', { name: 'Partner 21' });
    const box = screen.getByRole('searchbox', { name: 'Search trade partners' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let early: string[];
    try {
      const before = queries.length;
      // Typed a key every 100 ms: nothing is asked until typing has stopped for 300 ms.
      for (const text of ['n', 'ne', 'ner', 'ner ', 'ner 4']) {
        fireEvent.change(box, { target: { value: text } });
        await act(() => vi.advanceTimersByTimeAsync(100));
      }
      await act(() => vi.advanceTimersByTimeAsync(199));
      early = queries.slice(before).map(String);
      await act(() => vi.advanceTimersByTimeAsync(1));
    } finally {
      vi.useRealTimers();
    }
    expect(early).toEqual([]);

    expect(await screen.findByRole('link', { name: 'Partner 40' })).toBeInTheDocument();
    // One request for the whole word, not one per keystroke.
    expect(queries.filter((q) => q.has('search')).map((q) => q.toString())).toEqual([
      'search=ner+4&page=0&size=20&sort=name%2Casc',
    ]);
    expect(screen.queryByRole('link', { name: 'Partner 21' })).not.toBeInTheDocument();
  });

  it('sorts by creation date', async () => {
    const queries = partnersApi();
    renderList();
    await screen.findByRole('link', { name: 'Partner 01' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Newest first',
    );
    await vi.waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('createdAt,desc'));
  });

  it('says when nothing matches, and offers no new partner to non-staff', async () => {
    server.use(
      http.get('/api/partners', () =>
        HttpResponse.json({ content: [], page: 0, size: 20, totalElements: 0, totalPages: 0 }),
      ),
    );
    renderList(['OWNER'], '/partners?search=zzz');
    expect(await screen.findByText('No trade partners match “zzz”.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New trade partner' })).not.toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/api/partners', () => HttpResponse.json({}, { status: 500 })));
    renderList();
    expect(await screen.findByText('The trade partners could not be loaded.')).toBeInTheDocument();
    partnersApi();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Partner 01' })).toBeInTheDocument();
  });
});
