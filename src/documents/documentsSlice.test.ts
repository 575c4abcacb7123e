import { http, HttpResponse } from 'msw';
import { signedOut } from '@/store/authActions';
import {
  changeDocumentStatus,
  changeDocumentType,
  changeProfilePicture,
  DOCUMENT_CACHE_MS,
  documentListKey,
  fetchDocuments,
  fetchDocumentTypes,
  renewDocumentToken,
  selectDocumentById,
  selectDocumentError,
  selectDocumentList,
  selectDocumentLoading,
  uploadDocumentFile,
} from '@/documents/documentsSlice';
import {
  cocExtract,
  documentJson,
  documentTypesJson,
  fakeFile,
  passportScan,
} from '../../tests/data/documents';
import { fetchUser } from '@/session/userSlice';
import { markDeVries, markIdentityId } from '../../tests/msw-handlers';
import { server } from '../../tests/msw-server';
import { makeStore } from '../../tests/render-with-providers';

const query = { tradePartnerUuid: 'p-1' };
const key = documentListKey(query);

/** GET /api/documents/filter answering `documents`; counts the calls. */
function filterApi(documents: () => object[]) {
  const calls = { count: 0 };
  server.use(
    http.get('/api/documents/filter', () => {
      calls.count += 1;
      const items = documents();
      return HttpResponse.json({
        documents: items,
        page: 0,
        size: 100,
        totalElements: items.length,
      });
    }),
  );
  return calls;
}

describe('documentsSlice', () => {
  it('loads the document types once', async () => {
    let calls = 0;
    server.use(
      http.get('/api/documents/types', () => {
        calls += 1;
        return HttpResponse.json(documentTypesJson);
      }),
    );
    const store = makeStore();
    await store.dispatch(fetchDocumentTypes());
    await store.dispatch(fetchDocumentTypes());
    expect(calls).toBe(1);
    expect(store.getState().documents.documentTypes.ID_DOCUMENT).toBe('Identity document');
  });

  it('gives the same key whatever the order of the fields', () => {
    expect(documentListKey({ documentType: ['B', 'A'], tradePartnerUuid: 'x' })).toBe(
      documentListKey({ tradePartnerUuid: 'x', documentType: ['A', 'B'], status: undefined }),
    );
  });

  it('keeps a list, normalised by id, and asks again only after 2 minutes or when forced', async () => {
    const calls = filterApi(() => [cocExtract(), passportScan()]);
    const store = makeStore();
    await store.dispatch(fetchDocuments({ query }));
    await store.dispatch(fetchDocuments({ query }));
    expect(calls.count).toBe(1);

    const list = selectDocumentList(store.getState(), key)!;
    expect(list.status).toBe('succeeded');
    expect(list.documents.map((document) => document.fileName)).toEqual([
      'kvk-uittreksel.pdf',
      'passport.png',
    ]);
    expect(store.getState().documents.documents.ids).toEqual([101, 102]);

    await store.dispatch(fetchDocuments({ query, force: true }));
    expect(calls.count).toBe(2);

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + DOCUMENT_CACHE_MS + 1);
    await store.dispatch(fetchDocuments({ query }));
    expect(calls.count).toBe(3);
  });

  it('records a failed list with its error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.get('/api/documents/filter', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: 'tradePartnerUuid must be a UUID' },
          { status: 400 },
        ),
      ),
    );
    const store = makeStore();
    await store.dispatch(fetchDocuments({ query }));
    expect(selectDocumentList(store.getState(), key)).toMatchObject({
      status: 'failed',
      error: { status: 400, message: 'tradePartnerUuid must be a UUID' },
    });
  });

  it('takes an archived document out of lists without archived ones, and keeps it in others', async () => {
    filterApi(() => [cocExtract(), passportScan()]);
    server.use(
      http.patch('/api/documents/:id/status', () =>
        HttpResponse.json(
          documentJson({ status: 'ARCHIVED', archivedAt: '2025-06-01T10:00:00.000Z' }),
        ),
      ),
    );
    const store = makeStore();
    const withArchived = { ...query, includeArchived: true };
    await store.dispatch(fetchDocuments({ query }));
    await store.dispatch(fetchDocuments({ query: withArchived }));

    const pending = store.dispatch(changeDocumentStatus({ id: 101, status: 'ARCHIVED' }));
    expect(selectDocumentLoading(store.getState(), 101)).toBe(true);
    await pending;

    expect(selectDocumentLoading(store.getState(), 101)).toBe(false);
    expect(selectDocumentList(store.getState(), key)!.documents.map((d) => d.id)).toEqual([102]);
    const archivedList = selectDocumentList(store.getState(), documentListKey(withArchived))!;
    expect(archivedList.documents.map((d) => [d.id, d.status])).toEqual([
      [101, 'ARCHIVED'],
      [102, 'ACTIVE'],
    ]);
  });

  it('keeps a failed change as the error of that document', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.patch('/api/documents/:id/type', () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Document 101 not found' },
          { status: 404 },
        ),
      ),
    );
    const store = makeStore();
    await store.dispatch(changeDocumentType({ id: 101, documentType: 'INVOICE' }));
    expect(selectDocumentError(store.getState(), 101)).toEqual({
      status: 404,
      message: 'Document 101 not found',
    });
    expect(selectDocumentLoading(store.getState(), 101)).toBe(false);
  });

  it('drops a retyped document from lists of other types', async () => {
    filterApi(() => [cocExtract()]);
    server.use(
      http.patch('/api/documents/:id/type', ({ request }) =>
        HttpResponse.json(
          documentJson({ type: new URL(request.url).searchParams.get('documentType') }),
        ),
      ),
    );
    const store = makeStore();
    const cocOnly = { ...query, documentType: ['COC_EXTRACT'] };
    await store.dispatch(fetchDocuments({ query: cocOnly }));
    await store.dispatch(fetchDocuments({ query }));
    await store.dispatch(changeDocumentType({ id: 101, documentType: 'INVOICE' }));

    expect(selectDocumentList(store.getState(), documentListKey(cocOnly))!.documents).toEqual([]);
    expect(selectDocumentById(store.getState(), 101)?.type).toBe('INVOICE');
    expect(selectDocumentList(store.getState(), key)!.documents).toHaveLength(1);
  });

  it('marks every list stale after an upload', async () => {
    filterApi(() => [cocExtract()]);
    server.use(
      http.post('/api/documents', () => HttpResponse.json(passportScan(), { status: 201 })),
    );
    const store = makeStore();
    await store.dispatch(fetchDocuments({ query }));
    const document = await store
      .dispatch(
        uploadDocumentFile({
          userId: 7,
          documentType: 'ID_DOCUMENT',
          file: fakeFile('passport.png', 'image/png'),
        }),
      )
      .unwrap();
    expect(document.id).toBe(102);
    expect(selectDocumentList(store.getState(), key)!.stale).toBe(true);
  });

  it('renews an access token', async () => {
    filterApi(() => [cocExtract()]);
    server.use(
      http.post('/api/documents/:id/token', () =>
        HttpResponse.json({ token: 'fresh', expiresAt: '2099-01-01T00:00:00.000Z' }),
      ),
    );
    const store = makeStore();
    await store.dispatch(fetchDocuments({ query }));
    await store.dispatch(renewDocumentToken(101));
    expect(selectDocumentById(store.getState(), 101)).toMatchObject({
      accessToken: 'fresh',
      accessTokenExpiresAt: '2099-01-01T00:00:00.000Z',
    });
  });

  it('forgets everything at sign-out', async () => {
    filterApi(() => [cocExtract()]);
    const store = makeStore();
    await store.dispatch(fetchDocuments({ query }));
    store.dispatch(signedOut());
    expect(store.getState().documents.documents.ids).toEqual([]);
    expect(store.getState().documents.lists).toEqual({});
  });
});

describe('changeProfilePicture', () => {
  it("sets the user's picture from the answer's imageUrl", async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.post('/api/documents', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(
          {
            imageUrl: '/api/documents/300/thumbnail?width=256&height=256',
            document: documentJson({ id: 300, type: 'PROFILE_PICTURE' }),
          },
          { status: 201 },
        );
      }),
    );
    const store = makeStore();
    await store.dispatch(fetchUser(markIdentityId));
    const result = await store
      .dispatch(changeProfilePicture(fakeFile('me.png', 'image/png')))
      .unwrap();
    expect(result.imageUrl).toBe('/api/documents/300/thumbnail?width=256&height=256');
    expect(query?.get('userId')).toBe(String(markDeVries.id));
    expect(query?.get('documentType')).toBe('PROFILE_PICTURE');
    expect(store.getState().user.user?.profilePicture).toBe(result.imageUrl);
    expect(store.getState().notifications.items[0]?.title).toBe(
      'documents.profilePicture.saved.title',
    );
  });

  it('answers an empty imageUrl and an error toast on failure, for user 1 when none is known', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let userId: string | null = null;
    server.use(
      http.post('/api/documents', ({ request }) => {
        userId = new URL(request.url).searchParams.get('userId');
        return HttpResponse.json(
          {
            statusCode: 415,
            error: 'Unsupported Media Type',
            message: 'A profile picture must be a PNG, JPEG or WebP image.',
          },
          { status: 415 },
        );
      }),
    );
    const store = makeStore();
    const result = await store
      .dispatch(changeProfilePicture(fakeFile('me.png', 'image/png')))
      .unwrap();
    expect(result.imageUrl).toBe('');
    expect(userId).toBe('1');
    expect(store.getState().notifications.items[0]).toMatchObject({
      type: 'error',
      title: 'documents.profilePicture.failed.title',
      values: { reason: 'A profile picture must be a PNG, JPEG or WebP image.' },
    });
  });
});
