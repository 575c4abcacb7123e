import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { tradePartnerSchema } from '@common/partners';
import { OrdersListPage } from '@/features/orders/OrdersListPage';
import { OrdersTab } from '@/features/orders/PartnerOrdersTab';
import { partnerPermissions } from '@/companies/partnerAccess';
import { partnerRef, summaryJson } from '@/features/orders/testData';
import { loadUserTradePartners } from '@/session/tradePartnerSlice';
import { acmeUuid, partnerJson } from '../../../tests/data/partners';
import { errorBody } from '../../../tests/msw-handlers';
import { server } from '../../../tests/msw-server';
import { servePages } from '../../../tests/paged-api';
import { renderRoutes } from '../../../tests/render-routes';

const otherPartner = {
  id: 43,
  uuid: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
  name: 'Müller Handels GmbH',
};

/** 45 orders, answered a page at a time; records each query. */
function ordersApi() {
  const all = Array.from({ length: 45 }, (_, i) =>
    summaryJson({
      id: i + 1,
      uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      number: `ORD-2026-${String(i + 1).padStart(6, '0')}`,
      tradePartner: i === 1 ? otherPartner : partnerRef,
      status: i === 0 ? 'CONFIRMED' : 'DRAFT',
      held: i === 0,
      total: i === 1 ? null : '1234.50',
      direction: i === 1 ? 'PURCHASE' : 'SALE',
      requestedDeliveryDate: i === 1 ? null : '2026-03-20',
    }),
  );
  return servePages('/api/orders', all);
}

const renderList = (roles: string[], path = '/orders') =>
  renderRoutes(
    [
      { path: '/orders', element: <OrdersListPage /> },
      { path: '/orders/detail/:orderRef', element: <p>Detail</p> },
      { path: '/partners', element: <p>Partners</p> },
    ],
    path,
    roles,
  );

const DEFAULT_QUERY = 'page=0&size=20&sort=orderDate%2Cdesc';

describe('OrdersListPage', () => {
  it('lists the first page: number with direction, partner, reference, order date, total, status', async () => {
    const queries = ordersApi();
    renderList(['NT24_EMPLOYEE']);

    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'ORD-2026-000001' });
    expect(link).toHaveAttribute('href', '/orders/detail/00000000-0000-4000-8000-000000000001');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Acme Logistics B.V.')).toBeInTheDocument();
    expect(within(row).getByText('Sale')).toBeInTheDocument();
    expect(within(row).getByText('PO-7788')).toBeInTheDocument();
    expect(within(row).getByText('02.03.2026')).toBeInTheDocument();
    // The requested delivery is on the order's page: the list keeps to what fits a desktop.
    expect(within(row).queryByText('20.03.2026')).not.toBeInTheDocument();
    expect(within(row).getByText('€1,234.50')).toBeInTheDocument();
    expect(within(row).getByText('Confirmed')).toHaveClass('text-bg-primary');
    expect(within(row).getByText('On hold: KYC')).toBeInTheDocument();
    // Staff plan a shipment from a confirmed order (issue 21).
    expect(
      within(row).getByRole('link', { name: 'New shipment for ORD-2026-000001' }),
    ).toHaveAttribute('href', '/shipments/modify/new?order=00000000-0000-4000-8000-000000000001');

    const second = screen.getByRole('link', { name: 'ORD-2026-000002' }).closest('tr')!;
    expect(within(second).getByText('Müller Handels GmbH')).toBeInTheDocument();
    expect(within(second).getByText('Purchase')).toBeInTheDocument();
    // No amounts for who may not see them.
    expect(within(second).getByText('—')).toBeInTheDocument();
    expect(within(second).queryByText('On hold: KYC')).not.toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: /New shipment/ })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–20 of 45')).toBeInTheDocument();
    expect(queries).toEqual([DEFAULT_QUERY]);
  });

  it('offers staff a new order, through the trade partners', async () => {
    ordersApi();
    const { router } = renderList(['NT24_MANAGER']);
    await userEvent.click(await screen.findByRole('link', { name: 'New order' }));
    expect(router.state.location.pathname).toBe('/partners');
  });

  it('offers partner people no new order', async () => {
    ordersApi();
    renderList(['OWNER']);
    await screen.findByRole('link', { name: 'ORD-2026-000001' });
    expect(screen.queryByRole('link', { name: 'New order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /New shipment/ })).not.toBeInTheDocument();
  });

  it('filters through the server, the query kept in the address', async () => {
    const queries = ordersApi();
    const { router } = renderList(['NT24_MANAGER']);
    await screen.findByRole('link', { name: 'ORD-2026-000001' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'CONFIRMED');
    await waitFor(() => expect(queries.at(-1)).toBe(`${DEFAULT_QUERY}&status=CONFIRMED`));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Direction' }), 'SALE');
    await userEvent.click(screen.getByRole('switch', { name: 'Only on hold: KYC' }));
    await waitFor(() =>
      expect(queries.at(-1)).toBe(`${DEFAULT_QUERY}&status=CONFIRMED&direction=SALE&held=true`),
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Number or reference' }), 'PO-77');
    await waitFor(() =>
      expect(queries.at(-1)).toBe(
        `${DEFAULT_QUERY}&status=CONFIRMED&direction=SALE&held=true&q=PO-77`,
      ),
    );

    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'CONFIRMED',
      direction: 'SALE',
      held: 'true',
      q: 'PO-77',
    });
    // Much typing, one key at a time: more than the default 5 s on a busy machine.
  }, 15_000);

  it('sorts and pages through the server; Clear filters keeps the sort', async () => {
    const queries = ordersApi();
    const { router } = renderList(['NT24_MANAGER'], '/orders?status=DRAFT&q=ORD');
    await screen.findByRole('link', { name: 'ORD-2026-000001' });
    expect(screen.getByRole('searchbox', { name: 'Number or reference' })).toHaveValue('ORD');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'total,desc');
    await waitFor(() => expect(queries.at(-1)).toContain('sort=total%2Cdesc'));

    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queries.at(-1)).toContain('page=1&size=20'));
    expect(router.state.location.search).toBe('?status=DRAFT&q=ORD&sort=total%2Cdesc&page=2');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=total%2Cdesc'));
    expect(screen.getByRole('searchbox', { name: 'Number or reference' })).toHaveValue('');
  });

  it('offers sorting by total only where every order listed shows its total (decision 042)', async () => {
    ordersApi();
    const { store } = renderList(['OWNER']);
    // OWNER of Acme, VIEWER of Müller: the realm role OWNER shows no Müller totals.
    store.dispatch(
      loadUserTradePartners.fulfilled(
        [
          partnerJson({ role: 'OWNER', accessLevel: 'OWNER', isOwner: true }),
          partnerJson({ ...otherPartner, role: 'CONTACT', accessLevel: 'VIEWER' }),
        ].map((partner) => tradePartnerSchema.parse(partner)),
        'test',
      ),
    );
    await screen.findByRole('link', { name: 'ORD-2026-000001' });
    const sorts = () =>
      within(screen.getByRole('combobox', { name: 'Sort by' }))
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value);
    expect(sorts()).not.toContain('total,desc');
    expect(sorts()).not.toContain('total,asc');

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Trade partner' }),
      acmeUuid,
    );
    await waitFor(() => expect(sorts()).toContain('total,desc'));
    expect(sorts()).toContain('total,asc');
  });

  it("asks for the open orders as three statuses, and for one partner's orders from a row", async () => {
    const queries = ordersApi();
    const { router } = renderList(['NT24_MANAGER']);
    await screen.findByRole('link', { name: 'ORD-2026-000001' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'open');
    await waitFor(() =>
      expect(queries.at(-1)).toBe(
        `${DEFAULT_QUERY}&status=DRAFT&status=CONFIRMED&status=IN_PROGRESS`,
      ),
    );

    const [onlyMuller] = screen.getAllByRole('button', {
      name: 'Only the orders of Müller Handels GmbH',
    });
    await userEvent.click(onlyMuller!);
    await waitFor(() => expect(queries.at(-1)).toContain(`tradePartnerUuid=${otherPartner.uuid}`));
    expect(new URLSearchParams(router.state.location.search).get('partner')).toBe(
      otherPartner.uuid,
    );
    await userEvent.click(screen.getByRole('button', { name: 'All trade partners' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).has('partner')).toBe(false),
    );
  });

  it("lists the orders to ship from the menu's 'New Shipment' address", async () => {
    const queries = ordersApi();
    renderList(['NT24_MANAGER'], '/orders?status=CONFIRMED&status=IN_PROGRESS');
    await screen.findByRole('link', { name: 'ORD-2026-000001' });
    expect(queries).toEqual([`${DEFAULT_QUERY}&status=CONFIRMED&status=IN_PROGRESS`]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue(
      'To ship (confirmed, in progress)',
    );
  });

  it('reads the order date range from a shared address', async () => {
    const queries = ordersApi();
    renderList(['NT24_MANAGER'], '/orders?from=2026-01-01&to=2026-01-31&status=BOGUS');
    await screen.findByRole('link', { name: 'ORD-2026-000001' });
    expect(queries).toEqual([`${DEFAULT_QUERY}&from=2026-01-01&to=2026-01-31`]);
    expect(screen.getByRole('textbox', { name: 'Order date from' })).toHaveValue('01.01.2026');
    expect(screen.getByRole('textbox', { name: 'Order date to' })).toHaveValue('31.01.2026');
  });

  it('says when there are no orders, none match, or the list failed', async () => {
    const empty = { content: [], page: 0, size: 20, totalElements: 0, totalPages: 0 };
    server.use(http.get('/api/orders', () => HttpResponse.json(empty)));
    renderList(['OWNER']);
    expect(await screen.findByText('Your companies have no orders yet.')).toBeInTheDocument();

    renderList(['NT24_MANAGER'], '/orders?held=true');
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();

    server.use(
      http.get('/api/orders', () =>
        HttpResponse.json(errorBody(500, 'Internal Server Error', 'Boom'), { status: 500 }),
      ),
    );
    renderList(['NT24_MANAGER'], '/orders?status=DRAFT');
    expect(await screen.findByText('The orders could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe("the partner page's Orders tab", () => {
  const renderTab = (roles: string[]) => {
    const partner = tradePartnerSchema.parse(partnerJson());
    renderRoutes(
      [{ path: '/partners/:partnerId', element: <OrdersTab partner={partner} can={can} /> }],
      `/partners/${partner.uuid}?tab=orders`,
      roles,
    );
  };
  const can = partnerPermissions(['NT24_MANAGER'], tradePartnerSchema.parse(partnerJson()));

  it("lists the partner's orders alone", async () => {
    const queries = ordersApi();
    renderTab(['NT24_MANAGER']);
    await screen.findByRole('link', { name: 'ORD-2026-000001' });
    expect(queries).toEqual([`${DEFAULT_QUERY}&tradePartnerUuid=${acmeUuid}`]);
    expect(screen.queryByRole('columnheader', { name: 'Trade partner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Trade partner' })).not.toBeInTheDocument();
  });
});
