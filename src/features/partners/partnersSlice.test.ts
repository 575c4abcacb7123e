import { http, HttpResponse } from 'msw';
import { STATUS_BY_RESULT, type SearchResult } from '@common/search';
import {
  fetchPartner,
  removeAddress,
  saveAddress,
  savePartner,
  selectPartnerDetail,
} from '@/features/partners/partnersSlice';
import { searchCompany, selectCompanySearch } from '@/features/partners/companySearchSlice';
import { resolvePartnerTitle } from '@/features/partners/partnerTitle';
import { partnerJson, searchResult, acmeUuid } from '../../../tests/data/partners';
import { server } from '../../../tests/msw-server';
import { makeStore } from '../../../tests/render-with-providers';

const query = { cocNumber: '87654321', vatNumber: '', name: '', country: '' };

function answerSearch(status: number, body: unknown) {
  server.use(http.get('/api/partners/search', () => HttpResponse.json(body as object, { status })));
}

describe('searchCompany', () => {
  // The client logs the 4xx answers (SPEC 8: 'logged only').
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));

  it.each([
    ['EXACT_MATCH', 97, 'success', 'search.notices.exactMatch.title', true, 3000],
    ['PARTIAL_MATCH', 80, 'warning', 'search.notices.partialMatch.title', true, 6000],
    ['FUZZY_MATCH', 55, 'info', 'search.notices.fuzzyMatch.title', true, 6000],
    ['CONFLICTING_DATA', 90, 'warning', 'search.notices.conflictingData.title', false, 8000],
    ['NOT_FOUND', 0, 'info', 'search.notices.notFound.title', true, 5000],
    ['AMBIGUOUS', 92, 'warning', 'search.notices.ambiguous.title', false, 8000],
  ] as const)(
    '%s: keeps the result and raises its notice',
    async (resultType, confidence, type, title, autoClose, duration) => {
      const result = searchResult(resultType as SearchResult['resultType'], confidence);
      answerSearch(STATUS_BY_RESULT[resultType], result);
      const store = makeStore();

      await store.dispatch(searchCompany(query));

      const search = selectCompanySearch(store.getState());
      expect(search.status).toBe('succeeded');
      expect(search.result).toEqual(result);
      const [first] = store.getState().notifications.items;
      expect(first).toMatchObject({ type, title, autoClose });
      if (autoClose) expect(first!.duration).toBe(duration);
    },
  );

  it('adds how sure the search is to partial and fuzzy matches, in its band', async () => {
    answerSearch(206, searchResult('FUZZY_MATCH', 55));
    const store = makeStore();
    await store.dispatch(searchCompany(query));
    expect(store.getState().notifications.items[1]).toMatchObject({
      type: 'warning',
      title: 'search.confidence.noticeTitle',
      message: 'search.confidence.notice.low',
      duration: 7000,
    });
  });

  it('does not tell the user a 404 or 409 answer failed (it is the result)', async () => {
    answerSearch(409, searchResult('CONFLICTING_DATA', 90));
    const store = makeStore();
    await store.dispatch(searchCompany(query));
    expect(store.getState().notifications.items.map((item) => item.title)).toEqual([
      'search.notices.conflictingData.title',
    ]);
  });

  it("turns a refused search into 'Search Validation Failed' with 'field: message'", async () => {
    answerSearch(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Search Validation Failed',
      details: [{ field: 'vatNumber', message: 'Not a valid VAT number for DE' }],
    });
    const store = makeStore();
    await store.dispatch(searchCompany({ ...query, vatNumber: 'DE1', country: 'DE' }));
    expect(selectCompanySearch(store.getState()).status).toBe('failed');
    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({
        type: 'warning',
        title: 'search.notices.validation.title',
        values: { details: 'vatNumber: Not a valid VAT number for DE' },
        duration: 6000,
      }),
    ]);
  });

  it("raises 'Search Error' for 8 s when the search fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerSearch(500, { statusCode: 500, error: 'Internal Server Error', message: 'Boom' });
    const store = makeStore();
    await store.dispatch(searchCompany(query));
    expect(selectCompanySearch(store.getState()).error?.status).toBe(500);
    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'search.notices.error.title',
        duration: 8000,
      }),
    ]);
  });

  it('a 404 without a search result is a failure, not "nothing found"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerSearch(404, { statusCode: 404, error: 'Not Found', message: 'Route not found' });
    const store = makeStore();
    await store.dispatch(searchCompany(query));
    expect(store.getState().notifications.items[0]?.title).toBe('search.notices.error.title');
  });

  it('sends only the fields filled in, and skips a second search while one runs', async () => {
    const seen: string[] = [];
    server.use(
      http.get('/api/partners/search', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json(searchResult('NOT_FOUND', 0), { status: 404 });
      }),
    );
    const store = makeStore();
    await Promise.all([
      store.dispatch(searchCompany({ ...query, name: '  Acme ' })),
      store.dispatch(searchCompany({ ...query, name: 'Other' })),
    ]);
    expect(seen).toEqual(['?cocNumber=87654321&name=Acme']);
  });
});

describe('fetchPartner', () => {
  it('loads by uuid or id, and names the breadcrumb once loaded', async () => {
    server.use(
      http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(partnerJson())),
      http.get('/api/partners/:id', () => HttpResponse.json(partnerJson())),
    );
    const store = makeStore();
    expect(
      resolvePartnerTitle({ params: { partnerId: acmeUuid }, state: store.getState() }),
    ).toBeNull();

    await store.dispatch(fetchPartner(acmeUuid));
    expect(resolvePartnerTitle({ params: { partnerId: acmeUuid }, state: store.getState() })).toBe(
      'Acme Logistics B.V.',
    );
    await store.dispatch(fetchPartner('42'));
    expect(resolvePartnerTitle({ params: { partnerId: '42' }, state: store.getState() })).toBe(
      'Acme Logistics B.V.',
    );
    expect(
      resolvePartnerTitle({ params: { partnerId: '43' }, state: store.getState() }),
    ).toBeNull();
  });

  it('rejects a value that is neither as not found, without asking the server', async () => {
    const store = makeStore();
    const action = await store.dispatch(fetchPartner('abc'));
    expect(action.payload).toMatchObject({ status: 404 });
    expect(selectPartnerDetail(store.getState()).status).toBe('failed');
  });
});

describe('a change someone else beat (409, decision 023)', () => {
  const partner = partnerJson();
  const address = partner.addresses[0]!;
  const stale = (current: unknown) =>
    HttpResponse.json(
      {
        statusCode: 409,
        error: 'Conflict',
        message: 'The address was changed by someone else; reload and try again.',
        details: { reason: 'staleVersion', current },
      },
      { status: 409 },
    );

  async function storeWithPartner() {
    server.use(http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(partner)));
    const store = makeStore();
    await store.dispatch(fetchPartner(acmeUuid));
    return store;
  }

  it('sends the version it read, and shows the record as it is now with a notice', async () => {
    const theirs = { ...address, city: 'Delft', version: 2 };
    const seen: { body: unknown; ifMatch: string | null }[] = [];
    server.use(
      http.patch('/api/partners/uuid/:uuid/addresses/:addressUuid', async ({ request }) => {
        seen.push({ body: await request.json(), ifMatch: request.headers.get('if-match') });
        return stale(theirs);
      }),
      http.delete('/api/partners/uuid/:uuid/addresses/:addressUuid', ({ request }) => {
        seen.push({ body: null, ifMatch: request.headers.get('if-match') });
        return stale(null);
      }),
    );
    const store = await storeWithPartner();
    const body = {
      country: 'NL',
      city: 'Leiden',
      street: 'Breestraat',
      houseNumber: '1',
      postCode: '2311 CH',
    };

    const saved = await store.dispatch(saveAddress({ partnerUuid: acmeUuid, address, body }));

    expect(saveAddress.rejected.match(saved)).toBe(true);
    expect(seen[0]).toEqual({ body: { ...body, version: 1 }, ifMatch: null });
    expect(selectPartnerDetail(store.getState()).data?.addresses).toEqual([theirs]);
    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({ type: 'warning', title: 'http.staleVersion.title' }),
    ]);

    // Deleting names the version in If-Match; someone else deleted it already.
    await store.dispatch(removeAddress({ partnerUuid: acmeUuid, address: theirs }));
    expect(seen[1]).toEqual({ body: null, ifMatch: '"2"' });
    expect(selectPartnerDetail(store.getState()).data?.addresses).toEqual([]);
  });

  it('keeps the server’s own words for another conflict', async () => {
    server.use(
      http.patch('/api/partners/uuid/:uuid', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'A trade partner with this CoC number already exists.',
            details: { field: 'cocNumber' },
          },
          { status: 409 },
        ),
      ),
    );
    const store = await storeWithPartner();
    await store.dispatch(savePartner({ partner, body: { cocNumber: '1' } }));
    expect(selectPartnerDetail(store.getState()).data).toEqual(partner);
    expect(store.getState().notifications.items).toEqual([]);
  });
});
