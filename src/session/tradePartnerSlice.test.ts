import { http, HttpResponse } from 'msw';
import { TERMS_VERSION } from '@common/terms';
import { tradePartnerSchema, type TradePartner } from '@common/partners';
import { signedOut } from '@/store/authActions';
import { sessionStarted } from '@/session/authSlice';
import {
  hasCompanyData,
  hasValidCompanyAddress,
  isInvitedMember,
  pickDefaultPartner,
} from '@/companies/companyRules';
import {
  loadTradePartner,
  loadUserTradePartners,
  saveCompany,
  setTermsAccepted,
  TRADE_PARTNER_LOADING_CLEAR_MS,
  urlPartnerChanged,
} from '@/session/tradePartnerSlice';
import { fetchUser } from '@/session/userSlice';
import { deVriesTrading, errorBody, markDeVries } from '../../tests/msw-handlers';
import { server } from '../../tests/msw-server';
import { makeStore, markToken } from '../../tests/render-with-providers';
import { tradePartnerView } from '../../tests/trade-partner-view';

const partner = (overrides: Record<string, unknown> = {}): TradePartner =>
  tradePartnerSchema.parse({ ...deVriesTrading, ...overrides });

const otherCompany = {
  ...deVriesTrading,
  id: 12,
  uuid: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'Jansen Import',
  role: 'CONTACT',
  accessLevel: 'VIEWER',
  isOwner: false,
};

async function storeWithUser() {
  const store = makeStore();
  store.dispatch(sessionStarted(markToken));
  await store.dispatch(fetchUser(markToken.identityId));
  return store;
}

describe('company rules (SPEC sections 4.6 and 5)', () => {
  it('takes the first OWNER partner as default, else the first, flagged isOwner', () => {
    const contact = partner({ ...otherCompany });
    const owned = partner();
    expect(pickDefaultPartner([contact, owned])).toMatchObject({ uuid: owned.uuid, isOwner: true });
    expect(pickDefaultPartner([contact])).toMatchObject({ uuid: contact.uuid, isOwner: false });
    expect(pickDefaultPartner([])).toBeNull();
  });

  it('needs country, city, street, house number and post code on the first address', () => {
    expect(hasValidCompanyAddress(partner())).toBe(true);
    expect(hasValidCompanyAddress(partner({ addresses: [] }))).toBe(false);
    expect(hasValidCompanyAddress(null)).toBe(false);
    for (const field of ['country', 'city', 'street', 'houseNumber', 'postCode'] as const) {
      const address = { ...deVriesTrading.addresses[0]!, [field]: '' };
      expect(hasValidCompanyAddress(partner({ addresses: [address] }))).toBe(false);
    }
    // Only the first address counts.
    const incomplete = { ...deVriesTrading.addresses[0]!, city: '' };
    expect(
      hasValidCompanyAddress(partner({ addresses: [incomplete, deVriesTrading.addresses[0]!] })),
    ).toBe(false);
  });

  it('counts a CoC or VAT number as company data', () => {
    expect(hasCompanyData(partner())).toBe(true);
    expect(hasCompanyData(partner({ cocNumber: null }))).toBe(true);
    expect(hasCompanyData(partner({ cocNumber: null, vatNumber: ' ' }))).toBe(false);
  });

  it('calls a member invited when they are CONTACT somewhere and OWNER nowhere', () => {
    expect(isInvitedMember([partner(otherCompany)])).toBe(true);
    expect(isInvitedMember([partner(otherCompany), partner()])).toBe(false);
    expect(isInvitedMember([])).toBe(false);
  });
});

describe('trade partner slice', () => {
  afterEach(() => vi.useRealTimers());

  it("loads the user's partners by uuid and picks the default", async () => {
    server.use(
      http.get(`/api/users/uuid/${markDeVries.uuid}/trade-partners`, () =>
        HttpResponse.json([otherCompany, deVriesTrading]),
      ),
    );
    const store = await storeWithUser();

    await store.dispatch(loadUserTradePartners());

    const state = tradePartnerView(store.getState());
    expect(state.list.map((item) => item.name)).toEqual(['Jansen Import', 'De Vries Trading B.V.']);
    expect(state.userDefault).toMatchObject({ uuid: deVriesTrading.uuid, isOwner: true });
    expect(state.listRequest).toEqual({ status: 'succeeded', error: null });
    expect(state.loading).toBe(true);
  });

  it('falls back to the user id when the uuid call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.get('/api/users/uuid/:uuid/trade-partners', () =>
        HttpResponse.json(errorBody(500, 'Internal Server Error', 'No'), { status: 500 }),
      ),
      http.get(`/api/users/${markDeVries.id}/trade-partners`, () =>
        HttpResponse.json([deVriesTrading]),
      ),
    );
    const store = await storeWithUser();
    vi.spyOn(console, 'error').mockImplementation(() => {});

    await store.dispatch(loadUserTradePartners());

    expect(tradePartnerView(store.getState()).list).toHaveLength(1);
  });

  it('asks GET /api/partners/user when no user uuid is known', async () => {
    server.use(http.get('/api/partners/user', () => HttpResponse.json([deVriesTrading])));
    const store = makeStore();

    await store.dispatch(loadUserTradePartners());

    expect(tradePartnerView(store.getState()).userDefault?.name).toBe('De Vries Trading B.V.');
  });

  it('stores a failure as the list error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.get('/api/users/uuid/:uuid/trade-partners', () =>
        HttpResponse.json(errorBody(404, 'Not Found', 'Nope'), { status: 404 }),
      ),
      http.get('/api/users/:id/trade-partners', () =>
        HttpResponse.json(errorBody(404, 'Not Found', 'Nope'), { status: 404 }),
      ),
    );
    const store = await storeWithUser();
    await store.dispatch(loadUserTradePartners());
    expect(store.getState().tradePartner.listRequest).toEqual({
      status: 'failed',
      error: { status: 404, message: 'Nope' },
    });
  });

  it('clears the trade-partner-loading flag 1.5 s after a load settles', async () => {
    const store = await storeWithUser();
    vi.useFakeTimers({ toFake: ['setTimeout'] });

    await store.dispatch(loadUserTradePartners());
    expect(store.getState().tradePartner.loading).toBe(true);
    vi.advanceTimersByTime(TRADE_PARTNER_LOADING_CLEAR_MS - 1);
    expect(store.getState().tradePartner.loading).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().tradePartner.loading).toBe(false);
  });

  it('loads one partner by uuid or by id as the current one', async () => {
    server.use(
      http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(deVriesTrading)),
      http.get('/api/partners/:id', () => HttpResponse.json(otherCompany)),
    );
    const store = makeStore();
    await store.dispatch(loadTradePartner({ uuid: deVriesTrading.uuid }));
    expect(tradePartnerView(store.getState()).current?.name).toBe('De Vries Trading B.V.');
    await store.dispatch(loadTradePartner({ id: 12 }));
    expect(tradePartnerView(store.getState()).current).toMatchObject({
      name: 'Jansen Import',
      isOwner: false,
    });
  });

  it.each([
    ['uuid', { uuid: deVriesTrading.uuid }, `/api/partners/uuid/${deVriesTrading.uuid}/terms`],
    ['id', { id: deVriesTrading.id }, `/api/partners/${deVriesTrading.id}/terms`],
  ] as const)('accepts the terms by %s once the partner shows it', async (_kind, key, path) => {
    const bodies: unknown[] = [];
    server.use(
      http.patch(path, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...deVriesTrading, termsAccepted: true });
      }),
    );
    const store = await storeWithUser();
    await store.dispatch(loadUserTradePartners());
    store.dispatch({ type: 'tradePartner/currentPartnerSet', payload: partner() });

    const result = await store.dispatch(
      setTermsAccepted({ ...key, termsAccepted: true, version: 1 }),
    );

    expect(setTermsAccepted.fulfilled.match(result)).toBe(true);
    // The version of the terms the dialog showed goes with the acceptance (decision 027).
    expect(bodies).toEqual([{ termsAccepted: true, termsVersion: TERMS_VERSION, version: 1 }]);
    const state = tradePartnerView(store.getState());
    expect(state.current?.termsAccepted).toBe(true);
    expect(state.list[0]?.termsAccepted).toBe(true);
    expect(state.termsRequest.status).toBe('succeeded');
  });

  it('reads the partner again when the answer does not show the change yet; fails if it never does', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let reads = 0;
    server.use(
      http.patch('/api/partners/uuid/:uuid/terms', () => HttpResponse.json(deVriesTrading)),
      http.get('/api/partners/uuid/:uuid', () => {
        reads += 1;
        return HttpResponse.json(deVriesTrading);
      }),
    );
    const store = makeStore();
    await store.dispatch(
      setTermsAccepted({ uuid: deVriesTrading.uuid, termsAccepted: true, version: 1 }),
    );
    expect(reads).toBe(1);
    expect(store.getState().tradePartner.termsRequest).toMatchObject({ status: 'failed' });
  });

  describe('saveCompany', () => {
    const company = {
      name: ' Nieuw B.V. ',
      email: '',
      phone: '',
      website: '',
      legalForm: 'B.V.',
      cocNumber: '87654321',
      vatNumber: '',
      country: 'NL',
    };
    const address = {
      type: 'REGISTERED' as const,
      street: 'Dorpsstraat',
      houseNumber: '2',
      postCode: '1234 AB',
      city: 'Utrecht',
      country: 'NL',
    };

    it('creates a partner with its address and makes it current', async () => {
      let body: unknown;
      server.use(
        http.post('/api/partners', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ ...deVriesTrading, name: 'Nieuw B.V.' }, { status: 201 });
        }),
      );
      const store = makeStore();
      await store.dispatch(saveCompany({ partner: null, company, address }));
      expect(body).toEqual({
        name: 'Nieuw B.V.',
        legalForm: 'B.V.',
        cocNumber: '87654321',
        country: 'NL',
        address,
      });
      const state = tradePartnerView(store.getState());
      expect(state.current).toMatchObject({ name: 'Nieuw B.V.', isOwner: true });
      expect(state.list).toHaveLength(1);
      expect(state.userDefault?.name).toBe('Nieuw B.V.');
    });

    it('changes the company (cleared fields as null) and its first address', async () => {
      const calls: { method: string; path: string; body: unknown }[] = [];
      const record = async ({ request }: { request: Request }) => {
        calls.push({
          method: request.method,
          path: new URL(request.url).pathname,
          body: await request.json(),
        });
      };
      server.use(
        http.patch('/api/partners/uuid/:uuid', async (info) => {
          await record(info);
          return HttpResponse.json(deVriesTrading);
        }),
        http.patch('/api/partners/uuid/:uuid/addresses/:addressUuid', async (info) => {
          await record(info);
          return HttpResponse.json(deVriesTrading.addresses[0]);
        }),
        http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(deVriesTrading)),
      );
      const store = makeStore();
      await store.dispatch(saveCompany({ partner: partner(), company, address }));
      expect(calls).toEqual([
        {
          method: 'PATCH',
          path: `/api/partners/uuid/${deVriesTrading.uuid}`,
          body: {
            name: 'Nieuw B.V.',
            email: null,
            phone: null,
            website: null,
            legalForm: 'B.V.',
            cocNumber: '87654321',
            vatNumber: null,
            country: 'NL',
            version: 1,
          },
        },
        {
          method: 'PATCH',
          path: `/api/partners/uuid/${deVriesTrading.uuid}/addresses/${deVriesTrading.addresses[0]!.uuid}`,
          body: { ...address, version: 1 },
        },
      ]);
    });

    it('adds the address when the partner has none, and names its field errors address.*', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      server.use(
        http.post('/api/partners/uuid/:uuid/addresses', () =>
          HttpResponse.json(
            {
              ...errorBody(400, 'Bad Request', 'Validation failed'),
              details: [{ field: 'postCode', message: 'Post code is not valid' }],
            },
            { status: 400 },
          ),
        ),
      );
      const store = makeStore();
      const result = await store.dispatch(
        saveCompany({ partner: partner({ addresses: [] }), address }),
      );
      expect(result.payload).toEqual({
        status: 400,
        message: 'Validation failed',
        details: [{ field: 'address.postCode', message: 'Post code is not valid' }],
      });
      expect(store.getState().tradePartner.saveRequest.status).toBe('failed');
    });
  });

  it('keeps the URL-derived id and uuid, and resets at sign-out', () => {
    const store = makeStore();
    store.dispatch(urlPartnerChanged({ id: 4, uuid: null }));
    expect(store.getState().tradePartner).toMatchObject({ urlPartnerId: 4, urlPartnerUuid: null });
    store.dispatch(signedOut());
    expect(store.getState().tradePartner).toEqual(makeStore().getState().tradePartner);
  });
});
