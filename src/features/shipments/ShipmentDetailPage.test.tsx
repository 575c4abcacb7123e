import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { ShipmentDetailPage } from '@/features/shipments/ShipmentDetailPage';
import {
  conflict,
  kycFileUuid,
  legJson,
  mockShipmentApi,
  orderRefJson,
  OWNER_PERMISSIONS,
  postApi,
  seaLegJson,
  shipmentJson,
  shipmentUuid,
} from '@/features/shipments/testData';
import { toApiDate } from '@/lib/format';
import { acmeUuid } from '../../../tests/data/partners';
import { renderApp, stubMatchMedia } from '../../../tests/render-app';
import { renderRoutes } from '../../../tests/render-routes';

const DETAIL = `/shipments/detail/${shipmentUuid}`;

const renderDetail = (roles = ['NT24_MANAGER']) =>
  renderRoutes(
    [{ path: '/shipments/detail/:shipmentRef', element: <ShipmentDetailPage /> }],
    DETAIL,
    roles,
  );

const heading = () => screen.findByRole('heading', { level: 1, name: 'SHP-2026-000501' });
const leg = (sequence: number) => screen.getByRole('listitem', { name: `Leg ${sequence}` });

/** A planned shipment of a held order, with a planned road leg after another planned one. */
const plannedShipment = (overrides: Record<string, unknown> = {}) =>
  shipmentJson({
    status: 'PLANNED',
    actualPickupDate: null,
    late: false,
    order: { ...orderRefJson, status: 'CONFIRMED', held: true },
    transports: [
      legJson({ status: 'PLANNED', actualDeparture: null, actualArrival: null }),
      seaLegJson({
        status: 'PLANNED',
        actualDeparture: null,
        late: { departure: false, arrival: false },
      }),
    ],
    ...overrides,
  });

describe('ShipmentDetailPage', () => {
  it('shows the legs as a timeline, planned against actual, the late one marked in words', async () => {
    const { requests } = mockShipmentApi();
    const { store } = renderDetail();
    await heading();

    expect(screen.getByText('In transit')).toHaveClass('text-bg-info');
    expect(screen.getByRole('link', { name: 'ORD-2026-000123' })).toHaveAttribute(
      'href',
      '/orders/detail/5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
    );
    const timeline = screen.getByRole('list', { name: 'Legs' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);

    const road = leg(1);
    expect(within(road).getByText('Road')).toBeInTheDocument();
    expect(within(road).getByText('Arrived')).toBeInTheDocument();
    expect(
      within(road).getByText('Rhenus Logistics · Licence plate: DU-RL 482 · tracking RH-99812'),
    ).toBeInTheDocument();
    expect(within(road).queryByText('Late')).not.toBeInTheDocument();

    const sea = leg(2);
    expect(within(sea).getByText('Sea')).toBeInTheDocument();
    expect(await within(sea).findByText(/Antwerp, Belgium/)).toHaveTextContent(
      'Antwerp, Belgium → to Rotterdam, Netherlands',
    );
    const arrival = within(sea).getByText('Arrival').closest('div')!;
    expect(arrival).toHaveTextContent('planned 10.03.2026not yet');
    expect(within(arrival).getByText('Late')).toHaveTextContent('Late: Arrival');
    // Departed: only arriving is left, and staff may do it.
    expect(within(sea).getByRole('button', { name: 'Mark arrived' })).toBeEnabled();
    expect(within(sea).queryByRole('button', { name: 'Mark departed' })).not.toBeInTheDocument();

    // Its legs move it: no leaving or delivering by hand.
    expect(screen.queryByRole('button', { name: 'Mark as delivered' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel shipment' })).toBeInTheDocument();

    const history = await screen.findByRole('list', { name: 'History' });
    expect(within(history).getByText('Shipment planned')).toBeInTheDocument();
    expect(within(history).getByText('Leg 2')).toBeInTheDocument();
    // One read of the papers, the shipment's and its legs' (SPEC section 7).
    await waitFor(() => expect(requests).toContain('GET /api/documents/shipment/501'));
    expect(store.getState().tradePartner.urlPartnerUuid).toBe(acmeUuid);
    // The first page of the file loads the page's modules: more than 5 s on a busy machine.
  }, 15_000);

  it('says why a leg cannot depart before the one ahead of it has arrived', async () => {
    mockShipmentApi(plannedShipment({ order: orderRefJson }));
    const bodies = postApi('/api/transports/:ref/status', () =>
      HttpResponse.json(conflict({ reason: 'previousLegOpen' }), { status: 409 }),
    );
    renderDetail();
    await heading();

    await userEvent.click(within(leg(2)).getByRole('button', { name: 'Mark departed' }));
    const dialog = screen.getByRole('dialog', { name: 'Leg 2 departed' });
    expect(within(dialog).getByRole('textbox', { name: 'Departed on' })).toHaveValue(
      toApiDate(new Date()).split('-').reverse().join('.'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark departed' }));

    const alert = await within(leg(2)).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Leg 2 departs once the legs before it have arrived: leg 1 has not arrived yet.',
    );
    expect(bodies).toEqual([{ status: 'DEPARTED', date: toApiDate(new Date()), version: 2 }]);
  });

  it("refuses to let a held order's shipment leave, with the link to the partner's KYC file", async () => {
    mockShipmentApi(plannedShipment({ transports: [] }));
    const bodies = postApi('/api/shipments/:ref/status', () =>
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
    expect(screen.getByText('On hold: KYC')).toBeInTheDocument();
    expect(screen.getByText('No legs planned yet.')).toBeInTheDocument();

    // Without legs it leaves by hand.
    await userEvent.click(screen.getByRole('button', { name: 'Mark as picked up' }));
    const dialog = screen.getByRole('dialog', { name: 'SHP-2026-000501 picked up' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as picked up' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The KYC file of Acme Logistics B.V. is not approved (status In review): the shipment cannot leave.',
    );
    expect(within(alert).getByRole('link', { name: 'Open KYC #12' })).toHaveAttribute(
      'href',
      '/kyc/12',
    );
    expect(bodies).toEqual([{ status: 'IN_TRANSIT', date: toApiDate(new Date()), version: 4 }]);
    // Nothing changed.
    expect(screen.queryByText('In transit')).not.toBeInTheDocument();
  });

  it('gives staff the moves, edits and legs of a planned shipment', async () => {
    mockShipmentApi(plannedShipment());
    renderDetail();
    await heading();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/shipments/modify/${shipmentUuid}`,
    );
    expect(screen.getByRole('button', { name: 'Add leg' })).toBeInTheDocument();
    // Its legs move it: only cancelling by hand.
    expect(screen.queryByRole('button', { name: 'Mark as picked up' })).not.toBeInTheDocument();
    for (const name of ['Mark departed', 'Cancel leg', 'Edit leg']) {
      expect(within(leg(1)).getByRole('button', { name })).toHaveAccessibleDescription('Leg 1');
    }
  });

  it('gives partner people the shipment and its timeline to read, and its papers to add', async () => {
    mockShipmentApi(plannedShipment({ permissions: OWNER_PERMISSIONS }));
    renderDetail(['OWNER']);
    await heading();
    for (const name of ['Cancel shipment', 'Add leg', 'Mark departed', 'Cancel leg', 'Edit leg']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    // Their papers: the shipment's own upload, and each leg's, the mode's note first.
    expect(await screen.findByRole('heading', { name: 'Upload documents' })).toBeInTheDocument();
    await userEvent.click(within(leg(1)).getByRole('button', { name: 'Papers of leg 1' }));
    const papers = within(leg(1)).getByRole('region', { name: 'Papers of leg 1' });
    expect(within(papers).getByRole('combobox', { name: 'Document type' })).toHaveValue('CMR');
    expect(await within(papers).findByText('No papers for this leg yet.')).toBeInTheDocument();
  });
});

describe('the shipment in the app', () => {
  beforeEach(() => stubMatchMedia());
  afterEach(() => vi.unstubAllGlobals());

  it("is 'Orders / ORD-… / SHP-…' in the trail", async () => {
    mockShipmentApi();
    await renderApp(DETAIL);
    await heading();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(within(trail).getByRole('link', { name: 'ORD-2026-000123' })).toHaveAttribute(
      'href',
      '/orders/detail/5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
    );
    expect(within(trail).getByText('SHP-2026-000501')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('SHP-2026-000501 | NT24'));
  });
});
