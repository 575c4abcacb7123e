// Test data for the document screens' tests: answers as docs/api/documents.md shapes them.
import { http, HttpResponse } from 'msw';
import { deVriesTrading } from '../msw-handlers';
import { server } from '../msw-server';

/** A token that runs out in an hour from the tests' point of view. */
export const later = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

export function documentJson(overrides: Record<string, unknown> = {}) {
  const id = (overrides.id as number | undefined) ?? 101;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    type: 'COC_EXTRACT',
    status: 'ACTIVE',
    fileName: 'kvk-uittreksel.pdf',
    contentType: 'application/pdf',
    size: 245_760,
    sha256: 'a'.repeat(64),
    tradePartnerId: deVriesTrading.id,
    tradePartnerUuid: deVriesTrading.uuid,
    userId: null,
    userUuid: null,
    contactId: null,
    contactUuid: null,
    addressId: null,
    addressUuid: null,
    shipmentId: null,
    orderId: null,
    transportId: null,
    place: 'company',
    uploadedBy: { id: 7, name: 'Mark de Vries' },
    createdAt: '2025-05-06T07:08:00.000Z',
    updatedAt: '2025-05-06T07:08:00.000Z',
    archivedAt: null,
    hasThumbnail: true,
    accessToken: `token-${id}`,
    accessTokenExpiresAt: later(),
    permissions: { change: true },
    ...overrides,
  };
}

export const cocExtract = () => documentJson();
export const passportScan = () =>
  documentJson({
    id: 102,
    type: 'ID_DOCUMENT',
    fileName: 'passport.png',
    contentType: 'image/png',
    size: 1_572_864,
    uploadedBy: null,
  });

/** GET /api/documents/types: every type with its English label. */
export const documentTypesJson = {
  COC_EXTRACT: 'Chamber of Commerce extract',
  ARTICLES_OF_ASSOCIATION: 'Articles of association',
  UBO_REGISTER_EXTRACT: 'UBO register extract',
  SHAREHOLDER_REGISTER: 'Shareholder register',
  ID_DOCUMENT: 'Identity document',
  PROOF_OF_ADDRESS: 'Proof of address',
  BANK_STATEMENT: 'Bank statement',
  VAT_CERTIFICATE: 'VAT certificate',
  POWER_OF_ATTORNEY: 'Power of attorney',
  FINANCIAL_STATEMENT: 'Financial statement',
  CONTRACT: 'Contract',
  INVOICE: 'Invoice',
  PURCHASE_ORDER: 'Purchase order',
  ORDER_CONFIRMATION: 'Order confirmation',
  CMR: 'CMR consignment note',
  BILL_OF_LADING: 'Bill of lading',
  PACKING_LIST: 'Packing list',
  AIR_WAYBILL: 'Air waybill',
  PROOF_OF_DELIVERY: 'Proof of delivery',
  CUSTOMS_DECLARATION: 'Customs declaration',
  CERTIFICATE_OF_ORIGIN: 'Certificate of origin',
  PHOTO: 'Photo',
  PROFILE_PICTURE: 'Profile picture',
  OTHER: 'Other',
};

/** A file whose size says what the test needs without holding that many bytes. */
export function fakeFile(name: string, type: string, size = 1024) {
  const file = new File(['%PDF-1.7'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

type DocumentJson = ReturnType<typeof documentJson>;

interface MockOptions {
  /** The answer to POST /api/documents; a 201 answer is stored and listed from then on. */
  upload?: (query: URLSearchParams) => Response | Promise<Response>;
}

/**
 * A small document server: types, the filter (ACTIVE ones unless includeArchived), PATCH of
 * type and status, and uploads. Answers the requests made, as 'METHOD /path?query'.
 */
export function mockDocumentsApi(initial: DocumentJson[], { upload }: MockOptions = {}) {
  let stored = [...initial];
  const requests: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    return url.searchParams;
  };
  server.use(
    http.get('/api/documents/types', () => HttpResponse.json(documentTypesJson)),
    http.get('/api/documents/filter', ({ request }) => {
      const all = record(request).get('includeArchived') === 'true';
      const documents = stored.filter((document) => all || document.status === 'ACTIVE');
      return HttpResponse.json({ documents, page: 0, size: 100, totalElements: documents.length });
    }),
    http.patch('/api/documents/:id/:field', ({ request, params }) => {
      const query = record(request);
      const id = Number(params.id);
      const changes =
        params.field === 'type'
          ? { type: query.get('documentType')! }
          : { status: query.get('status')! };
      stored = stored.map((document) =>
        document.id === id ? { ...document, ...changes } : document,
      );
      return HttpResponse.json(stored.find((document) => document.id === id));
    }),
    http.post('/api/documents', async ({ request }) => {
      const answer = await (upload ?? (() => HttpResponse.json(cocExtract(), { status: 201 })))(
        record(request),
      );
      if (answer.status === 201)
        stored = [(await answer.clone().json()) as DocumentJson, ...stored];
      return answer;
    }),
  );
  return requests;
}
