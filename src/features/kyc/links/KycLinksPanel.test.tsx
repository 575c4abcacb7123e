import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { kycSubmissionSchema } from '@common/kyc-responses';
import { KycLinksPanel } from '@/features/kyc/links/KycLinksPanel';
import { linkJson, mockLinksApi } from '@/features/kyc/links/testData';
import { KycAuditTrail } from '@/features/kyc/records/KycAuditTrail';
import { KycStatusHistory } from '@/features/kyc/records/KycStatusHistory';
import i18n from 'i18next';
import de from '../../../../public/assets/i18n/de.json';
import { auditJson, historyJson, submissionJson } from '../../../../tests/data/kyc';
import { server } from '../../../../tests/msw-server';
import { renderWithProviders } from '../../../../tests/render-with-providers';

const submission = kycSubmissionSchema.parse(submissionJson({ status: 'DRAFT' }));
const props = { submission, actors: ['manager'] as const, staff: true };

function renderPanel() {
  const user = userEvent.setup();
  const view = renderWithProviders(<KycLinksPanel {...props} />);
  return { user, ...view };
}

const item = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

describe('KycLinksPanel', () => {
  it("lists the file's links: state, who made it, recipient, expiry, last use and uses", async () => {
    mockLinksApi({
      links: [
        linkJson(5, 'active', {
          uses: 1,
          lastUsedAt: '2025-06-03T12:30:00.000Z',
        }),
        linkJson(4, 'submitted', {
          uses: 12,
          recipientName: null,
          submittedAt: '2025-06-03T12:00:00.000Z',
        }),
        linkJson(3, 'expired', { recipientEmail: null, recipientName: null, createdBy: null }),
        linkJson(2, 'revoked', {
          revokedAt: '2025-06-02T12:00:00.000Z',
          revokedBy: { id: 7, name: 'Mark de Vries' },
        }),
        linkJson(1, 'claimed', { allowAccount: true, claimedAt: '2025-06-02T12:00:00.000Z' }),
      ],
    });
    renderPanel();

    const active = (await screen.findByRole('heading', { name: 'Link #5' })).closest('li')!;
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(
      within(active).getByText(/^Created by Eva Jansen on 01\.06\.2025, \d{2}:\d{2}$/),
    ).toBeInTheDocument();
    expect(within(active).getByText('Anna de Boer')).toBeInTheDocument();
    expect(within(active).getByText('finance@vandijk.example')).toBeInTheDocument();
    expect(within(active).getByText(/^15\.06\.2025, \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(within(active).getByText(/^03\.06\.2025, \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(within(active).getByText('1 use')).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Revoke link #5' })).toBeInTheDocument();

    const submitted = item('Link #4');
    expect(within(submitted).getByText('Submitted')).toBeInTheDocument();
    expect(within(submitted).getByText('finance@vandijk.example')).toBeInTheDocument();
    expect(within(submitted).getByText('12 uses')).toBeInTheDocument();
    expect(within(submitted).getByText('Never')).toBeInTheDocument();
    expect(within(submitted).getByRole('button', { name: 'Revoke link #4' })).toBeInTheDocument();

    const expired = item('Link #3');
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByText('Not named')).toBeInTheDocument();
    expect(within(expired).getByText(/^Created on 01\.06\.2025/)).toBeInTheDocument();
    expect(within(expired).getByText('0 uses')).toBeInTheDocument();

    const revoked = item('Link #2');
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(
      within(revoked).getByText(/^Revoked by Mark de Vries on 02\.06\.2025/),
    ).toBeInTheDocument();

    expect(within(item('Link #1')).getByText('Account created')).toBeInTheDocument();
    for (const name of ['Link #3', 'Link #2', 'Link #1']) {
      expect(within(item(name)).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
      expect(within(item(name)).getByRole('button', { name: /^Access log/ })).toBeInTheDocument();
    }
  });

  it('says when no link was shared', async () => {
    mockLinksApi();
    renderPanel();
    expect(
      await screen.findByText('No self-service link has been shared for this file yet.'),
    ).toBeInTheDocument();
  });

  it('offers to try again when the links could not be read', async () => {
    server.use(
      http.get('/api/kyc/:id/selfservice-links', () =>
        HttpResponse.json({ statusCode: 500, error: 'Error', message: 'Boom' }, { status: 500 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPanel();
    expect(
      await screen.findByText('The self-service links could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('revokes a link after asking, and reads the list again', async () => {
    const api = mockLinksApi({ links: [linkJson(5, 'active')] });
    const { user, store } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Revoke link #5' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke link #5?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(within(item('Link #5')).getByText('Revoked')).toBeInTheDocument());
    expect(
      within(item('Link #5')).getByText(/^Revoked by Eva Jansen on 04\.06\.2025/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke link #5' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests).toEqual([
        'GET /api/kyc/12/selfservice-links',
        'POST /api/kyc/12/selfservice-links/5/revoke',
        'GET /api/kyc/12/selfservice-links',
      ]),
    );
    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({
        type: 'success',
        title: 'kycLinks.notices.revoked.title',
        values: { id: 5 },
      }),
    ]);
  });

  it("opens a link's access log: when, what, from where, with what", async () => {
    const api = mockLinksApi({ links: [linkJson(5, 'active', { uses: 2 })] });
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Access log of link #5' }));
    const log = screen.getByRole('dialog', { name: 'Access log of link #5' });
    const rows = await within(log).findAllByRole('row');
    const cells = rows.slice(1).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      [
        expect.stringMatching(/^03\.06\.2025, \d{2}:\d{2}$/),
        'Saved a step',
        '203.0.113.7',
        'Mozilla/5.0 (X11; Linux x86_64) Firefox/139.0',
      ],
      [
        expect.stringMatching(/^02\.06\.2025, \d{2}:\d{2}$/),
        'Opened the link',
        '203.0.113.7',
        'Not given',
      ],
    ]);
    expect(api.requests).toContain('GET /api/kyc/12/selfservice-links/5/uses');
  });
});

describe('what a link did, in the records', () => {
  const viaLink = { id: 0, name: 'Anna de Boer', viaSelfServiceLink: 3 };

  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it("names the audit trail's acts done through a link", async () => {
    server.use(
      http.get('/api/kyc/:id/audit', () =>
        HttpResponse.json([auditJson[0], { ...auditJson[1], user: viaLink }]),
      ),
    );
    renderWithProviders(<KycAuditTrail {...props} />);
    expect(await screen.findByText('Anna de Boer via self-service link #3')).toBeInTheDocument();
    expect(screen.getAllByText('Eva Jansen')).toHaveLength(1);
  });

  it('says so in German too', async () => {
    i18n.addResourceBundle('de', 'translation', de);
    await act(() => i18n.changeLanguage('de'));
    server.use(
      http.get('/api/kyc/:id/audit', () => HttpResponse.json([{ ...auditJson[1], user: viaLink }])),
    );
    renderWithProviders(<KycAuditTrail {...props} />);
    expect(await screen.findByText('Anna de Boer über Self-Service-Link #3')).toBeInTheDocument();
  });

  it('names a status change made through a link in the status history', async () => {
    server.use(
      http.get('/api/kyc/:id/status', () =>
        HttpResponse.json([{ ...historyJson[1], user: viaLink }]),
      ),
    );
    renderWithProviders(<KycStatusHistory {...props} />);
    expect(await screen.findByText(/^Anna de Boer via self-service link #3, /)).toBeInTheDocument();
  });
});
