import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import de from '../../../public/assets/i18n/de.json';
import { OrderModifyPage, OrderNewPage } from '@/features/orders/OrderFormPage';
import {
  conflict,
  mockOrderApi,
  orderJson,
  orderUuid,
  OWNER_PERMISSIONS,
  serveNoOrder,
} from '@/features/orders/testData';
import { toApiDate } from '@/lib/format';
import { acmeUuid, partnerJson } from '../../../tests/data/partners';
import { server } from '../../../tests/msw-server';
import { renderRoutes } from '../../../tests/render-routes';

function renderForm(path: string, roles = ['NT24_MANAGER']) {
  return renderRoutes(
    [
      { path: '/orders/modify/new', element: <OrderNewPage /> },
      { path: '/orders/modify/:orderRef', element: <OrderModifyPage /> },
      { path: '/orders/detail/:orderRef', element: <p>Order page</p> },
      { path: '/partners/:partnerId', element: <p>Partner page</p> },
    ],
    path,
    roles,
  );
}

/** POST /api/orders: notes each body; answers 201 with the order, or what `answer` says. */
function createApi(answer?: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(partnerJson())),
    http.post('/api/orders', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answer?.() ?? HttpResponse.json(orderJson(), { status: 201 });
    }),
  );
  return bodies;
}

const NEW_ORDER = `/orders/modify/new?partner=${acmeUuid}`;

describe('the new order form', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('works out the amounts as they are typed in German, says why a number does not read, and saves', async () => {
    i18n.addResourceBundle('de', 'translation', de);
    await act(() => i18n.changeLanguage('de'));
    const bodies = createApi();
    const { router, store } = renderForm(NEW_ORDER);

    expect(await screen.findByRole('link', { name: 'Acme Logistics B.V.' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Neue Bestellung' })).toBeInTheDocument();
    // The current partner is the order's (SPEC section 2).
    expect(store.getState().tradePartner.urlPartnerUuid).toBe(acmeUuid);

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Ansprechpartner' }),
      'Olivia Smit',
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Lieferadresse' }),
      'Coolsingel 40, 3011 AD Rotterdam',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Beschreibung, Position 1' }),
      'Stahlband',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Menge, Position 1' }), '1.234,5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Einzelpreis, Position 1' }), '2');
    expect(screen.getByRole('status', { name: 'Betrag von Position 1' })).toHaveTextContent(
      '2.469,00 €',
    );
    expect(screen.getByRole('status', { name: 'Summe' })).toHaveTextContent('2.469,00 €');

    // Written the English way: refused at the field, in German, and no total until it reads.
    await userEvent.click(screen.getByRole('button', { name: 'Position hinzufügen' }));
    const quantity = screen.getByRole('textbox', { name: 'Menge, Position 2' });
    await userEvent.type(quantity, '1,234.5');
    expect(quantity).toHaveAccessibleDescription(
      'Die Trennzeichen passen nicht zur deutschen Schreibweise von Zahlen. Schreiben Sie sie wie 1.234,5.',
    );
    expect(screen.getByRole('status', { name: 'Summe' })).toHaveTextContent('—');
    await userEvent.click(screen.getByRole('button', { name: 'Position 2 entfernen' }));
    expect(screen.getByRole('status', { name: 'Summe' })).toHaveTextContent('2.469,00 €');

    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/detail/${orderUuid}`));
    expect(bodies).toEqual([
      {
        tradePartnerUuid: acmeUuid,
        contactId: 3,
        direction: 'SALE',
        customerReference: null,
        orderDate: toApiDate(new Date()),
        requestedDeliveryDate: null,
        deliveryAddressId: 7,
        incoterm: null,
        incotermPlace: null,
        currency: 'EUR',
        notes: null,
        lines: [
          {
            description: 'Stahlband',
            quantity: '1234.500',
            unit: 'PCE',
            unitPrice: '2.0000',
            hsCode: null,
          },
        ],
      },
    ]);
    // Much typing, one key at a time: more than the default 5 s on a busy machine.
  }, 15_000);

  it('checks the fields before sending', async () => {
    const bodies = createApi();
    renderForm(NEW_ORDER);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Quantity, line 1' }), '0');
    fireEvent.change(screen.getByRole('textbox', { name: 'Requested delivery' }), {
      target: { value: '01.01.2020' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('textbox', { name: 'Requested delivery' })).toHaveAccessibleDescription(
      'The requested delivery cannot be before the order date.',
    );
    expect(
      screen.getByRole('textbox', { name: 'Description, line 1' }),
    ).toHaveAccessibleDescription('Fill this in.');
    expect(screen.getByRole('textbox', { name: 'Quantity, line 1' })).toHaveAccessibleDescription(
      'Enter a quantity of more than 0.',
    );
    expect(screen.getByRole('textbox', { name: 'Unit price, line 1' })).toHaveAccessibleDescription(
      'Fill this in.',
    );
    expect(bodies).toEqual([]);
  });

  it("shows the server's field messages at their fields, in the person's words", async () => {
    const bodies = createApi(() =>
      HttpResponse.json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'body/customerReference is too long',
          details: [
            { field: 'body.customerReference', message: 'is too long' },
            // The blank first line is not sent: the server's line 0 is the form's second.
            { field: 'body.lines.0.unitPrice', message: 'has too many decimals' },
            { field: 'body.notes', message: 'contains a character that is not allowed' },
          ],
        },
        { status: 400 },
      ),
    );
    renderForm(NEW_ORDER);
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Customer reference' }),
      'PO-1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add line' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Description, line 2' }), 'Coils');
    await userEvent.type(screen.getByRole('textbox', { name: 'Quantity, line 2' }), '1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Unit price, line 2' }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order was not saved: check the fields marked below.');
    expect(bodies).toHaveLength(1);
    const reference = screen.getByRole('textbox', { name: 'Customer reference' });
    expect(reference).toHaveAccessibleDescription('This is too long.');
    expect(screen.getByRole('textbox', { name: 'Unit price, line 2' })).toHaveAccessibleDescription(
      'This has too many decimals.',
    );
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
      'contains a character that is not allowed',
    );
    // Edited: its message goes.
    await userEvent.type(reference, '2');
    expect(reference).not.toHaveAccessibleDescription();
  });

  it('asks for a partner when the address names none', async () => {
    renderForm('/orders/modify/new');
    expect(
      await screen.findByRole('heading', { name: 'Choose a trade partner' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To the trade partners' })).toHaveAttribute(
      'href',
      '/partners',
    );
  });
});

describe('changing an order', () => {
  it('starts from the order as saved and sends the change on its version', async () => {
    mockOrderApi();
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/orders/:ref', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(orderJson({ version: 4, customerReference: 'PO-7789' }));
      }),
    );
    const { router } = renderForm(`/orders/modify/${orderUuid}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit ORD-2026-000123' }),
    ).toBeInTheDocument();
    const reference = await screen.findByRole('textbox', { name: 'Customer reference' });
    expect(reference).toHaveValue('PO-7788');
    expect(screen.getByRole('textbox', { name: 'Quantity, line 1' })).toHaveValue('2.125');
    expect(screen.getByRole('textbox', { name: 'Unit price, line 1' })).toHaveValue('480');
    expect(screen.getByRole('combobox', { name: 'Unit, line 1' })).toHaveValue('TNE');
    expect(screen.getByRole('combobox', { name: 'Incoterm' })).toHaveValue('FOB');
    expect(screen.getByRole('status', { name: 'Total' })).toHaveTextContent('€1,234.50');

    await userEvent.clear(reference);
    await userEvent.type(reference, 'PO-7789');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/detail/${orderUuid}`));
    expect(bodies).toEqual([
      expect.objectContaining({
        version: 3,
        customerReference: 'PO-7789',
        lines: [
          expect.objectContaining({ quantity: '2.125', unitPrice: '480.0000', hsCode: '720851' }),
          expect.objectContaining({ quantity: '10.000', unitPrice: '21.4500', hsCode: null }),
        ],
      }),
    ]);
  });

  it("shows someone else's save when theirs came first", async () => {
    mockOrderApi();
    server.use(
      http.put('/api/orders/:ref', () =>
        HttpResponse.json(
          conflict({
            reason: 'staleVersion',
            current: orderJson({ version: 4, customerReference: 'THEIRS' }),
          }),
          { status: 409 },
        ),
      ),
    );
    const { store, router } = renderForm(`/orders/modify/${orderUuid}`);
    const reference = await screen.findByRole('textbox', { name: 'Customer reference' });
    await userEvent.type(reference, '-mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Customer reference' })).toHaveValue('THEIRS'),
    );
    expect(store.getState().notifications.items.map((item) => item.title)).toContain(
      'http.staleVersion.title',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/orders/modify/${orderUuid}`);
  });

  it('shows partner people the order instead of its form', async () => {
    mockOrderApi(orderJson({ permissions: OWNER_PERMISSIONS }));
    const { router } = renderForm(`/orders/modify/${orderUuid}`, ['OWNER']);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/detail/${orderUuid}`));
    expect(await screen.findByText('Order page')).toBeInTheDocument();
  });

  it('says so when the order is not there', async () => {
    serveNoOrder();
    renderForm('/orders/modify/999');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    renderForm('/orders/modify/not-an-order');
    expect(
      within(
        screen.getAllByRole('heading', { name: 'Order not found' }).at(-1)!.parentElement!,
      ).getByRole('link', { name: 'Back to the orders' }),
    ).toHaveAttribute('href', '/orders');
  });
});
