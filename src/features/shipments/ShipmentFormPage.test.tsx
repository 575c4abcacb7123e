import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import de from '../../../public/assets/i18n/de.json';
import { mockOrderApi, orderJson } from '@/features/orders/testData';
import { ShipmentModifyPage, ShipmentNewPage } from '@/features/shipments/ShipmentFormPage';
import {
  conflict,
  mockShipmentApi,
  orderShipmentsJson,
  orderUuid,
  shipmentJson,
  shipmentUuid,
} from '@/features/shipments/testData';
import { server } from '../../../tests/msw-server';
import { renderRoutes } from '../../../tests/render-routes';

function renderForm(path: string) {
  return renderRoutes(
    [
      { path: '/shipments/modify/new', element: <ShipmentNewPage /> },
      { path: '/shipments/modify/:shipmentRef', element: <ShipmentModifyPage /> },
      { path: '/shipments/detail/:shipmentRef', element: <p>Shipment page</p> },
    ],
    path,
    ['NT24_MANAGER'],
  );
}

/** What is left of the order's lines: some steel coils, and cement by the kilogram. */
function serveQuantities() {
  const [coils] = orderShipmentsJson().lines;
  server.use(
    http.get('/api/orders/:ref/shipments', () =>
      HttpResponse.json(
        orderShipmentsJson({
          lines: [
            coils,
            {
              orderLineId: 2,
              position: 2,
              description: 'Cement',
              unit: 'KGM',
              ordered: '5000.000',
              shipped: '0.000',
              delivered: '0.000',
              remaining: '5000.000',
            },
          ],
        }),
      ),
    ),
  );
}

/** A shipment's POST or PUT: notes each body; answers what `answer` says. */
function saveApi(method: 'post' | 'put', answer: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  const path = method === 'post' ? '/api/shipments' : '/api/shipments/:ref';
  server.use(
    http[method](path, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return bodies;
}

/** What the row of a line says, cell by cell. */
const cells = (description: string) =>
  within(screen.getByText(description).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

const quantity = (line: number, name = 'Zu versendende Menge, Position') =>
  screen.getByRole('textbox', { name: `${name} ${line}` });

describe('the shipment form', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('plans a shipment in German: what is left per line, more refused at the field, 1.234,5 read as 1234.5', async () => {
    i18n.addResourceBundle('de', 'translation', de);
    await act(() => i18n.changeLanguage('de'));
    mockOrderApi(orderJson({ status: 'CONFIRMED' }));
    serveQuantities();
    const bodies = saveApi('post', () =>
      HttpResponse.json(shipmentJson({ status: 'PLANNED' }), { status: 201 }),
    );
    const { router } = renderForm(`/shipments/modify/new?order=${orderUuid}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Neue Sendung' })).toBeVisible();
    // Ordered, on shipments, left to ship.
    expect(cells('Steel coils')).toEqual(['Steel coils', '2,125 t', '1 t', '1,125 t', 't']);
    expect(cells('Cement')).toEqual(['Cement', '5.000 kg', '0 kg', '5.000 kg', 'kg']);
    // A sale goes to the order's delivery address, delivered when the order asks.
    const destination = screen.getByRole('group', { name: 'Nach (Zustellung)' });
    expect(within(destination).getByRole('textbox', { name: 'Straße und Hausnummer' })).toHaveValue(
      'Coolsingel 40',
    );
    expect(screen.getByRole('textbox', { name: 'Geplante Zustellung' })).toHaveValue('20.03.2026');

    fireEvent.change(quantity(1), { target: { value: '1,5' } });
    await userEvent.type(quantity(2), '1.234,5');
    const origin = screen.getByRole('group', { name: 'Von (Abholung)' });
    fireEvent.change(within(origin).getByRole('textbox', { name: 'Straße und Hausnummer' }), {
      target: { value: 'Hafenstraße 12' },
    });
    fireEvent.change(within(origin).getByRole('textbox', { name: 'Ort' }), {
      target: { value: 'Duisburg' },
    });
    await userEvent.selectOptions(within(origin).getByRole('combobox', { name: 'Land' }), 'DE');
    fireEvent.change(screen.getByRole('textbox', { name: 'Geplante Abholung' }), {
      target: { value: '10.03.2026' },
    });

    // More than is left: refused at the field, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(quantity(1)).toHaveAccessibleDescription('Es sind höchstens noch 1,125 t zu versenden.');
    expect(quantity(1)).toHaveFocus();
    expect(bodies).toEqual([]);

    fireEvent.change(quantity(1), { target: { value: '1,125' } });
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/shipments/detail/${shipmentUuid}`),
    );
    expect(bodies).toEqual([
      {
        orderUuid,
        lines: [
          { orderLineId: 1, quantity: '1.125' },
          { orderLineId: 2, quantity: '1234.500' },
        ],
        origin: {
          name: null,
          street: 'Hafenstraße 12',
          postalCode: null,
          city: 'Duisburg',
          country: 'DE',
        },
        destination: {
          name: 'Acme Logistics B.V.',
          street: 'Coolsingel 40',
          postalCode: '3011 AD',
          city: 'Rotterdam',
          country: 'NL',
        },
        plannedPickupDate: '2026-03-10',
        plannedDeliveryDate: '2026-03-20',
        notes: null,
      },
    ]);
    // Much typing, one key at a time: more than the default 5 s on a busy machine.
  }, 15_000);

  it('shows at the line when another shipment took what was left meanwhile (409)', async () => {
    mockShipmentApi(shipmentJson({ status: 'PLANNED' }));
    serveQuantities();
    const bodies = saveApi('put', () =>
      HttpResponse.json(
        conflict({
          reason: 'quantityExceedsRemaining',
          lines: [{ orderLineId: 1, remaining: '0.500' }],
        }),
        { status: 409 },
      ),
    );
    renderForm(`/shipments/modify/${shipmentUuid}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit SHP-2026-000501' }),
    ).toBeVisible();
    // Its own tonne counts as left to it, on top of what is left of the order.
    const line = quantity(1, 'Quantity to ship, line');
    expect(line).toHaveValue('1');
    expect(cells('Steel coils')).toEqual(['Steel coils', '2.125 t', '1 t', '2.125 t', 't']);

    fireEvent.change(line, { target: { value: '2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The shipment was not saved: check the fields marked below.',
    );
    expect(line).toHaveAccessibleDescription(
      'Only 0.5 t is left to ship now: another shipment took the rest meanwhile.',
    );
    expect(bodies).toEqual([
      expect.objectContaining({ lines: [{ orderLineId: 1, quantity: '2.000' }], version: 4 }),
    ]);
  });
});
