import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { tradePartnerSchema } from '@common/partners';
import { sessionStarted } from '@/session/authSlice';
import { KycDetailPage } from '@/features/kyc/KycDetailPage';
import {
  eva,
  mark,
  mockKycApi,
  partnerUuid,
  refusal,
  stepJson,
  stepsJson,
  submissionJson,
} from '../../../tests/data/kyc';
import { mockDocumentsApi, passportScan } from '../../../tests/data/documents';
import { partnerJson } from '../../../tests/data/partners';
import { loadUserTradePartners } from '@/session/tradePartnerSlice';
import { fetchUser } from '@/session/userSlice';
import { markDeVries } from '../../../tests/msw-handlers';
import { makeStore, markToken, renderWithProviders } from '../../../tests/render-with-providers';

interface Person {
  roles: string[];
  id: number;
  /** Their level in the submission's company, for partner people. */
  accessLevel?: string;
}

const employee: Person = { roles: ['NT24_EMPLOYEE'], id: eva.id };
const manager: Person = { roles: ['NT24_MANAGER'], id: mark.id };
const owner: Person = { roles: ['OWNER'], id: 30, accessLevel: 'OWNER' };

function renderDetail(person: Person, path = '/kyc/12') {
  const store = makeStore();
  store.dispatch(sessionStarted({ ...markToken, roles: person.roles }));
  store.dispatch(
    fetchUser.fulfilled({ ...markDeVries, id: person.id, roles: person.roles }, 'test', 'kc'),
  );
  if (person.accessLevel) {
    const partner = tradePartnerSchema.parse(
      partnerJson({ uuid: partnerUuid, role: 'OWNER', accessLevel: person.accessLevel }),
    );
    store.dispatch(loadUserTradePartners.fulfilled([partner], 'test'));
  }
  const router = createMemoryRouter(
    [
      { path: '/kyc/:kycId', element: <KycDetailPage /> },
      { path: '/kyc', element: <p>List</p> },
      { path: '/partners/:partnerId', element: <p>Partner</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, { store });
  return { store, router };
}

const step = (name: string) => screen.getByRole('region', { name });

describe('KycDetailPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('shows the file: heading, company link, steps as regions, records as tabs', async () => {
    mockKycApi({
      steps: [stepJson('coc', { data: { cocNumber: '87654321' } }), ...stepsJson().slice(1)],
    });
    renderDetail(manager);

    expect(await screen.findByRole('heading', { level: 1, name: 'KYC #12' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Van Dijk Logistics B.V.' })).toHaveAttribute(
      'href',
      `/partners/${partnerUuid}`,
    );
    for (const name of [
      'Chamber of Commerce',
      'Contacts',
      'Addresses',
      'Bank and VAT',
      'Customer due diligence',
      'Insights',
    ]) {
      expect(step(name)).toHaveTextContent('Under review');
    }
    // The step's data, readable.
    const coc = step('Chamber of Commerce');
    expect(await within(coc).findByText('CoC number')).toBeInTheDocument();
    expect(within(coc).getByText('87654321')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Comments',
      'Status history',
      'Audit trail',
      'Insights',
      'Self-service links',
    ]);
  });

  it('lets an employee complete a step: Waiting for Approval at once, no decisions', async () => {
    const api = mockKycApi({
      stepAnswer: async (stepType) => {
        await delay(50);
        return HttpResponse.json(
          stepJson(stepType, { status: 'WAITING_FOR_APPROVAL', version: 2, unchanged: false }),
        );
      },
    });
    renderDetail(employee);

    const coc = await screen.findByRole('region', { name: 'Chamber of Commerce' });
    expect(within(coc).queryByRole('button', { name: 'Approve step' })).not.toBeInTheDocument();
    expect(within(coc).queryByRole('button', { name: 'Reject step' })).not.toBeInTheDocument();
    await userEvent.click(within(coc).getByRole('button', { name: 'Complete step' }));

    // Before the server has answered.
    expect(within(coc).getByText('Waiting for Approval')).toBeInTheDocument();
    expect(api.bodies).toEqual([
      { path: '/api/kyc/12/steps/coc/status?userId=21', body: { status: 'COMPLETED', version: 1 } },
    ]);
    await waitFor(() =>
      expect(within(coc).queryByRole('button', { name: 'Complete step' })).not.toBeInTheDocument(),
    );
    expect(within(coc).getByRole('button', { name: 'Request changes' })).toBeInTheDocument();
  });

  it('lets a manager approve a step, and reject one with a comment', async () => {
    const api = mockKycApi({
      steps: stepsJson().map((item) => ({ ...item, status: 'WAITING_FOR_APPROVAL' })),
    });
    renderDetail(manager);

    const coc = await screen.findByRole('region', { name: 'Chamber of Commerce' });
    expect(within(coc).queryByRole('button', { name: 'Complete step' })).not.toBeInTheDocument();
    await userEvent.click(within(coc).getByRole('button', { name: 'Approve step' }));
    expect(within(coc).getByText('Approved')).toBeInTheDocument();

    const contacts = step('Contacts');
    await userEvent.click(within(contacts).getByRole('button', { name: 'Reject step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject step' });
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    // A rejection needs its reason.
    expect(reject).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Comment' }),
      'Passport expired',
    );
    await userEvent.click(reject);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(contacts).getByText('Rejected')).toBeInTheDocument();
    expect(within(contacts).getByText('Passport expired')).toBeInTheDocument();
    expect(api.bodies.map(({ path, body }) => [path, body])).toEqual([
      ['/api/kyc/12/steps/coc/status?userId=7', { status: 'APPROVED', version: 1 }],
      [
        '/api/kyc/12/steps/contacts/status?userId=7',
        // A rejection asks the partner for a change: always shared with them (issue 14).
        { status: 'REJECTED', comment: 'Passport expired', visibility: 'shared', version: 1 },
      ],
    ]);
  });

  it('shows the owner everything read-only: no step actions, no audit trail', async () => {
    mockKycApi({ submission: submissionJson({ status: 'IN_REVIEW' }) });
    renderDetail(owner);

    await screen.findByRole('region', { name: 'Chamber of Commerce' });
    for (const name of ['Complete step', 'Approve step', 'Reject step', 'Request changes']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    // The owner manages the file's self-service links (issue 19).
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Comments',
      'Status history',
      'Self-service links',
    ]);
    // An owner may comment on the file.
    expect(screen.getByRole('textbox', { name: 'New comment' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing is needed from you unless they ask/)).toBeInTheDocument();
  });

  it('tells the owner nothing of the risk, not even that it was not assessed (decision 018)', async () => {
    // As the server answers a partner: no riskLevel at all.
    mockKycApi({ submission: submissionJson({ status: 'IN_REVIEW', riskLevel: undefined }) });
    renderDetail(owner);

    await screen.findByRole('region', { name: 'Chamber of Commerce' });
    expect(screen.queryByText('Risk level')).not.toBeInTheDocument();
    expect(screen.queryByText('Not assessed')).not.toBeInTheDocument();
  });

  it('shows staff the risk level in the header and the facts', async () => {
    mockKycApi({ submission: submissionJson({ status: 'IN_REVIEW', riskLevel: 'HIGH' }) });
    renderDetail(manager);

    await screen.findByRole('region', { name: 'Chamber of Commerce' });
    expect(screen.getAllByText('Risk level')).toHaveLength(2);
    expect(screen.getAllByText('High')).toHaveLength(2);
    // The summary speaks to the reviewer as one, not as the partner.
    expect(screen.getByText('Handed in: the file is with the reviewers.')).toBeInTheDocument();
    expect(screen.queryByText(/Nothing is needed from you/)).not.toBeInTheDocument();
  });

  it('puts a step back and says why when the server refuses (409)', async () => {
    // Someone else asked for changes a moment earlier.
    const api: { changeStep?: ReturnType<typeof mockKycApi>['changeStep'] } = {};
    api.changeStep = mockKycApi({
      stepAnswer: (stepType) =>
        refusal(409, 'The step was changed by someone else; reload and try again.', {
          current: api.changeStep!(stepType, 'CHANGES_REQUESTED', 'Fix it'),
        }),
    }).changeStep;
    const { store } = renderDetail(employee);

    const coc = await screen.findByRole('region', { name: 'Chamber of Commerce' });
    await userEvent.click(within(coc).getByRole('button', { name: 'Complete step' }));

    // The record as it now is, from the refusal.
    expect(await within(coc).findByText('Changes requested')).toBeInTheDocument();
    expect(within(coc).getByText('Fix it')).toBeInTheDocument();
    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'kyc.notices.refused.title',
        values: { reason: 'The step was changed by someone else; reload and try again.' },
      }),
    ]);
  });

  it('offers the moves of decision 012 and sends them with comment and compliance', async () => {
    const api = mockKycApi({
      submission: submissionJson({
        steps: stepsJson().map(({ stepType }) => ({ stepType, status: 'APPROVED' })),
      }),
      steps: stepsJson().map((item) => ({ ...item, status: 'APPROVED' })),
    });
    renderDetail(manager);

    const actions = await screen.findByRole('group', { name: 'Submission actions' });
    // A manager is an employee too (SPEC section 6).
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Request changes from partner',
      'Send for approval',
      'Approve submission',
      'Reject submission',
      'Cancel submission',
    ]);
    await userEvent.click(within(actions).getByRole('button', { name: 'Approve submission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve submission' });
    const confirm = within(dialog).getByRole('button', { name: 'Approve submission' });
    // An approval needs the file to be compliant, and its risk assessed first (issue 14).
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'The file is compliant' }));
    expect(await within(dialog).findByRole('heading', { name: 'Risk assessment' })).toBeVisible();
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);

    await waitFor(() =>
      expect(api.bodies).toContainEqual({
        path: '/api/kyc/12/status',
        body: { status: 'APPROVED', userId: 7, comment: null, isCompliant: true, version: 3 },
      }),
    );
    const header = screen.getByRole('heading', { level: 1 }).closest('.app-page-header')!;
    expect(await within(header as HTMLElement).findByText('Approved')).toBeInTheDocument();
  });

  it("asks before taking over another reviewer's file, naming them, and says so to the server", async () => {
    const api = mockKycApi({ submission: submissionJson({ status: 'SUBMITTED', reviewer: mark }) });
    renderDetail(employee);

    const actions = await screen.findByRole('group', { name: 'Submission actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Start review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take over from Mark de Vries?' });
    expect(
      within(dialog).getByText(
        'Mark de Vries is reviewing KYC #12. If you start the review, the file becomes yours, and the audit trail records that you took it over.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take over' }));

    await waitFor(() =>
      expect(api.bodies).toContainEqual({
        path: '/api/kyc/12/status',
        body: expect.objectContaining({ status: 'IN_REVIEW', userId: eva.id, takeOver: true }),
      }),
    );
  });

  it('starts the review of a file that is already yours without asking to take it over', async () => {
    const api = mockKycApi({ submission: submissionJson({ status: 'SUBMITTED', reviewer: eva }) });
    renderDetail(employee);

    const actions = await screen.findByRole('group', { name: 'Submission actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Start review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start review' }));

    await waitFor(() =>
      expect(api.bodies).toContainEqual({
        path: '/api/kyc/12/status',
        body: { status: 'IN_REVIEW', userId: eva.id, comment: null, isCompliant: null, version: 3 },
      }),
    );
  });

  it('shows the records: history, audit trail and insights with translated findings', async () => {
    mockKycApi();
    renderDetail(manager);

    await userEvent.click(await screen.findByRole('tab', { name: 'Status history' }));
    const history = await screen.findByRole('list', { name: 'Status history' });
    // SPEC section 4: SUBMISSION_COMMENT is the 'Initial Submission'.
    expect(within(history).getByText('Initial Submission')).toBeInTheDocument();
    expect(within(history).getByText('In review')).toBeInTheDocument();
    expect(within(history).getByText('All documents are attached.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Audit trail' }));
    const row = (await screen.findByText('Step status changed')).closest('tr')!;
    expect(within(row).getByText('Eva Jansen')).toBeInTheDocument();
    expect(within(row).getByText('Chamber of Commerce')).toBeInTheDocument();
    expect(within(row).getByText('Waiting for Approval')).toBeInTheDocument();
    // Who took the file over from whom (decision 037).
    const takeover = screen.getByText('Review taken over').closest('tr')!;
    expect(within(takeover).getByText('Mark de Vries → Eva Jansen')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Insights' }));
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('Missing: VAT number')).toBeInTheDocument();
    // A known code in the app's words; an unknown one in the server's.
    expect(
      within(panel).getByText('The Chamber of Commerce extract is too old.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('A check this app does not know yet.')).toBeInTheDocument();
  });

  it('shows a reviewer what changed since the last review, and the owner no such marks', async () => {
    mockKycApi({
      steps: stepsJson().map((item) =>
        item.stepType === 'bank-and-vat'
          ? {
              ...item,
              data: { iban: 'NL02RABO0123456789', accountHolder: 'Van Dijk' },
              changes: [
                { field: 'iban', before: 'NL91ABNA0417164300', after: 'NL02RABO0123456789' },
              ],
            }
          : item,
      ),
    });
    renderDetail(manager);

    const bank = await screen.findByRole('region', { name: 'Bank and VAT' });
    expect(
      await within(bank).findByText('Changed since the last review: IBAN'),
    ).toBeInTheDocument();
    expect(within(bank).getByText('was: NL91ABNA0417164300')).toBeInTheDocument();
    // Requesting changes of a step still needs a comment.
    await userEvent.click(within(bank).getByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeDisabled();
  });

  it.each([
    ['an employee', employee],
    ['a manager', manager],
  ])('offers %s the PDF export in the header', async (_, person) => {
    mockKycApi();
    renderDetail(person);

    const heading = await screen.findByRole('heading', { level: 1, name: 'KYC #12' });
    const header = heading.closest<HTMLElement>('.app-page-header')!;
    await userEvent.click(within(header).getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByRole('dialog', { name: 'Export PDF' })).toBeInTheDocument();
  });

  it('names who asked for approval on the file that approval decided', async () => {
    mockKycApi({
      submission: submissionJson({
        status: 'APPROVED',
        approvalRequestedBy: eva,
        decidedAt: '2025-06-04T11:00:00.000Z',
      }),
    });
    renderDetail(manager);
    const asked = await screen.findByText('Approval requested by');
    expect(asked.nextElementSibling).toHaveTextContent(eva.name);
  });

  it('shows no approval request on a file nobody sent for approval', async () => {
    mockKycApi();
    renderDetail(manager);
    expect(await screen.findByText('Reviewer')).toBeInTheDocument();
    expect(screen.queryByText('Approval requested by')).not.toBeInTheDocument();
  });

  it("names a person's identity document by its file name, and opens it from there", async () => {
    const user = userEvent.setup();
    const people = [{ firstName: 'Pieter', lastName: 'van Dijk', role: 'UBO', idDocumentId: 102 }];
    mockKycApi({
      steps: stepsJson().map((item) =>
        item.stepType === 'contacts' ? stepJson('contacts', { data: { people } }) : item,
      ),
    });
    mockDocumentsApi([passportScan()]);
    renderDetail(employee);

    const contacts = await screen.findByRole('region', { name: 'Contacts' });
    const table = await within(contacts).findByRole('table', { name: 'People' });
    await user.click(await within(table).findByRole('button', { name: 'View passport.png' }));
    expect(await screen.findByRole('dialog', { name: 'passport.png' })).toBeInTheDocument();
    expect(within(contacts).queryByText('Document #102')).not.toBeInTheDocument();
  });

  it('does not offer the owner the PDF export', async () => {
    mockKycApi();
    renderDetail(owner);

    await screen.findByRole('region', { name: 'Chamber of Commerce' });
    expect(screen.queryByRole('button', { name: 'Export PDF' })).not.toBeInTheDocument();
  });

  it('shows "not found" for a file the person may not see', async () => {
    mockKycApi();
    renderDetail(owner, '/kyc/99');
    expect(
      await screen.findByRole('heading', { name: 'KYC submission not found' }),
    ).toBeInTheDocument();
  });
});
