import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  cocExtract,
  documentJson,
  fakeFile,
  mockDocumentsApi,
} from '../../../tests/data/documents';
import { deVriesTrading, errorBody } from '../../../tests/msw-handlers';
import { server } from '../../../tests/msw-server';
import { renderApp, stubMatchMedia } from '../../../tests/render-app';
import { markToken } from '../../../tests/render-with-providers';

/** The documents API with the company's CoC extract stored; uploads answer `upload()`. */
const documentsApi = (upload: (query: URLSearchParams) => Response) =>
  mockDocumentsApi([cocExtract()], { upload });

async function renderUploadPage() {
  const view = await renderApp('/documents/upload', { ...markToken, roles: ['OWNER'] });
  await screen.findByRole('heading', { level: 1, name: 'Document Upload' });
  // The company's documents below the upload.
  await screen.findByRole('img', { name: 'kvk-uittreksel.pdf' });
  return view;
}

// Files the browser's picker would filter out can still be dropped: do not apply `accept`.
const user = () => userEvent.setup({ applyAccept: false });

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});

afterEach(() => vi.unstubAllGlobals());

describe('/documents/upload', { timeout: 20_000 }, () => {
  it('refuses a file over 25 MB and an .exe before sending anything', async () => {
    const requests = documentsApi(() => HttpResponse.json(cocExtract(), { status: 201 }));
    await renderUploadPage();
    await waitFor(() => expect(document.title).toBe('Document Upload | NT24'));
    const u = user();

    await u.selectOptions(screen.getByRole('combobox', { name: 'Document type' }), 'OTHER');
    await u.upload(screen.getByLabelText('Browse'), [
      fakeFile('scan.pdf', 'application/pdf', 30 * 1024 * 1024),
      fakeFile('setup.exe', 'application/x-msdownload'),
    ]);

    const files = screen.getByRole('list', { name: 'Files' });
    const [big, exe] = within(files).getAllByRole('listitem');
    expect(big).toHaveTextContent('scan.pdf');
    expect(big).toHaveTextContent('Not uploaded');
    expect(big).toHaveTextContent('The file is larger than 25 MB.');
    expect(exe).toHaveTextContent('setup.exe');
    expect(exe).toHaveTextContent('Only PDF, PNG, JPEG, WebP and TIFF files are accepted.');
    expect(requests.some((request) => request.startsWith('POST'))).toBe(false);
  });

  /** The options of the type select. */
  const offered = () =>
    within(screen.getByRole('combobox', { name: 'Document type' }))
      .getAllByRole('option')
      .map((option) => option.textContent);

  /** The signed-in person is a member of De Vries Trading at `accessLevel`. */
  const memberAt = (accessLevel: 'OWNER' | 'EDITOR') =>
    server.use(
      http.get('/api/users/uuid/:uuid/trade-partners', () =>
        HttpResponse.json([
          {
            ...deVriesTrading,
            role: accessLevel === 'OWNER' ? 'OWNER' : 'CONTACT',
            accessLevel,
            isOwner: accessLevel === 'OWNER',
          },
        ]),
      ),
    );

  it('offers a contact neither KYC evidence nor financial types (decision 035)', async () => {
    documentsApi(() => HttpResponse.json(cocExtract(), { status: 201 }));
    memberAt('EDITOR');
    await renderApp('/documents/upload', { ...markToken, roles: ['CONTACT'] });
    await screen.findByRole('heading', { level: 1, name: 'Document Upload' });
    expect(offered()).toContain('Other');
    for (const hidden of [
      'Identity document',
      'Chamber of Commerce extract',
      'Invoice',
      'Purchase order',
    ]) {
      expect(offered()).not.toContain(hidden);
    }
  });

  it('offers an EDITOR no financial types, whatever realm role they hold (decision 042)', async () => {
    documentsApi(() => HttpResponse.json(cocExtract(), { status: 201 }));
    memberAt('EDITOR');
    await renderUploadPage();
    expect(offered()).toContain('Identity document');
    expect(offered()).not.toContain('Invoice');
    expect(offered()).not.toContain('Purchase order');
  });

  it('offers the OWNER of the company evidence and financial types alike', async () => {
    documentsApi(() => HttpResponse.json(cocExtract(), { status: 201 }));
    memberAt('OWNER');
    await renderApp('/documents/upload', {
      ...markToken,
      roles: ['NT24_TRADE_PARTNER', 'CONTACT'],
    });
    await screen.findByRole('img', { name: 'kvk-uittreksel.pdf' });
    expect(offered()).toEqual(
      expect.arrayContaining(['Identity document', 'Invoice', 'Purchase order', 'Other']),
    );
  });

  it('asks for the type before taking files', async () => {
    const requests = documentsApi(() => HttpResponse.json(cocExtract(), { status: 201 }));
    await renderUploadPage();

    await user().upload(screen.getByLabelText('Browse'), fakeFile('a.pdf', 'application/pdf'));

    expect(screen.getByText('Choose the document type first.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Document type' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(requests.some((request) => request.startsWith('POST'))).toBe(false);
  });

  it('uploads for an address with progress, then lists the new document', async () => {
    const uploaded = documentJson({
      id: 120,
      fileName: 'proof-of-address.pdf',
      type: 'PROOF_OF_ADDRESS',
    });
    const requests = documentsApi(() => HttpResponse.json(uploaded, { status: 201 }));
    await renderUploadPage();
    const u = user();

    await u.selectOptions(screen.getByRole('combobox', { name: 'Document type' }), 'INVOICE');
    const belongsTo = screen.getByRole('combobox', { name: 'Belongs to' });
    expect(
      within(belongsTo).getByRole('option', { name: 'The company: De Vries Trading B.V.' }),
    ).toBeInTheDocument();
    await u.selectOptions(belongsTo, 'Damrak 1, 1012 LG Amsterdam');
    await u.upload(
      screen.getByLabelText('Browse'),
      fakeFile('proof-of-address.pdf', 'application/pdf'),
    );

    const progress = await screen.findByRole('progressbar', {
      name: 'Upload progress of proof-of-address.pdf',
    });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '100'));
    const files = screen.getByRole('list', { name: 'Files' });
    await within(files).findByText('Uploaded');

    const post = requests.find((request) => request.startsWith('POST'))!;
    const query = new URLSearchParams(post.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      userId: '7',
      documentType: 'INVOICE',
      addressUuid: deVriesTrading.addresses[0]!.uuid,
    });
    // The list below asks again and shows the new document.
    expect(await screen.findByRole('img', { name: 'proof-of-address.pdf' })).toBeInTheDocument();
    expect(requests.filter((request) => request.startsWith('GET'))).toHaveLength(2);
  });

  it("shows the server's message when it refuses the file (415)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const message =
      'Files of this type are not accepted (detected: application/x-elf). Upload a PDF, PNG, JPEG, WebP or TIFF file.';
    documentsApi(() =>
      HttpResponse.json(errorBody(415, 'Unsupported Media Type', message), { status: 415 }),
    );
    const { store } = await renderUploadPage();
    const u = user();

    await u.selectOptions(screen.getByRole('combobox', { name: 'Document type' }), 'OTHER');
    await u.upload(screen.getByLabelText('Browse'), fakeFile('renamed.pdf', 'application/pdf'));

    const files = screen.getByRole('list', { name: 'Files' });
    expect(await within(files).findByText(message)).toBeInTheDocument();
    expect(within(files).getByText('Failed')).toBeInTheDocument();
    // Told next to the file, not again in a toast.
    expect(store.getState().notifications.items).toEqual([]);
  });
});
