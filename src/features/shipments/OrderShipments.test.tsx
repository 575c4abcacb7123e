import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { OrderDetailPage } from '@/features/orders/OrderDetailPage';
import { mockOrderApi, orderJson, OWNER_PERMISSIONS } from '@/features/orders/testData';
import { orderShipmentsSection } from '@/features/shipments/OrderShipments';
import {
  conflict,
  orderShipmentsJson,
  orderUuid,
  postApi,
  shipmentUuid,
} from '@/features/shipments/testData';
import { server } from '../../../tests/msw-server';
import { renderRoutes } from '../../../tests/render-routes';

const sections = [orderShipmentsSection];

/** The order's page as the app composes it, with its shipments section. */
function renderOrder(
  order: Record<string, unknown>,
  roles: string[],
  shipments: ReturnType<typeof orderShipmentsJson>,
) {
  mockOrderApi(order);
  server.use(http.get('/api/orders/:ref/shipments', () => HttpResponse.json(shipments)));
  renderRoutes(
    [{ path: '/orders/detail/:orderRef', element: <OrderDetailPage sections={sections} /> }],
    `/orders/detail/${orderUuid}`,
    roles,
  );
  return screen.findByRole('heading', { level: 2, name: 'Shipments' });
}

describe("the order's shipments", () => {
  it('show per line what is left to ship, each shipment late or not, and New shipment to staff', async () => {
    await renderOrder(orderJson({ status: 'IN_PROGRESS' }), ['NT24_MANAGER'], orderShipmentsJson());

    const quantities = await screen.findByRole('table', {
      name: 'Per line of the order: ordered, on shipments, delivered and left to ship',
    });
    const coils = within(quantities).getByText('Steel coils').closest('tr')!;
    expect(
      within(coils)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Steel coils', '2.125 t', '1 t', '1 t', '1.125 t']);

    const shipments = screen.getByRole('table', { name: "The order's shipments, newest first" });
    const row = within(shipments).getByRole('link', { name: 'SHP-2026-000501' }).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'SHP-2026-000501' })).toHaveAttribute(
      'href',
      `/shipments/detail/${shipmentUuid}`,
    );
    expect(within(row).getByText('In transit')).toBeInTheDocument();
    expect(within(row).getByText('Late')).toBeInTheDocument();
    expect(within(row).getByText('planned 12.03.2026')).toBeInTheDocument();
    expect(within(row).getByText('2 legs')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New shipment for ORD-2026-000123' })).toHaveAttribute(
      'href',
      `/shipments/modify/new?order=${orderUuid}`,
    );
  });

  it('offer no New shipment where the answer says none may be planned', async () => {
    await renderOrder(
      orderJson({ status: 'IN_PROGRESS', permissions: OWNER_PERMISSIONS }),
      ['OWNER'],
      orderShipmentsJson({ mayCreate: false }),
    );
    expect(await screen.findByRole('link', { name: 'SHP-2026-000501' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /New shipment/ })).not.toBeInTheDocument();
  });

  it('stand in the way of going back to draft: the refusal names them', async () => {
    await renderOrder(
      orderJson({ status: 'CONFIRMED' }),
      ['NT24_MANAGER'],
      orderShipmentsJson({ shipments: [] }),
    );
    expect(await screen.findByText('No shipments yet.')).toBeInTheDocument();
    const bodies = postApi('/api/orders/:ref/status', () =>
      HttpResponse.json(
        conflict({
          reason: 'orderHasShipments',
          shipments: [{ id: 501, number: 'SHP-2026-000501', status: 'PLANNED' }],
        }),
        { status: 409 },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back to draft' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The order cannot go back to draft while it has shipments. Cancel these first:',
    );
    expect(within(alert).getByRole('link', { name: 'SHP-2026-000501' })).toHaveAttribute(
      'href',
      '/shipments/detail/501',
    );
    expect(within(alert).getByRole('listitem')).toHaveTextContent('SHP-2026-000501 (Planned)');
    expect(bodies).toEqual([{ status: 'DRAFT', version: 3 }]);
  });
});
