import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import { tradePartnerSchema } from '@common/partners';
import { sessionStarted } from '@/session/authSlice';
import { partnerUuid, submissionJson } from '../../../../tests/data/kyc';
import { KycTab } from '@/features/kyc/submissions/PartnerKycTab';
import { partnerPermissions } from '@/companies/partnerAccess';
import { partnerJson } from '../../../../tests/data/partners';
import { server } from '../../../../tests/msw-server';
import { makeStore, markToken, renderWithProviders } from '../../../../tests/render-with-providers';

function OpenedFile() {
  return <p>File {useParams().kycId}</p>;
}

/** The KYC tab of a partner whose files are `files`, for someone with `roles` and `accessLevel`. */
function renderTab(roles: string[], files: Record<string, unknown>[], accessLevel: string | null) {
  const posted: unknown[] = [];
  server.use(
    http.get('/api/kyc/partner/uuid/:uuid', () => HttpResponse.json(files)),
    http.post('/api/kyc', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(submissionJson({ id: 55, status: 'DRAFT' }), { status: 201 });
    }),
  );
  const partner = tradePartnerSchema.parse(
    partnerJson({ uuid: partnerUuid, accessLevel, role: accessLevel ? 'CONTACT' : null }),
  );
  const store = makeStore();
  store.dispatch(sessionStarted({ ...markToken, roles }));
  const router = createMemoryRouter(
    [
      {
        path: '/partners/:partnerId',
        element: <KycTab partner={partner} can={partnerPermissions(roles, partner)} />,
      },
      { path: '/kyc/:kycId', element: <OpenedFile /> },
    ],
    { initialEntries: [`/partners/${partnerUuid}`] },
  );
  const { unmount } = renderWithProviders(<RouterProvider router={router} />, { store });
  return { posted, unmount };
}

const approved = submissionJson({ id: 9, status: 'APPROVED' });

describe('KycTab: starting a KYC file', () => {
  it('lets staff start a file when the company has none open, and opens it', async () => {
    const { posted } = renderTab(['NT24_EMPLOYEE'], [approved], null);

    await userEvent.click(await screen.findByRole('button', { name: 'Start KYC file' }));

    expect(await screen.findByText('File 55')).toBeInTheDocument();
    expect(posted).toEqual([{ tradePartnerUuid: partnerUuid, status: 'DRAFT' }]);
  });

  it('offers no start while a file is open', async () => {
    for (const status of ['DRAFT', 'SUBMITTED', 'IN_REVIEW', 'CHANGES_REQUESTED']) {
      const { unmount } = renderTab(['NT24_MANAGER'], [submissionJson({ status }), approved], null);
      expect(await screen.findByRole('link', { name: 'KYC #12' })).toBeDefined();
      expect(screen.queryByRole('button', { name: 'Start KYC file' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it("offers the company's owner and admin the start, not an editor or a viewer", async () => {
    for (const [roles, level] of [
      [['OWNER'], 'OWNER'],
      [['NT24_TRADE_PARTNER'], 'ADMIN'],
    ] as const) {
      const { unmount } = renderTab([...roles], [], level);
      expect(await screen.findByRole('button', { name: 'Start KYC file' })).toBeInTheDocument();
      unmount();
    }
    for (const level of ['EDITOR', 'VIEWER']) {
      const { unmount } = renderTab(['NT24_TRADE_PARTNER'], [], level);
      await screen.findByText('This company has no KYC submissions yet.');
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Start KYC file' })).not.toBeInTheDocument(),
      );
      unmount();
    }
  });
});
