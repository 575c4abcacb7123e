import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { OrderDetailPage } from '@/features/orders/OrderDetailPage';
import {
  conflict,
  leftToShipJson,
  mockOrderApi,
  mockStatusApi,
  orderJson,
  orderUuid,
} from '@/features/orders/testData';
import { renderRoutes } from '../../../tests/render-routes';

/** An order under way; `leftToShip` as given (every line in full unless told). */
const inProgress = (overrides: Record<string, unknown> = {}) =>
  orderJson({ status: 'IN_PROGRESS', confirmedAt: '2026-03-03T09:00:00.000Z', ...overrides });

async function openOrder() {
  renderRoutes(
    [{ path: '/orders/detail/:orderRef', element: <OrderDetailPage /> }],
    `/orders/detail/${orderUuid}`,
    ['NT24_MANAGER'],
  );
  await screen.findByRole('heading', { level: 1, name: 'ORD-2026-000123' });
}

describe('Completing an order (decision 036)', () => {
  it('says what is left to ship and completes only with a reason', async () => {
    mockOrderApi(inProgress());
    const bodies = mockStatusApi(() =>
      HttpResponse.json(inProgress({ status: 'COMPLETED', version: 4 })),
    );
    await openOrder();
    // With goods left, Complete is not the step the page suggests.
    const complete = screen.getByRole('button', { name: 'Complete' });
    expect(complete).toHaveClass('btn-outline-secondary');
    await userEvent.click(complete);

    const dialog = screen.getByRole('dialog', { name: 'Complete ORD-2026-000123' });
    expect(dialog).toHaveTextContent('Not everything ordered has been shipped.');
    expect(dialog).toHaveTextContent('2 lines have goods left to ship:');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Steel coils: 2.125 of 2.125 t left', 'Pallets: 10 of 10 pal left']);
    const confirm = within(dialog).getByRole('button', { name: 'Complete' });
    expect(confirm).toBeDisabled();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await userEvent.type(reason, 'Ok');
    expect(confirm).toBeDisabled();
    await userEvent.type(reason, ': from stock');
    await userEvent.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ status: 'COMPLETED', reason: 'Ok: from stock', version: 3 }]);
    expect(await screen.findByText('Completed')).toBeInTheDocument();
  }, 15_000);

  it('asks to confirm, without a reason, when nothing is left to ship', async () => {
    const delivered = { leftToShip: [], allDelivered: true };
    mockOrderApi(inProgress(delivered));
    const bodies = mockStatusApi(() =>
      HttpResponse.json(inProgress({ ...delivered, status: 'COMPLETED', version: 4 })),
    );
    await openOrder();
    // Everything delivered: completing is the natural next step.
    const complete = screen.getByRole('button', { name: 'Complete' });
    expect(complete).toHaveClass('btn-primary');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toHaveClass('btn-outline-danger');

    await userEvent.click(complete);
    let dialog = screen.getByRole('dialog', { name: 'Complete ORD-2026-000123' });
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await userEvent.click(complete);
    dialog = screen.getByRole('dialog', { name: 'Complete ORD-2026-000123' });
    expect(dialog).toHaveTextContent('A completed order is final');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(bodies).toEqual([{ status: 'COMPLETED', version: 3 }]));
    expect(await screen.findByText('Completed')).toBeInTheDocument();
  });

  it('keeps Complete in the background while shipped goods are still on their way', async () => {
    mockOrderApi(inProgress({ leftToShip: [], allDelivered: false }));
    const bodies = mockStatusApi(() => HttpResponse.json(inProgress()));
    await openOrder();
    const complete = screen.getByRole('button', { name: 'Complete' });
    expect(complete).toHaveClass('btn-outline-secondary');

    // A shipment is still open: its delivery completes the order, not a click.
    await userEvent.click(complete);
    const dialog = screen.getByRole('dialog', { name: 'Complete ORD-2026-000123' });
    expect(dialog).toHaveTextContent('not all of it has been delivered yet');
    expect(dialog).not.toHaveTextContent('Everything ordered has been shipped');
    expect(within(dialog).getByRole('button', { name: 'Complete' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order open' }));
    expect(bodies).toEqual([]);
  });

  it("shows the server's list when goods turned out to be left, and then asks for a reason", async () => {
    mockOrderApi(inProgress({ leftToShip: [], allDelivered: true }));
    const bodies = mockStatusApi((body) =>
      body.reason
        ? HttpResponse.json(inProgress({ status: 'COMPLETED', version: 4 }))
        : HttpResponse.json(
            conflict({
              reason: 'goodsLeftToShip',
              field: 'reason',
              lines: [{ ...leftToShipJson[1], remaining: '4.000' }],
            }),
            { status: 409 },
          ),
    );
    await openOrder();
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Complete' }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Goods are still left to ship');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Pallets: 4 of 10 pal left');

    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    const dialog = screen.getByRole('dialog', { name: 'Complete ORD-2026-000123' });
    expect(dialog).toHaveTextContent('1 line has goods left to ship:');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Short-shipped');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ status: 'COMPLETED', reason: 'Short-shipped', version: 3 });
  }, 15_000);
});
