import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXPORT_POLL_INTERVAL_MS } from '@common/kyc-export';
import { fileNameProblem, KycExportButton } from '@/kyc-export/KycExportDialog';
import { jobId, mockExportApi, stubDownloads, type StatusAnswer } from '@/kyc-export/testData';
import { kycUuid } from '../../tests/data/kyc';
import { renderWithProviders } from '../../tests/render-with-providers';

const statusCall = `GET /api/kyc/export-jobs/${jobId}/status`;

/** The page's button, pressed: the dialog open. */
async function openDialog(statuses: StatusAnswer[]) {
  const api = mockExportApi(statuses);
  const downloads = stubDownloads();
  const user = userEvent.setup();
  renderWithProviders(<KycExportButton submission={{ id: 12, uuid: kycUuid }} />);
  await user.click(screen.getByRole('button', { name: 'Export PDF' }));
  const dialog = screen.getByRole('dialog', { name: 'Export PDF' });
  return { api, downloads, user, dialog };
}

/**
 * Presses `name` on fake time, from here on driven by `pass`. fireEvent rather than user-event:
 * Testing Library's async helpers wait on timers that vitest's fake ones never run.
 */
function press(within_: HTMLElement, name: string) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  fireEvent.click(within(within_).getByRole('button', { name }));
}

/** Lets `ms` pass, answers and renders included. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('fileNameProblem', () => {
  it('wants a name ending in .pdf, without slashes or control characters', () => {
    expect(fileNameProblem(' kyc-submission-12.pdf ')).toBeNull();
    expect(fileNameProblem('Prüfung Van Dijk.PDF')).toBeNull();
    expect(fileNameProblem('report')).toBe('extension');
    expect(fileNameProblem('.pdf')).toBe('extension');
    expect(fileNameProblem('report.pdf.txt')).toBe('extension');
    expect(fileNameProblem('exports/report.pdf')).toBe('characters');
    expect(fileNameProblem('a\\b.pdf')).toBe('characters');
    expect(fileNameProblem('a\tb.pdf')).toBe('characters');
    expect(fileNameProblem(`${'a'.repeat(197)}.pdf`)).toBe('length');
  });
});

describe('KycExportDialog', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers the options with their defaults and the default file name', async () => {
    const { dialog } = await openDialog([]);

    const checkbox = (name: string) => within(dialog).getByRole('checkbox', { name });
    expect(checkbox('Include the audit trail')).toBeChecked();
    expect(checkbox('Include document thumbnails')).toBeChecked();
    expect(checkbox('Append the full documents')).not.toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'File name' })).toHaveValue(
      'kyc-submission-12.pdf',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['', 'Cancel', 'Export']);
  });

  it('exports nothing until the file name ends in .pdf', async () => {
    const { api, user, dialog } = await openDialog([]);
    const name = within(dialog).getByRole('textbox', { name: 'File name' });

    await user.clear(name);
    await user.type(name, 'van-dijk-review');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    expect(name).toHaveAccessibleDescription('The file name must end in .pdf.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    await user.type(name, '.pdf');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByText('The file name must end in .pdf.')).not.toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'exports/review.pdf');
    expect(name).toHaveAccessibleDescription(
      'The file name cannot contain slashes or control characters.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(api.requests).toEqual([]);
  });

  it('follows the job from QUEUED to COMPLETED and downloads it under the chosen name', async () => {
    const { api, downloads, user, dialog } = await openDialog([
      { status: 'IN_PROGRESS', progress: 20, currentStep: 'collecting' },
      { status: 'IN_PROGRESS', progress: 60, currentStep: 'layout' },
      { status: 'COMPLETED', progress: 100, currentStep: 'done' },
    ]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Include document thumbnails' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Append the full documents' }));
    const name = within(dialog).getByRole('textbox', { name: 'File name' });
    await user.clear(name);
    await user.type(name, 'van-dijk-review.pdf');
    press(dialog, 'Export');

    // Asked, not yet answered.
    expect(within(dialog).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('Starting the export…');
    await pass(0);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Waiting in the queue');

    await pass(EXPORT_POLL_INTERVAL_MS);
    const progress = within(dialog).getByRole('progressbar', { name: 'Export progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '20');
    expect(progress).toHaveTextContent('20%');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Collecting the file');

    await pass(EXPORT_POLL_INTERVAL_MS);
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Laying out the pages');
    expect(downloads.saved).toEqual([]);

    await pass(EXPORT_POLL_INTERVAL_MS);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The PDF has been downloaded.');
    expect(downloads.saved).toEqual([
      { name: 'van-dijk-review.pdf', href: 'blob:export-1', type: 'application/pdf' },
    ]);
    expect(api.requests).toEqual([
      `POST /api/kyc/uuid/${kycUuid}/export-pdf/start?includeAuditLogs=true&includeDocumentThumbnails=false&includeFullDocuments=true&filename=van-dijk-review.pdf`,
      statusCall,
      statusCall,
      statusCall,
      `GET /api/kyc/export-jobs/${jobId}/download`,
    ]);
  });

  it.each([
    ['its reason', 'A document could not be read.', 'A document could not be read.'],
    ["'PDF export failed' without one", null, 'PDF export failed'],
  ])('says why a job FAILED (%s) and tries again', async (_, errorMessage, shown) => {
    const { api, downloads, dialog } = await openDialog([
      { status: 'FAILED', errorMessage },
      { status: 'COMPLETED', progress: 100 },
    ]);
    press(dialog, 'Export');
    await pass(EXPORT_POLL_INTERVAL_MS);

    expect(within(dialog).getByRole('alert')).toHaveTextContent(shown);
    expect(downloads.saved).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await pass(EXPORT_POLL_INTERVAL_MS);

    expect(within(dialog).getByRole('alert')).toHaveTextContent('The PDF has been downloaded.');
    expect(downloads.saved.map((file) => file.name)).toEqual(['kyc-submission-12.pdf']);
    expect(api.requests.filter((line) => line.startsWith('POST'))).toHaveLength(2);
  });

  it("says 'Unexpected job status' for a status it does not know", async () => {
    const { dialog } = await openDialog([{ status: 'CANCELED' }]);
    press(dialog, 'Export');
    await pass(EXPORT_POLL_INTERVAL_MS);

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Unexpected job status');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('stops following the job when closed, and opens afresh', async () => {
    const { api, dialog } = await openDialog([
      { status: 'IN_PROGRESS', progress: 40, currentStep: 'thumbnails' },
    ]);
    press(dialog, 'Export');
    await pass(EXPORT_POLL_INTERVAL_MS);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Drawing thumbnails');
    const asked = api.requests.length;

    // The footer's Close; the header's × is named Close too.
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await pass(EXPORT_POLL_INTERVAL_MS * 3);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(asked);
    fireEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
