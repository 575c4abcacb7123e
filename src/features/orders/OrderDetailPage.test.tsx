import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TradePartner } from '@common/partners';
import { OrderDetailPage } from '@/features/orders/OrderDetailPage';
import {
  conflict,
  kycFileUuid,
  mockOrderApi,
  mockStatusApi,
  orderJson,
  orderUuid,
  OWNER_PERMISSIONS,
  serveNoOrder,
} from '@/features/orders/testData';
import { formatDateTime } from '@/lib/format';
import { loadUserTradePartners } from '@/session/tradePartnerSlice';
import { documentJson, fakeFile } from '../../../tests/data/documents';
import { acmeUuid, partnerJson } from '../../../tests/data/partners';
import { markDeVries } from '../../../tests/msw-handlers';
import { server } from '../../../tests/msw-server';
import { renderApp, stubMatchMedia } from '../../../tests/render-app';
import { renderRoutes } from '../../../tests/render-routes';

const DETAIL = `/orders/detail/${orderUuid}`;

function renderDetail(roles = ['NT24_MANAGER'], path = DETAIL) {
  return renderRoutes(
    [
      { path: '/orders/detail/:orderRef', element: <OrderDetailPage /> },
      { path: '/orders/modify/:orderRef', element: <p>Order form</p> },
    ],
    path,
    roles,
  );
}

/** The signed-in person's trade partners, as loaded: Acme, where they are at `accessLevel`. */
const memberOfAcme = (accessLevel: 'OWNER' | 'EDITOR') =>
  loadUserTradePartners.fulfilled(
    [
      partnerJson({
        role: accessLevel === 'OWNER' ? 'OWNER' : 'CONTACT',
        accessLevel,
        isOwner: accessLevel === 'OWNER',
      }) as unknown as TradePartner,
    ],
    'test',
  );

const heading = () => screen.findByRole('heading', { level: 1, name: 'ORD-2026-000123' });

describe('OrderDetailPage', () => {
  it('shows the order: status, fields, lines with their amounts, the total and the history', async () => {
    const { requests } = mockOrderApi();
    const { store } = renderDetail();
    await heading();

    expect(screen.getByText('Draft')).toHaveClass('text-bg-secondary');
    expect(await screen.findByText('Olivia Smit')).toBeInTheDocument();
    expect(screen.getByText('Coolsingel 40, 3011 AD Rotterdam')).toBeInTheDocument();
    expect(screen.getByText('FOB – Free on Board, Rotterdam')).toBeInTheDocument();
    expect(screen.getByText('Deliver to gate 4.')).toBeInTheDocument();

    const lines = screen.getByRole('table', { name: "The order's lines" });
    const first = within(lines).getByText('Steel coils').closest('tr')!;
    expect(within(first).getByText('2.125 t')).toBeInTheDocument();
    expect(within(first).getByText('€480.00')).toBeInTheDocument();
    expect(within(first).getByText('€1,020.00')).toBeInTheDocument();
    const second = within(lines).getByText('Pallets').closest('tr')!;
    expect(within(second).getByText('10 pal')).toBeInTheDocument();
    expect(within(second).getByText('€21.45')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('€1,234.50');

    const history = await screen.findByRole('list', { name: 'History' });
    expect(within(history).getByText('Order created')).toBeInTheDocument();
    expect(within(history).getByText('Changed: Customer reference, Lines')).toBeInTheDocument();
    expect(
      within(history).getAllByText(`Mark de Vries, ${formatDateTime('2026-03-02T09:00:00.000Z')}`),
    ).toHaveLength(1);

    // Staff may move, change and export a draft.
    for (const name of ['Confirm', 'Cancel order', 'Export PDF']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/orders/modify/${orderUuid}`,
    );
    // SPEC section 2: the current partner is the order's.
    expect(store.getState().tradePartner.urlPartnerUuid).toBe(acmeUuid);
    expect(store.getState().tradePartner.urlPartnerId).toBe(42);
    await waitFor(() =>
      expect(requests).toContain(
        `GET /api/documents/entity-uuid/order/${orderUuid}?page=0&size=100`,
      ),
    );
  });

  it('gives partner people the order to read and its documents to add, nothing to change', async () => {
    mockOrderApi(orderJson({ permissions: OWNER_PERMISSIONS }));
    const uploads: string[] = [];
    server.use(
      http.post('/api/documents', ({ request }) => {
        uploads.push(new URL(request.url).search);
        return HttpResponse.json(
          documentJson({ id: 201, orderId: 123, tradePartnerId: null, type: 'PURCHASE_ORDER' }),
          { status: 201 },
        );
      }),
    );
    // The OWNER of the order's company (decision 042: its level, not the realm role, decides).
    const { store } = renderDetail(['NT24_TRADE_PARTNER', 'CONTACT']);
    store.dispatch(memberOfAcme('OWNER'));
    await heading();

    for (const name of ['Confirm', 'Cancel order', 'Export PDF']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();

    const type = await screen.findByRole('combobox', { name: 'Document type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a document type',
      'Purchase order',
      'Order confirmation',
      'Contract',
      'Invoice',
      'Certificate of origin',
      'Photo',
      'Other',
    ]);
    expect(screen.queryByRole('combobox', { name: 'Belongs to' })).not.toBeInTheDocument();
    await userEvent.selectOptions(type, 'PURCHASE_ORDER');
    await userEvent.upload(screen.getByLabelText('Browse'), fakeFile('po.pdf', 'application/pdf'));
    await waitFor(() =>
      expect(uploads).toEqual([
        `?userId=${markDeVries.id}&documentType=PURCHASE_ORDER&orderUuid=${orderUuid}`,
      ]),
    );
  });

  it('offers an EDITOR of the company no financial types, even with the realm role OWNER', async () => {
    mockOrderApi(orderJson({ permissions: { ...OWNER_PERMISSIONS, viewAmounts: false } }));
    const { store } = renderDetail(['OWNER']);
    store.dispatch(memberOfAcme('EDITOR'));
    await heading();
    const type = await screen.findByRole('combobox', { name: 'Document type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a document type', 'Contract', 'Certificate of origin', 'Photo', 'Other']);
  });

  it("shows '—' for amounts the person may not see, and no upload without the right", async () => {
    mockOrderApi(
      orderJson({
        total: null,
        lines: [{ ...orderJson().lines[0]!, unitPrice: null, amount: null }],
        permissions: { ...OWNER_PERMISSIONS, uploadDocuments: false, viewAmounts: false },
      }),
    );
    renderDetail(['CONTACT']);
    await heading();
    const row = screen.getByText('Steel coils').closest('tr')!;
    expect(within(row).getAllByText('—')).toHaveLength(2);
    expect(screen.getByTestId('order-total')).toHaveTextContent('—');
    expect(
      screen.getByText(
        "Prices and amounts are shown to those who may see the company's financials.",
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('No documents for this order yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upload documents' })).not.toBeInTheDocument();
  });

  it("explains the compliance gate: the partner's file is not approved, with a link to it", async () => {
    mockOrderApi();
    const bodies = mockStatusApi(() =>
      HttpResponse.json(
        conflict({
          reason: 'kycNotApproved',
          kyc: { id: 12, uuid: kycFileUuid, status: 'IN_REVIEW' },
          tradePartnerUuid: acmeUuid,
        }),
        { status: 409 },
      ),
    );
    renderDetail();
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The KYC file of Acme Logistics B.V. is not approved (status In review): the order cannot be confirmed.',
    );
    expect(within(alert).getByRole('link', { name: 'Open KYC #12' })).toHaveAttribute(
      'href',
      '/kyc/12',
    );
    expect(bodies).toEqual([{ status: 'CONFIRMED', version: 3 }]);
    expect(screen.getByText('Draft')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('links to the partner when it has no KYC file, and cannot export one', async () => {
    mockOrderApi(orderJson({ kyc: null }));
    mockStatusApi(() =>
      HttpResponse.json(
        conflict({ reason: 'kycNotApproved', kyc: null, tradePartnerUuid: acmeUuid }),
        { status: 409 },
      ),
    );
    renderDetail();
    await heading();
    const exportButton = screen.getByRole('button', { name: 'Export PDF' });
    expect(exportButton).toBeDisabled();
    expect(exportButton).toHaveAccessibleDescription(
      'Acme Logistics B.V. has no KYC file to export yet.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Acme Logistics B.V. has no KYC file yet: the order cannot be confirmed until one is approved.',
    );
    expect(
      within(alert).getByRole('link', { name: "Open the partner's KYC files" }),
    ).toHaveAttribute('href', `/partners/${acmeUuid}?tab=kyc`);
  });

  it('says what a confirmation still needs', async () => {
    mockOrderApi();
    mockStatusApi(() =>
      HttpResponse.json(
        conflict({ reason: 'orderIncomplete', missing: ['deliveryAddressId', 'incoterm'] }),
        { status: 409 },
      ),
    );
    renderDetail();
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order cannot be confirmed yet. It still needs:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a delivery address', 'an Incoterm']);
  });

  it('cancels only with a reason', async () => {
    mockOrderApi();
    const bodies = mockStatusApi((body) =>
      HttpResponse.json(orderJson({ status: 'CANCELLED', cancelReason: body.reason, version: 4 })),
    );
    renderDetail();
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel ORD-2026-000123' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel order' });
    expect(confirm).toBeDisabled();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await userEvent.type(reason, 'No');
    expect(confirm).toBeDisabled();
    await userEvent.type(reason, ' longer needed');
    await userEvent.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ status: 'CANCELLED', reason: 'No longer needed', version: 3 }]);
    expect(await screen.findByText('Cancelled')).toHaveClass('text-bg-dark');
    expect(screen.getByText('No longer needed')).toBeInTheDocument();
    // Final: nothing to move, nothing to change.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows the order as it is when someone else moved it first', async () => {
    mockOrderApi();
    mockStatusApi(() =>
      HttpResponse.json(
        conflict({
          reason: 'staleVersion',
          current: orderJson({ status: 'CONFIRMED', version: 4, held: true }),
        }),
        { status: 409 },
      ),
    );
    const { store } = renderDetail();
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    expect(store.getState().notifications.items.map((item) => item.title)).toContain(
      'http.staleVersion.title',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A confirmed order moves on or back, and shows it is held for the partner's KYC.
    expect(screen.getByText('On hold: KYC')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to draft' })).toBeInTheDocument();
  });

  it("exports the partner's KYC file for the order, named order-{uuid}.pdf", async () => {
    mockOrderApi();
    const starts: URL[] = [];
    server.use(
      http.post(`/api/kyc/uuid/${kycFileUuid}/export-pdf/start`, ({ request }) => {
        starts.push(new URL(request.url));
        return HttpResponse.json(
          { statusCode: 503, error: 'Service Unavailable', message: 'Busy' },
          { status: 503 },
        );
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDetail();
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    const dialog = screen.getByRole('dialog', { name: 'Export PDF' });
    expect(dialog).toHaveTextContent(
      "Exports KYC #12, the KYC file of the order's trade partner, as a PDF with ORD-2026-000123 on its cover.",
    );
    expect(within(dialog).getByRole('textbox', { name: 'File name' })).toHaveValue(
      `order-${orderUuid}.pdf`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0]!.searchParams.get('orderUuid')).toBe(orderUuid);
    expect(starts[0]!.searchParams.get('filename')).toBe(`order-${orderUuid}.pdf`);
  });

  it('says so when the order is not there', async () => {
    serveNoOrder();
    renderDetail(['OWNER'], '/orders/detail/77');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});

describe('the order in the app', () => {
  beforeEach(() => stubMatchMedia());
  afterEach(() => vi.unstubAllGlobals());

  it("is 'Orders / ORD-…' in the trail and the window title", async () => {
    mockOrderApi();
    await renderApp(DETAIL);
    await heading();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(within(trail).getByText('ORD-2026-000123')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('ORD-2026-000123 | NT24'));
  });
});
