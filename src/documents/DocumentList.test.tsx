import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DocumentList } from '@/documents/DocumentList';
import {
  cocExtract,
  documentJson,
  mockDocumentsApi,
  passportScan,
} from '../../tests/data/documents';
import { formatDateTime } from '@/lib/format';
import { server } from '../../tests/msw-server';
import { sessionStarted } from '@/session/authSlice';
import { makeStore, markToken, renderWithProviders } from '../../tests/render-with-providers';

const partnerUuid = '6b0f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';

/** A manager's list: every type is theirs to choose (decision 035). */
const renderList = (canChange = true) => {
  const store = makeStore();
  store.dispatch(sessionStarted(markToken));
  return renderWithProviders(
    <DocumentList
      query={{ tradePartnerUuid: partnerUuid }}
      canChange={canChange}
      title="Documents"
    />,
    { store },
  );
};

describe('DocumentList', () => {
  it('shows each document with a thumbnail loaded with its access token', async () => {
    mockDocumentsApi([cocExtract(), passportScan()]);
    renderList(false);

    const thumbnail = await screen.findByRole('img', { name: 'kvk-uittreksel.pdf' });
    expect(thumbnail).toHaveAttribute(
      'src',
      '/api/documents/101/thumbnail?width=96&height=96&fit=cover&format=webp&token=token-101',
    );
    expect(screen.getByRole('img', { name: 'passport.png' }).getAttribute('src')).toContain(
      'token=token-102',
    );
    const row = thumbnail.closest('tr')!;
    expect(within(row).getByText('Chamber of Commerce extract')).toBeInTheDocument();
    expect(within(row).getByText('240 KB')).toBeInTheDocument();
    expect(within(row).getByText(formatDateTime('2025-05-06T07:08:00.000Z'))).toBeInTheDocument();
    expect(within(row).getByText('Mark de Vries')).toBeInTheDocument();
    // Read-only: only View.
    expect(screen.getByRole('button', { name: 'View kvk-uittreksel.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Archive/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('offers no type select and no Archive for a document the server says may not change', async () => {
    mockDocumentsApi([documentJson({ permissions: { change: false } }), passportScan()]);
    renderList();

    const locked = (await screen.findByRole('img', { name: 'kvk-uittreksel.pdf' })).closest('tr')!;
    expect(within(locked).getByRole('button', { name: 'View kvk-uittreksel.pdf' })).toBeVisible();
    expect(within(locked).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(locked).queryByRole('button', { name: /^Archive/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive passport.png' })).toBeInTheDocument();
  });

  it("offers an order's paper and a link's only their place's types in the company's list (decision 043)", async () => {
    mockDocumentsApi([
      documentJson({
        id: 120,
        fileName: 'po-17.pdf',
        type: 'PURCHASE_ORDER',
        orderId: 17,
        place: 'order',
      }),
      documentJson({ id: 121, fileName: 'kvk-link.pdf', type: 'COC_EXTRACT', place: 'link' }),
    ]);
    renderList();

    const select = await screen.findByRole('combobox', { name: 'Type of po-17.pdf' });
    const offered = within(select)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(offered).toEqual(expect.arrayContaining(['PURCHASE_ORDER', 'INVOICE', 'OTHER']));
    expect(offered).not.toContain('COC_EXTRACT');
    expect(offered).not.toContain('CMR');
    // A paper handed in through a self-service link stays one of its file's (evidence).
    const evidence = within(screen.getByRole('combobox', { name: 'Type of kvk-link.pdf' }))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(evidence).toEqual(expect.arrayContaining(['COC_EXTRACT', 'BANK_STATEMENT']));
    expect(evidence).not.toContain('OTHER');
    expect(evidence).not.toContain('INVOICE');
  });

  it('changes the type with PATCH .../type', async () => {
    const requests = mockDocumentsApi([cocExtract()]);
    const { store } = renderList();

    const select = await screen.findByRole('combobox', { name: 'Type of kvk-uittreksel.pdf' });
    await userEvent.selectOptions(select, 'INVOICE');

    await waitFor(() =>
      expect(requests).toContain('PATCH /api/documents/101/type?documentType=INVOICE'),
    );
    await waitFor(() => expect(select).toHaveValue('INVOICE'));
    expect(store.getState().notifications.items.at(-1)?.title).toBe(
      'documents.notices.typeChanged.title',
    );
  });

  it('archives after confirmation and takes the document off the list', async () => {
    const requests = mockDocumentsApi([cocExtract(), passportScan()]);
    renderList();

    await userEvent.click(
      await screen.findByRole('button', { name: 'Archive kvk-uittreksel.pdf' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Archive document?' });
    expect(dialog).toHaveTextContent('kvk-uittreksel.pdf will be hidden');
    expect(requests.some((request) => request.startsWith('PATCH'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));

    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'kvk-uittreksel.pdf' })).not.toBeInTheDocument(),
    );
    expect(requests).toContain('PATCH /api/documents/101/status?status=ARCHIVED');
    expect(screen.getByRole('img', { name: 'passport.png' })).toBeInTheDocument();
  });

  it('shows archived documents on request and restores one', async () => {
    const requests = mockDocumentsApi([
      cocExtract(),
      documentJson({ id: 103, fileName: 'old-contract.pdf', type: 'CONTRACT', status: 'ARCHIVED' }),
    ]);
    renderList();
    await screen.findByRole('img', { name: 'kvk-uittreksel.pdf' });
    expect(screen.queryByText('old-contract.pdf')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Show archived documents' }));
    const restore = await screen.findByRole('button', { name: 'Restore old-contract.pdf' });
    expect(requests.at(-1)).toContain('includeArchived=true');
    expect(screen.queryByRole('button', { name: 'Archive old-contract.pdf' })).toBeNull();

    await userEvent.click(restore);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Archive old-contract.pdf' })).toBeInTheDocument(),
    );
    expect(requests).toContain('PATCH /api/documents/103/status?status=ACTIVE');
  });

  // pdf.js needs a canvas and DOMMatrix, which jsdom has not: here it cannot run, and the viewer
  // says so and offers the download; the drawing is tested in the browser (e2e/layout.spec.ts).
  it('shows a PDF under its name, and offers the download where pdf.js cannot draw it', async () => {
    mockDocumentsApi([cocExtract()]);
    renderList();

    await userEvent.click(await screen.findByRole('button', { name: 'View kvk-uittreksel.pdf' }));
    const viewer = screen.getByRole('dialog', { name: 'kvk-uittreksel.pdf' });
    expect(within(viewer).getByRole('heading', { name: 'kvk-uittreksel.pdf' })).toBeInTheDocument();
    expect(viewer).toHaveTextContent('Chamber of Commerce extract');
    const pages = within(viewer).getByRole('document', { name: 'kvk-uittreksel.pdf' });
    expect(pages).toHaveAttribute('title', 'kvk-uittreksel.pdf');
    expect(
      await within(pages).findByText('This PDF cannot be shown here. Download it to open it.'),
    ).toBeInTheDocument();
    expect(within(viewer).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/documents/101/content?disposition=attachment&token=token-101',
    );
    await userEvent.click(within(viewer).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('zooms an image in and out', async () => {
    mockDocumentsApi([passportScan()]);
    renderList();

    await userEvent.click(await screen.findByRole('button', { name: 'View passport.png' }));
    const viewer = screen.getByRole('dialog', { name: 'passport.png' });
    const image = within(viewer).getByRole('img', { name: 'passport.png' });
    expect(image).toHaveAttribute(
      'src',
      '/api/documents/102/stream?disposition=inline&token=token-102',
    );
    expect(within(viewer).getByRole('button', { name: 'Reset zoom' })).toBeDisabled();

    await userEvent.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    await userEvent.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    expect(image.style.width).toBe('200%');
    expect(viewer).toHaveTextContent('Zoom 200%');
    await userEvent.click(within(viewer).getByRole('button', { name: 'Zoom out' }));
    expect(image.style.width).toBe('150%');
    await userEvent.click(within(viewer).getByRole('button', { name: 'Reset zoom' }));
    expect(image.style.width).toBe('100%');
  });

  it('asks for a new token when a thumbnail fails because its token ran out', async () => {
    mockDocumentsApi([documentJson({ accessTokenExpiresAt: '2020-01-01T00:00:00.000Z' })]);
    let renewed = 0;
    server.use(
      http.post('/api/documents/:id/token', () => {
        renewed += 1;
        return HttpResponse.json({ token: 'renewed', expiresAt: '2099-01-01T00:00:00.000Z' });
      }),
    );
    renderList(false);

    fireEvent.error(await screen.findByRole('img', { name: 'kvk-uittreksel.pdf' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'kvk-uittreksel.pdf' }).getAttribute('src')).toContain(
        'token=renewed',
      ),
    );
    // A failure with the new token is not retried: a file icon stands in.
    fireEvent.error(screen.getByRole('img', { name: 'kvk-uittreksel.pdf' }));
    expect(renewed).toBe(1);
    expect(screen.getByRole('img', { name: 'kvk-uittreksel.pdf' }).tagName).toBe('SPAN');
  });
});
