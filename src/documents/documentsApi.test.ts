import { http, HttpResponse } from 'msw';
import { parseDocumentList } from '@/documents/documentModel';
import {
  documentContentUrl,
  documentStreamUrl,
  documentThumbnailUrl,
} from '@/documents/documentUrls';
import {
  filterDocuments,
  listDocumentsFor,
  updateDocumentStatus,
  uploadDocument,
} from '@/documents/documentsApi';
import { cocExtract, documentJson, fakeFile } from '../../tests/data/documents';
import { server } from '../../tests/msw-server';

describe('parseDocumentList', () => {
  const item = cocExtract();

  it.each([
    ['a DocumentPage', { documents: [item], page: 2, size: 10, totalElements: 21, totalPages: 3 }],
    ['data.documents', { data: { documents: [item], page: 2, size: 10, totalElements: 21 } }],
  ])('reads %s with its paging', (_shape, body) => {
    const page = parseDocumentList(body);
    expect(page.documents.map((document) => document.id)).toEqual([101]);
    expect(page).toMatchObject({ page: 2, size: 10, totalElements: 21 });
  });

  it.each([
    ['a bare array', [item]],
    ['a data array', { data: [item] }],
  ])('reads %s as one page', (_shape, body) => {
    expect(parseDocumentList(body)).toMatchObject({
      page: 0,
      size: 1,
      totalElements: 1,
      totalPages: 1,
    });
  });

  it('refuses an answer that is not a list', () => {
    expect(() => parseDocumentList({ message: 'nope' })).toThrow();
  });
});

describe('addresses for <img>, <iframe> and downloads', () => {
  const document = { id: 5, accessToken: 'abc.def' };

  it('puts the access token on the thumbnail, stream and content addresses', () => {
    expect(documentThumbnailUrl(document, { width: 96, height: 96 })).toBe(
      '/api/documents/5/thumbnail?width=96&height=96&fit=inside&format=webp&token=abc.def',
    );
    expect(documentStreamUrl(document)).toBe(
      '/api/documents/5/stream?disposition=inline&token=abc.def',
    );
    expect(documentContentUrl(document)).toBe(
      '/api/documents/5/content?disposition=attachment&token=abc.def',
    );
  });
});

describe('the calls', () => {
  it('filters with the SPEC defaults and repeats documentType', async () => {
    let url: URL | undefined;
    server.use(
      http.get('/api/documents/filter', ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ documents: [], page: 0, size: 100, totalElements: 0 });
      }),
    );
    await filterDocuments({ tradePartnerUuid: 'p-1', documentType: ['COC_EXTRACT', 'INVOICE'] });
    expect(url?.searchParams.get('page')).toBe('0');
    expect(url?.searchParams.get('size')).toBe('100');
    expect(url?.searchParams.get('tradePartnerUuid')).toBe('p-1');
    expect(url?.searchParams.getAll('documentType')).toEqual(['COC_EXTRACT', 'INVOICE']);
  });

  it("reads an order's documents through the entity lookup, any other list through the filter", async () => {
    const urls: URL[] = [];
    const answer = ({ request }: { request: Request }) => {
      urls.push(new URL(request.url));
      return HttpResponse.json({ documents: [], page: 0, size: 100, totalElements: 0 });
    };
    server.use(
      http.get('/api/documents/entity-uuid/order/:uuid', answer),
      http.get('/api/documents/filter', answer),
    );
    await listDocumentsFor({ orderUuid: 'o-1', includeArchived: true });
    await listDocumentsFor({ tradePartnerUuid: 'p-1' });
    expect(urls.map((url) => `${url.pathname}?${url.searchParams}`)).toEqual([
      '/api/documents/entity-uuid/order/o-1?includeArchived=true&page=0&size=100',
      '/api/documents/filter?page=0&size=100&tradePartnerUuid=p-1',
    ]);
  });

  it('archives with the status as a query parameter', async () => {
    server.use(
      http.patch('/api/documents/:id/status', ({ request, params }) =>
        HttpResponse.json(
          documentJson({
            id: Number(params.id),
            status: new URL(request.url).searchParams.get('status'),
          }),
        ),
      ),
    );
    expect((await updateDocumentStatus(101, 'ARCHIVED')).status).toBe('ARCHIVED');
  });

  it('sends the file as multipart field `file` with userId, type and link in the query', async () => {
    let query: URLSearchParams | undefined;
    let sent: File | undefined;
    server.use(
      http.post('/api/documents', async ({ request }) => {
        query = new URL(request.url).searchParams;
        sent = (await request.formData()).get('file') as File | undefined;
        return HttpResponse.json(cocExtract(), { status: 201 });
      }),
    );
    await uploadDocument({
      userId: 7,
      documentType: 'COC_EXTRACT',
      file: fakeFile('kvk.pdf', 'application/pdf'),
      link: { addressUuid: 'a-1' },
    });
    expect(Object.fromEntries(query!)).toEqual({
      userId: '7',
      documentType: 'COC_EXTRACT',
      addressUuid: 'a-1',
    });
    // jsdom's File does not survive undici's multipart encoding whole (name and bytes are
    // lost on the way to msw); that the part is there, as a file, is what can be checked.
    expect(sent?.type).toBe('application/pdf');
  });

  it('names a missing parameter before asking (SPEC section 5)', async () => {
    await expect(
      uploadDocument({
        userId: undefined as unknown as number,
        documentType: 'OTHER',
        file: fakeFile('a.pdf', 'application/pdf'),
      }),
    ).rejects.toThrow(
      'Required parameter userId was null or undefined when calling uploadDocument.',
    );
  });
});
