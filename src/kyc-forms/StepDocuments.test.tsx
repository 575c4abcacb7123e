import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepDocuments } from '@/kyc-forms/StepDocuments';
import { documentsProps, pdf } from '@/kyc-forms/testSupport';
import type { StepDocumentsProps } from '@/kyc-forms/types';
import { formatDateTime } from '@/lib/format';

const articles = {
  id: 11,
  type: 'ARTICLES_OF_ASSOCIATION' as const,
  fileName: 'statuten.pdf',
  uploadedAt: '2025-05-06T07:08:00.000Z',
};

const renderDocuments = (props: Partial<StepDocumentsProps> = {}, readOnly = false) => {
  const documents = documentsProps('coc', { documents: [articles], ...props });
  render(<StepDocuments {...documents} readOnly={readOnly} idPrefix="docs" />);
  return documents;
};

describe('StepDocuments', () => {
  it('lists the documents with their translated type and what is still needed', () => {
    renderDocuments({ onView: vi.fn() });

    const list = screen.getByRole('list', { name: 'Documents of this step' });
    const item = within(list).getByText('statuten.pdf').closest('li')!;
    expect(within(item).getByLabelText('Type of statuten.pdf')).toHaveDisplayValue(
      'Articles of association',
    );
    expect(
      within(item).getByText(`Uploaded ${formatDateTime(articles.uploadedAt)}`),
    ).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'View statuten.pdf' })).toBeInTheDocument();
    expect(screen.getByText('Still needed: Chamber of Commerce extract')).toBeInTheDocument();
  });

  it('uploads with the first missing required type unless another is chosen', async () => {
    const user = userEvent.setup();
    const documents = renderDocuments();

    expect(screen.getByLabelText('Document type')).toHaveDisplayValue(
      'Chamber of Commerce extract (required)',
    );
    const extract = pdf('kvk.pdf');
    await user.upload(screen.getByLabelText('Upload a document'), extract);
    expect(documents.onUpload).toHaveBeenCalledWith(extract, 'COC_EXTRACT');
    expect(await screen.findByText('kvk.pdf was uploaded.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Document type'), 'ARTICLES_OF_ASSOCIATION');
    const second = pdf('statuten-2025.pdf');
    await user.upload(screen.getByLabelText('Upload a document'), second);
    expect(documents.onUpload).toHaveBeenLastCalledWith(second, 'ARTICLES_OF_ASSOCIATION');
  });

  it('says when an upload fails, and keeps the list', async () => {
    const user = userEvent.setup();
    renderDocuments({
      onUpload: vi.fn(() => Promise.reject({ status: 415, message: 'Unsupported Media Type' })),
    });

    await user.upload(screen.getByLabelText('Upload a document'), pdf('scan.pdf'));
    expect(
      await screen.findByText(
        'scan.pdf could not be uploaded. Only PDF, PNG, JPEG, WebP and TIFF files are accepted.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('statuten.pdf')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload a document')).toBeEnabled();
  });

  it('archives a document after confirmation, and changes its type', async () => {
    const user = userEvent.setup();
    const documents = renderDocuments();

    await user.selectOptions(screen.getByLabelText('Type of statuten.pdf'), 'COC_EXTRACT');
    expect(documents.onChangeType).toHaveBeenCalledWith(11, 'COC_EXTRACT');

    await user.click(screen.getByRole('button', { name: 'Archive statuten.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive document?' });
    expect(documents.onArchive).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(documents.onArchive).toHaveBeenCalledWith(11));
  });

  it('says when archiving fails', async () => {
    const user = userEvent.setup();
    renderDocuments({ onArchive: vi.fn(() => Promise.reject(new Error('offline'))) });

    await user.click(screen.getByRole('button', { name: 'Archive statuten.pdf' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }),
    );
    expect(
      await screen.findByText('statuten.pdf could not be archived. Please try again.'),
    ).toBeInTheDocument();
  });

  it('read-only: the list and View only', () => {
    renderDocuments({ onView: vi.fn() }, true);

    expect(screen.getByText('Articles of association')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View statuten.pdf' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Archive/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Upload a document')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
