import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { tradePartnerSchema } from '@common/partners';
import { sessionStarted } from '@/session/authSlice';
import { KycDetailPage } from '@/features/kyc/KycDetailPage';
import {
  insightsJson,
  mark,
  mockKycApi,
  partnerUuid,
  requestJson,
  stepsJson,
  submissionJson,
} from '../../../../tests/data/kyc';
import { partnerJson } from '../../../../tests/data/partners';
import { loadUserTradePartners } from '@/session/tradePartnerSlice';
import { fetchUser } from '@/session/userSlice';
import { markDeVries } from '../../../../tests/msw-handlers';
import { makeStore, markToken, renderWithProviders } from '../../../../tests/render-with-providers';

/*
 * Issue 14 on the screen: a request is not approved over, a file is not sent back with nothing
 * to change, a rejected step is the partner's to fix, internal comments are chosen visibly, and
 * an approval weighs the risk.
 */

const manager = { roles: ['NT24_MANAGER'], id: mark.id };
const owner = { roles: ['OWNER'], id: 30, accessLevel: 'OWNER' };

function renderDetail(person: { roles: string[]; id: number; accessLevel?: string }) {
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
  const router = createMemoryRouter([{ path: '/kyc/:kycId', element: <KycDetailPage /> }], {
    initialEntries: ['/kyc/12'],
  });
  renderWithProviders(<RouterProvider router={router} />, { store });
}

const region = (name: string) => screen.findByRole('region', { name });
const allSteps = (status: string) => stepsJson().map(({ stepType }) => ({ stepType, status }));

describe('KycDetailPage, the review loop of issue 14', () => {
  it('keeps Approve step unavailable while the partner has not answered, and withdraws the request', async () => {
    const request = requestJson('CHANGES_REQUESTED', 'please upload a recent utility bill');
    const api = mockKycApi({
      steps: stepsJson().map((step) =>
        step.stepType === 'addresses'
          ? { ...step, status: 'CHANGES_REQUESTED', comment: request.comment, request }
          : step,
      ),
    });
    renderDetail(manager);

    const addresses = await region('Addresses');
    const notice = await within(addresses).findByText('Changes requested by the reviewer');
    expect(notice.closest('.alert')).toHaveTextContent('please upload a recent utility bill');
    const approve = within(addresses).getByRole('button', { name: 'Approve step' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      'Approving waits for the partner to answer the request, or for the request to be withdrawn.',
    );

    await userEvent.click(within(addresses).getByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the request' });
    // Shared by default: the partner was asked.
    expect(within(dialog).getByRole('radio', { name: 'Shared with the partner' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Comment' }));
    await userEvent.paste('The bank statement shows the address.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Internal: staff only' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));

    await waitFor(() =>
      expect(api.bodies).toContainEqual({
        path: '/api/kyc/12/steps/addresses/request/withdraw?userId=7',
        body: {
          comment: 'The bank statement shows the address.',
          visibility: 'internal',
          version: 1,
        },
      }),
    );
    await waitFor(() =>
      expect(within(addresses).getByRole('button', { name: 'Approve step' })).toBeEnabled(),
    );
    expect(within(addresses).getByText('Internal')).toBeInTheDocument();
  }, 15_000);

  it('says a request to the partner is always shared when rejecting a step', async () => {
    mockKycApi();
    renderDetail(manager);
    const coc = await region('Chamber of Commerce');
    await userEvent.click(within(coc).getByRole('button', { name: 'Reject step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject step' });
    expect(
      within(dialog).getByText('Shared with the partner: a request is always sent to them.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('does not offer to send back a file whose every step is approved', async () => {
    mockKycApi({
      submission: submissionJson({ steps: allSteps('APPROVED') }),
      steps: stepsJson().map((step) => ({ ...step, status: 'APPROVED' })),
    });
    renderDetail(manager);
    const actions = await screen.findByRole('group', { name: 'Submission actions' });
    const back = within(actions).getByRole('button', { name: 'Request changes from partner' });
    expect(back).toBeDisabled();
    expect(actions).toHaveAccessibleDescription(/the partner could change nothing/);
  });

  it('asks the approver to acknowledge a HIGH risk with a reason, and sends it', async () => {
    const findings = [
      {
        code: 'PEP_DECLARED',
        severity: 'HIGH',
        stepType: 'cdd',
        message: 'The customer declared a politically exposed person.',
        params: {},
      },
    ];
    const api = mockKycApi({
      submission: submissionJson({ steps: allSteps('APPROVED'), riskLevel: 'HIGH' }),
      steps: stepsJson().map((step) => ({ ...step, status: 'APPROVED' })),
      insights: {
        ...insightsJson,
        riskLevel: 'HIGH',
        summary: { high: 1, medium: 0, low: 0, info: 0 },
        findings,
        acknowledgementNeeded: true,
        fingerprint: 'c'.repeat(64),
      },
    });
    renderDetail(manager);

    // The risk is in the file's header.
    const header = (await screen.findByRole('heading', { level: 1 })).closest(
      '.app-page-header',
    ) as HTMLElement;
    expect(within(header).getByText('High')).toBeInTheDocument();

    const actions = within(header).getByRole('group', { name: 'Submission actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Approve submission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve submission' });
    expect(await within(dialog).findByText('1 open finding')).toBeInTheDocument();
    expect(within(dialog).getByText(/politically exposed person/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Approve submission' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'The file is compliant' }));
    expect(confirm).toBeDisabled();
    await userEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'I have reviewed these findings and approve the file despite them',
      }),
    );
    expect(confirm).toBeDisabled();
    await userEvent.click(
      within(dialog).getByRole('textbox', { name: 'Why the file is approved despite its risk' }),
    );
    await userEvent.paste('PEP is a councillor; EDD done.');
    await userEvent.click(confirm);

    await waitFor(() =>
      expect(api.bodies).toContainEqual({
        path: '/api/kyc/12/status',
        body: {
          status: 'APPROVED',
          userId: 7,
          comment: null,
          isCompliant: true,
          riskAcknowledgement: {
            reason: 'PEP is a councillor; EDD done.',
            fingerprint: 'c'.repeat(64),
          },
          version: 3,
        },
      }),
    );
  });

  it('lets staff choose who reads a comment, internal by default', async () => {
    const api = mockKycApi();
    renderDetail(manager);
    const text = await screen.findByRole('textbox', { name: 'New comment' });
    expect(screen.getByRole('radio', { name: 'Internal: staff only' })).toBeChecked();
    await userEvent.click(text);
    await userEvent.paste('Internal note: check UBO.');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(api.bodies).toContainEqual({
        path: '/api/kyc/12/comments',
        body: { comment: 'Internal note: check UBO.', visibility: 'internal' },
      }),
    );
  });

  it('opens a rejected step to the owner once the file is back with them', async () => {
    const request = requestJson('REJECTED', 'CoC extract older than 6 months');
    mockKycApi({
      submission: submissionJson({
        status: 'CHANGES_REQUESTED',
        steps: stepsJson().map(({ stepType }) => ({
          stepType,
          status: stepType === 'coc' ? 'REJECTED' : 'APPROVED',
        })),
      }),
      steps: stepsJson().map((step) =>
        step.stepType === 'coc'
          ? {
              ...step,
              status: 'REJECTED',
              comment: request.comment,
              commentVisibility: 'shared',
              request,
              editable: true,
            }
          : { ...step, status: 'APPROVED' },
      ),
      readiness: {
        ready: false,
        missing: [{ stepType: 'coc', kind: 'rejected', message: 'coc: rejected' }],
      },
    });
    renderDetail(owner);

    const coc = await region('Chamber of Commerce');
    const notice = await within(coc).findByText('Rejected by the reviewer');
    expect(notice.closest('.alert')).toHaveTextContent('CoC extract older than 6 months');
    expect(within(coc).getByRole('button', { name: 'Save step' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The reviewer rejected this step: change it or its documents and save it again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resubmit' })).toBeDisabled();
  });
});
