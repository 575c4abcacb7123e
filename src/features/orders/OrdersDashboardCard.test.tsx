import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DashboardPage } from '@/features/dashboard/DashboardPage';
import { ordersDashboardCard } from '@/features/orders/ordersCardSlot';
import { sessionStarted } from '@/session/authSlice';
import { fetchUser } from '@/session/userSlice';
import { errorBody, markDeVries } from '../../../tests/msw-handlers';
import { server } from '../../../tests/msw-server';
import { makeStore, markToken, renderWithProviders } from '../../../tests/render-with-providers';

function renderDashboard(roles: string[]) {
  const store = makeStore();
  store.dispatch(sessionStarted({ ...markToken, roles }));
  store.dispatch(fetchUser.fulfilled({ ...markDeVries, roles }, 'test', 'kc'));
  renderWithProviders(<DashboardPage cards={[ordersDashboardCard]} />, {
    store,
    route: '/dashboard',
  });
}

describe('the dashboard’s orders card', () => {
  it('shows staff the open orders and those on hold, each a filtered list', async () => {
    server.use(http.get('/api/orders/counts', () => HttpResponse.json({ held: 2, open: 17 })));
    renderDashboard(['NT24_EMPLOYEE']);

    const card = await screen.findByRole('region', { name: 'Orders' });
    const open = await within(card).findByRole('link', { name: '17 open orders' });
    expect(open).toHaveAttribute(
      'href',
      '/orders?status=DRAFT&status=CONFIRMED&status=IN_PROGRESS',
    );
    expect(within(card).getByRole('link', { name: '2 orders on hold for KYC' })).toHaveAttribute(
      'href',
      '/orders?held=true',
    );
    expect(within(card).getByText('On hold: KYC')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'All orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
  });

  it('counts one in the singular', async () => {
    server.use(http.get('/api/orders/counts', () => HttpResponse.json({ held: 1, open: 1 })));
    renderDashboard(['NT24_MANAGER']);
    expect(await screen.findByRole('link', { name: '1 open order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 order on hold for KYC' })).toBeInTheDocument();
  });

  it('offers a retry when the counts cannot be had', async () => {
    server.use(
      http.get('/api/orders/counts', () =>
        HttpResponse.json(errorBody(500, 'Internal Server Error', 'Boom'), { status: 500 }),
      ),
    );
    renderDashboard(['NT24_MANAGER']);
    expect(await screen.findByText('The order counts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not shown to partner people', async () => {
    renderDashboard(['OWNER']);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Orders' })).not.toBeInTheDocument();
  });
});
