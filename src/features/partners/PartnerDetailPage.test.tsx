import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '@/app/router';
import { sessionStarted } from '@/session/authSlice';
import { documentJson, mockDocumentsApi } from '../../../tests/data/documents';
import { partnerKycTab } from '@/features/kyc/submissions/PartnerKycTab';
import { PartnerDetailPage } from '@/features/partners/PartnerDetailPage';
import { mockKycApi, submissionJson } from '../../../tests/data/kyc';
import { acmeUuid, invitationJson, membersJson, partnerJson } from '../../../tests/data/partners';
import { server } from '../../../tests/msw-server';
import { stubMatchMedia } from '../../../tests/render-app';
import { makeStore, markToken, renderWithProviders } from '../../../tests/render-with-providers';

function partnerApi(overrides: Record<string, unknown> = {}) {
  const partner = partnerJson(overrides);
  server.use(
    http.get('/api/partners/uuid/:uuid', ({ params }) =>
      params.uuid === acmeUuid
        ? HttpResponse.json(partner)
        : HttpResponse.json(
            { statusCode: 404, error: 'Not Found', message: 'Not found' },
            { status: 404 },
          ),
    ),
    http.get('/api/partners/:id', () => HttpResponse.json(partner)),
    http.get('/api/partners/uuid/:uuid/members', () => HttpResponse.json(membersJson)),
    http.get('/api/partners/uuid/:uuid/invitations', () => HttpResponse.json([invitationJson])),
  );
}

function renderDetail(roles: string[], path = `/partners/${acmeUuid}`) {
  const store = makeStore();
  store.dispatch(sessionStarted({ ...markToken, roles }));
  const router = createMemoryRouter(
    [
      { path: '/partners/:partnerId', element: <PartnerDetailPage extraTabs={[partnerKycTab]} /> },
      { path: '/partners', element: <p>List</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, { store });
  return { store, router };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('PartnerDetailPage', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));

  it('shows staff everything they may do: edit, members, invitations', async () => {
    partnerApi();
    renderDetail(['NT24_EMPLOYEE']);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Logistics B.V.' }),
    ).toBeInTheDocument();
    expect(tabNames()).toEqual([
      'Company',
      'Addresses',
      'Contacts',
      'Documents',
      'Members',
      'Invitations',
      'KYC',
    ]);
    expect(screen.getByRole('button', { name: 'Edit company' })).toBeInTheDocument();
    // Staff start an order for the partner from here (issue 20).
    expect(screen.getByRole('link', { name: 'New order' })).toHaveAttribute(
      'href',
      `/orders/modify/new?partner=${acmeUuid}`,
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(screen.getByRole('button', { name: 'Add contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Olivia Smit' })).toBeInTheDocument();
    // A contact without names or e-mail.
    expect(screen.getByText('No contact')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Members' }));
    expect(
      await screen.findByRole('combobox', { name: 'Access level for Carlos Romero' }),
    ).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Carlos Romero' })).toBeInTheDocument();
    // The only owner stays one.
    expect(screen.queryByRole('combobox', { name: 'Access level for Olivia Smit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Olivia Smit' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Invitations' }));
    expect(await screen.findByText('new.person@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
  });

  it('lets a VIEWER member only read, without the invitations tab', async () => {
    partnerApi({ role: 'CONTACT', accessLevel: 'VIEWER' });
    renderDetail(['CONTACT']);

    await screen.findByRole('heading', { level: 1, name: 'Acme Logistics B.V.' });
    expect(screen.getByText('Your access: Viewer')).toBeInTheDocument();
    expect(tabNames()).toEqual(['Company', 'Addresses', 'Contacts', 'Documents', 'Members']);
    expect(screen.queryByRole('button', { name: 'Edit company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New order' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Addresses' }));
    expect(screen.getByText(/Coolsingel 40/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(screen.queryByRole('button', { name: 'Add contact' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Members' }));
    const row = (await screen.findByText('Carlos Romero')).closest('tr')!;
    expect(within(row).getByText('Viewer')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('lets an EDITOR change data but not delete contacts or manage members', async () => {
    partnerApi({ role: 'CONTACT', accessLevel: 'EDITOR' });
    renderDetail(['CONTACT']);
    await screen.findByRole('button', { name: 'Edit company' });
    expect(tabNames()).not.toContain('Invitations');

    await userEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(screen.getByRole('button', { name: 'Edit Olivia Smit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Olivia Smit' })).not.toBeInTheDocument();
  });

  it("marks the number a 409's details name, whatever its message says", async () => {
    partnerApi();
    const message = 'Dieses Unternehmen ist bereits registriert.';
    server.use(
      http.patch('/api/partners/uuid/:uuid', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message, details: { field: 'vatNumber' } },
          { status: 409 },
        ),
      ),
    );
    renderDetail(['NT24_EMPLOYEE']);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit company' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(screen.getByLabelText(/^VAT number/)).toHaveAccessibleDescription(
        expect.stringContaining(message),
      ),
    );
    expect(screen.getByLabelText(/^CoC number/)).not.toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
  });

  it('lets an ADMIN manage members but not give or take OWNER', async () => {
    partnerApi({ role: 'CONTACT', accessLevel: 'ADMIN' });
    renderDetail(['CONTACT']);
    await userEvent.click(await screen.findByRole('tab', { name: 'Members' }));

    const level = await screen.findByRole('combobox', { name: 'Access level for Carlos Romero' });
    expect(within(level).getByRole('option', { name: 'Owner' })).toBeDisabled();
    // The owner's own level is out of an admin's reach.
    expect(
      screen.queryByRole('combobox', { name: 'Access level for Olivia Smit' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Olivia Smit' })).not.toBeInTheDocument();
    expect(tabNames()).toContain('Invitations');
  });

  it('opens a partner by its legacy numeric id', async () => {
    partnerApi();
    renderDetail(['NT24_MANAGER'], '/partners/42');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Logistics B.V.' }),
    ).toBeInTheDocument();
  });

  it.each(['not-an-id', '0', '-3'])('shows "not found" for %s without asking', async (value) => {
    renderDetail(['NT24_MANAGER'], `/partners/${value}`);
    expect(
      await screen.findByRole('heading', { name: 'Trade partner not found' }),
    ).toBeInTheDocument();
  });

  it('shows "not found" for a partner the server does not reveal', async () => {
    partnerApi();
    renderDetail(['OWNER'], '/partners/11111111-2222-4333-8444-555555555555');
    expect(
      await screen.findByRole('heading', { name: 'Trade partner not found' }),
    ).toBeInTheDocument();
  });

  it('invites by e-mail and shows the link to copy when no e-mail went out', async () => {
    partnerApi({ role: 'OWNER', accessLevel: 'OWNER' });
    let body: unknown;
    server.use(
      http.post('/api/partners/uuid/:uuid/invitations', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            invitation: {
              ...invitationJson,
              uuid: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
              email: 'eva@example.com',
            },
            inviteUrl: 'http://localhost:8092/dashboard',
            emailSent: false,
          },
          { status: 201 },
        );
      }),
    );
    renderDetail(['OWNER'], `/partners/${acmeUuid}?tab=invitations`);

    await userEvent.type(await screen.findByLabelText('E-mail address'), 'eva@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Access level'), 'Editor');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByLabelText('Invitation link')).toHaveValue(
      'http://localhost:8092/dashboard',
    );
    expect(
      screen.getByText(
        'No e-mail could be sent to eva@example.com. Share the link below with them yourself.',
      ),
    ).toBeInTheDocument();
    expect(body).toEqual({ email: 'eva@example.com', accessLevel: 'EDITOR' });
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(await screen.findByText('eva@example.com')).toBeInTheDocument();
  });

  it("names the page in the trail and the window title: 'Trade Partners' → its name", async () => {
    partnerApi();
    stubMatchMedia();
    try {
      const store = makeStore();
      store.dispatch(sessionStarted(markToken));
      const router = createMemoryRouter(routes, { initialEntries: [`/partners/${acmeUuid}`] });
      renderWithProviders(<RouterProvider router={router} />, { store });

      const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
      expect(await within(trail).findByText('Acme Logistics B.V.')).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(within(trail).getByRole('link', { name: 'Trade Partners' })).toHaveAttribute(
        'href',
        '/partners',
      );
      await waitFor(() => expect(document.title).toBe('Acme Logistics B.V. | NT24'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  describe('the Documents tab', () => {
    const documentsApi = () =>
      mockDocumentsApi([documentJson({ tradePartnerId: 42, tradePartnerUuid: acmeUuid })]);

    it("lists the partner's documents, with upload, type and archive for staff", async () => {
      partnerApi();
      const requests = documentsApi();
      renderDetail(['NT24_EMPLOYEE']);

      await userEvent.click(await screen.findByRole('tab', { name: 'Documents' }));
      expect(await screen.findByRole('img', { name: 'kvk-uittreksel.pdf' })).toBeInTheDocument();
      expect(requests[0]).toContain(`tradePartnerUuid=${acmeUuid}`);
      expect(screen.getByRole('heading', { name: 'Upload documents' })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Document type' })).toBeInTheDocument();
      expect(screen.getByLabelText('Browse')).toHaveAttribute('type', 'file');
      expect(
        screen.getByRole('option', { name: 'The company: Acme Logistics B.V.' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'Olivia Smit' })).toBeInTheDocument();
      expect(
        screen.getByRole('combobox', { name: 'Type of kvk-uittreksel.pdf' }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Archive kvk-uittreksel.pdf' }),
      ).toBeInTheDocument();
    });

    it('shows a VIEWER the documents without upload or changes', async () => {
      partnerApi({ role: 'CONTACT', accessLevel: 'VIEWER' });
      documentsApi();
      renderDetail(['CONTACT']);

      await userEvent.click(await screen.findByRole('tab', { name: 'Documents' }));
      expect(await screen.findByRole('img', { name: 'kvk-uittreksel.pdf' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'View kvk-uittreksel.pdf' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Upload documents' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Browse')).not.toBeInTheDocument();
      expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Archive/ })).not.toBeInTheDocument();
    });
  });

  describe('the KYC tab', () => {
    it("lists the partner's KYC submissions with their status, each linking to its file", async () => {
      partnerApi();
      const requests = mockKycApi({
        submission: submissionJson({ tradePartnerUuid: acmeUuid, status: 'WAITING_FOR_APPROVAL' }),
      }).requests;
      renderDetail(['NT24_EMPLOYEE']);

      await userEvent.click(await screen.findByRole('tab', { name: 'KYC' }));
      const link = await screen.findByRole('link', { name: 'KYC #12' });
      expect(link).toHaveAttribute('href', '/kyc/12');
      const row = link.closest('tr')!;
      expect(within(row).getByText('Waiting for Approval')).toHaveClass('text-bg-secondary');
      expect(within(row).getByText('Eva Jansen')).toBeInTheDocument();
      expect(requests).toEqual([`GET /api/kyc/partner/uuid/${acmeUuid}`]);
    });

    it('is there for an owner too (a contact alone has no KYC access: no tab)', async () => {
      partnerApi({ role: 'OWNER', accessLevel: 'OWNER' });
      renderDetail(['OWNER']);
      expect(await screen.findByRole('tab', { name: 'KYC' })).toBeInTheDocument();
    });
  });
});
