import { http, HttpResponse } from 'msw';
import { signedOut } from '@/store/authActions';
import { documentJson, fakeFile, mockDocumentsApi } from '../../../../tests/data/documents';
import {
  changeDocumentStatus,
  changeDocumentType,
  uploadDocumentFile,
} from '@/documents/documentsSlice';
import {
  cocCheckSlice,
  formDataCleared,
  formDataSaved,
  initCocCheck,
  PERSISTED_COC_CHECK_KEYS,
} from '@/features/kyc/collection/cocCheckSlice';
import { stepJson } from '../../../../tests/data/kyc';
import { loadVatBankDocuments, selectVatBank } from '@/features/kyc/collection/vatBankSlice';
import { fetchUser } from '@/session/userSlice';
import { deVriesTrading, errorBody, markDeVries } from '../../../../tests/msw-handlers';
import { server } from '../../../../tests/msw-server';
import { makeStore } from '../../../../tests/render-with-providers';

const partnerId = deVriesTrading.id;

function signedInStore() {
  const store = makeStore();
  store.dispatch(fetchUser.fulfilled(markDeVries, 'test', 'kc'));
  return store;
}

/** GET and POST of the CoC step of file 12: `exists` says whether GET finds it. */
function mockCocStep(exists: boolean) {
  const requests: string[] = [];
  server.use(
    http.get('/api/kyc/12/steps/coc', ({ request }) => {
      requests.push(`GET ${new URL(request.url).pathname}`);
      return exists
        ? HttpResponse.json(stepJson('coc', { data: { cocNumber: '12345678' } }))
        : HttpResponse.json(errorBody(404, 'Not Found', 'KYC step not found'), { status: 404 });
    }),
    http.post('/api/kyc/12/steps/coc', ({ request }) => {
      const url = new URL(request.url);
      requests.push(`POST ${url.pathname}${url.search}`);
      return HttpResponse.json(stepJson('coc'), { status: 201 });
    }),
  );
  return requests;
}

describe('cocCheckSlice: the CoC check flow (SPEC 4)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('creates the CoC step with the user id when there is none (404), and stores it', async () => {
    const requests = mockCocStep(false);
    const documents = mockDocumentsApi([documentJson()]);
    const store = signedInStore();

    await store.dispatch(initCocCheck({ kycId: 12, tradePartnerId: partnerId }));

    expect(requests).toEqual(['GET /api/kyc/12/steps/coc', 'POST /api/kyc/12/steps/coc?userId=7']);
    const state = store.getState().cocCheck;
    expect(state.status).toBe('succeeded');
    expect(state.currentKycId).toBe(12);
    expect(state.currentTradePartnerId).toBe(partnerId);
    expect(state.cocData?.step).toMatchObject({ stepType: 'coc', kycId: 12 });
    expect(state.cocData?.documents.map((document) => document.id)).toEqual([101]);
    // The company's ACTIVE CoC documents.
    const query = new URLSearchParams(documents[0]!.split('?')[1]);
    expect(query.get('tradePartnerId')).toBe(String(partnerId));
    expect(query.getAll('documentType').sort()).toEqual(['ARTICLES_OF_ASSOCIATION', 'COC_EXTRACT']);
    expect(query.get('status')).toBe('ACTIVE');
  });

  it('loads the latest CoC step once; another file starts afresh', async () => {
    const requests = mockCocStep(true);
    mockDocumentsApi([]);
    const store = signedInStore();

    await store.dispatch(initCocCheck({ kycId: 12, tradePartnerId: partnerId }));
    expect(store.getState().cocCheck.cocData).toEqual({
      step: expect.objectContaining({ data: { cocNumber: '12345678' } }),
      documents: [],
    });
    // Held: not asked again.
    await store.dispatch(initCocCheck({ kycId: 12, tradePartnerId: partnerId }));
    expect(requests).toEqual(['GET /api/kyc/12/steps/coc']);

    store.dispatch(cocCheckSlice.actions.cocCheckStarted({ kycId: 13, tradePartnerId: 5 }));
    expect(store.getState().cocCheck.cocData).toBeNull();
  });

  it('keeps its documents up to date: upload adds, archive removes, a new type is set', async () => {
    mockCocStep(true);
    mockDocumentsApi([documentJson()], {
      upload: () =>
        HttpResponse.json(documentJson({ id: 150, type: 'ARTICLES_OF_ASSOCIATION' }), {
          status: 201,
        }),
    });
    const store = signedInStore();
    await store.dispatch(initCocCheck({ kycId: 12, tradePartnerId: partnerId }));
    const ids = () => store.getState().cocCheck.cocData?.documents.map((document) => document.id);

    await store.dispatch(
      uploadDocumentFile({
        userId: 7,
        documentType: 'ARTICLES_OF_ASSOCIATION',
        file: fakeFile('statuten.pdf', 'application/pdf'),
        link: { tradePartnerId: partnerId },
      }),
    );
    expect(ids()).toEqual([150, 101]);

    await store.dispatch(changeDocumentType({ id: 150, documentType: 'COC_EXTRACT' }));
    expect(store.getState().cocCheck.cocData?.documents[0]?.type).toBe('COC_EXTRACT');

    await store.dispatch(changeDocumentStatus({ id: 101, status: 'ARCHIVED' }));
    expect(ids()).toEqual([150]);
  });

  it('keeps drafts by KYC file and step, clears them when saved and at sign-out', () => {
    const store = makeStore();
    store.dispatch(formDataSaved({ kycId: 12, stepType: 'coc', value: { a: 1 }, changedAt: 1 }));
    store.dispatch(
      formDataSaved({ kycId: 12, stepType: 'bank-and-vat', value: { iban: 'NL' }, changedAt: 2 }),
    );
    store.dispatch(formDataSaved({ kycId: 13, stepType: 'cdd', value: { b: 2 }, changedAt: 3 }));
    expect(store.getState().cocCheck.drafts).toEqual({
      12: {
        coc: { value: { a: 1 }, changedAt: 1, syncedAt: null },
        'bank-and-vat': { value: { iban: 'NL' }, changedAt: 2, syncedAt: null },
      },
      13: { cdd: { value: { b: 2 }, changedAt: 3, syncedAt: null } },
    });

    store.dispatch(formDataCleared({ kycId: 12, stepType: 'coc' }));
    expect(Object.keys(store.getState().cocCheck.drafts[12]!)).toEqual(['bank-and-vat']);
    store.dispatch(formDataCleared({ kycId: 12, stepType: 'bank-and-vat' }));
    expect(Object.keys(store.getState().cocCheck.drafts)).toEqual(['13']);
    store.dispatch(formDataCleared({ kycId: 13 }));
    expect(store.getState().cocCheck.drafts).toEqual({});

    store.dispatch(formDataSaved({ kycId: 12, stepType: 'coc', value: {}, changedAt: 4 }));
    store.dispatch(signedOut());
    expect(store.getState().cocCheck.drafts).toEqual({});
    // Only the drafts and where they belong are kept in the browser.
    expect(PERSISTED_COC_CHECK_KEYS).toEqual(['drafts', 'currentKycId', 'currentTradePartnerId']);
  });
});

describe('vatBankSlice', () => {
  it("holds the company's bank and VAT documents and follows uploads", async () => {
    const statement = documentJson({ id: 120, type: 'BANK_STATEMENT' });
    const requests = mockDocumentsApi([statement], {
      upload: () =>
        HttpResponse.json(documentJson({ id: 121, type: 'VAT_CERTIFICATE' }), { status: 201 }),
    });
    const store = signedInStore();

    await store.dispatch(loadVatBankDocuments({ tradePartnerId: partnerId }));
    expect(store.getState().vatBank).toMatchObject({ status: 'succeeded', tradePartnerId: 11 });
    expect(new URLSearchParams(requests[0]!.split('?')[1]).getAll('documentType').sort()).toEqual([
      'BANK_STATEMENT',
      'VAT_CERTIFICATE',
    ]);

    await store.dispatch(
      uploadDocumentFile({
        userId: 7,
        documentType: 'VAT_CERTIFICATE',
        file: fakeFile('vat.pdf', 'application/pdf'),
        link: { tradePartnerId: partnerId },
      }),
    );
    expect(selectVatBank(store.getState()).documents.map((document) => document.id)).toEqual([
      121, 120,
    ]);
    await store.dispatch(changeDocumentStatus({ id: 120, status: 'ARCHIVED' }));
    expect(selectVatBank(store.getState()).documents.map((document) => document.id)).toEqual([121]);
  });
});
