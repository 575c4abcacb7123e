import {
  breadcrumbLabels,
  buildBreadcrumbs,
  createLabelRegistry,
  currentLabel,
  registeredLabel,
  substituteParams,
  type RouteHandle,
  type RouteMatchLike,
} from '@/lib/breadcrumbs';
import type { TranslationKey } from '@/lib/i18n';

/** A fake of the trade-partner state that arrives with the onboarding issue. */
interface FakeState {
  partners: { byUuid: Record<string, { name: string }> };
}

const titles: Record<string, string> = {
  'pages.tradePartners': 'Trade Partners',
  'pages.newTradePartner': 'New Trade Partner',
  'dashboard.title': 'Dashboard',
};
const t = (key: TranslationKey) => titles[key] ?? key;

const partnerHandle: RouteHandle<FakeState> = {
  titleKey: 'pages.tradePartners',
  resolveTitle: ({ params, state }) =>
    params.partnerUuid ? state.partners.byUuid[params.partnerUuid]?.name : null,
};

const acme = '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';
const state: FakeState = { partners: { byUuid: { [acme]: { name: 'Acme Trading B.V.' } } } };

/** Matches as useMatches() reports them: root, guard, layout, then the page routes. */
function matches(...pages: Omit<RouteMatchLike, 'params'>[]): RouteMatchLike[] {
  const params = { partnerUuid: acme, orderId: '1042' };
  return [
    { pathname: '/', params, handle: undefined },
    { pathname: '/', params, handle: undefined },
    ...pages.map((page) => ({ ...page, params })),
  ];
}

const sources = (registry = new Map<string, string>()) => ({ t, state, registry });

describe('breadcrumbs', () => {
  it('builds the trail from the route titles, parents first', () => {
    const trail = buildBreadcrumbs(
      matches(
        { pathname: '/partners', handle: { titleKey: 'pages.tradePartners' } },
        { pathname: '/partners/new', handle: { titleKey: 'pages.newTradePartner' } },
      ),
      sources(),
    );
    expect(trail).toEqual([
      { label: 'Trade Partners', path: '/partners' },
      { label: 'New Trade Partner', path: '/partners/new' },
    ]);
  });

  it("lets an index route's title replace its parent's at the same path", () => {
    const trail = buildBreadcrumbs(
      matches(
        { pathname: '/partners', handle: { titleKey: 'pages.tradePartners' } },
        { pathname: '/partners/', handle: { titleKey: 'dashboard.title' } },
      ),
      sources(),
    );
    expect(trail).toEqual([{ label: 'Dashboard', path: '/partners' }]);
  });

  it("names a page through its handle's resolver (the trade partner's name)", () => {
    const routes = matches(
      { pathname: '/partners', handle: { titleKey: 'pages.tradePartners' } },
      { pathname: `/partners/${acme}`, handle: partnerHandle },
    );
    expect(buildBreadcrumbs(routes, sources()).map((crumb) => crumb.label)).toEqual([
      'Trade Partners',
      'Acme Trading B.V.',
    ]);
    expect(currentLabel(routes, sources())).toBe('Acme Trading B.V.');
  });

  it('falls back to the title while the resolver knows no name yet', () => {
    const routes = matches({ pathname: `/partners/${acme}`, handle: partnerHandle });
    const empty = { t, state: { partners: { byUuid: {} } }, registry: new Map() };
    expect(currentLabel(routes, empty)).toBe('Trade Partners');
  });

  it('fills in :params', () => {
    expect(substituteParams('Order :orderId of :partnerUuid', { orderId: '1042' })).toBe(
      'Order 1042 of :partnerUuid',
    );
    expect(substituteParams('Rôle principal : x', { x: 'no' })).toBe('Rôle principal : x');
    const routes = matches({
      pathname: '/orders/detail/1042',
      handle: { titleKey: 'Order :orderId' },
    });
    expect(currentLabel(routes, sources())).toBe('Order 1042');
  });

  it('prefers a label registered for the path pattern, with its :params filled in', () => {
    const registry = new Map([['/orders/detail/:orderId', 'Order #:orderId']]);
    expect(registeredLabel(registry, '/orders/detail/77')).toBe('Order #77');
    expect(registeredLabel(registry, '/orders/detail/77/items')).toBeNull();

    const routes = matches(
      { pathname: '/orders', handle: { titleKey: 'pages.orders' } },
      { pathname: '/orders/detail/77', handle: { titleKey: 'dashboard.title' } },
    );
    expect(buildBreadcrumbs(routes, sources(registry)).at(-1)).toEqual({
      label: 'Order #77',
      path: '/orders/detail/77',
    });
  });

  it('leaves routes without a label out', () => {
    expect(buildBreadcrumbs(matches(), sources())).toEqual([]);
    expect(currentLabel(matches(), sources())).toBeNull();
  });
});

describe('label registry', () => {
  it('registers and unregisters labels, telling subscribers', () => {
    const registry = createLabelRegistry();
    const listener = vi.fn();
    const unsubscribe = registry.subscribe(listener);

    registry.register('/partners/:uuid', 'Acme');
    registry.register('/partners/:uuid', 'Acme');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(registry.snapshot().get('/partners/:uuid')).toBe('Acme');

    registry.unregister('/partners/:uuid');
    expect(registry.snapshot().size).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    registry.register('/x', 'X');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('starts empty for the app', () => {
    expect(breadcrumbLabels.snapshot().size).toBe(0);
  });
});
