import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { TERMS_VERSION } from '@common/terms';
import { sessionStarted } from '@/session/authSlice';
import { PartnerDetailPage } from '@/features/partners/PartnerDetailPage';
import { PartnersListPage } from '@/features/partners/PartnersListPage';
import { acmeUuid, partnerJson } from '../../../tests/data/partners';
import { server } from '../../../tests/msw-server';
import { makeStore, markToken, renderWithProviders } from '../../../tests/render-with-providers';

const accepted = {
  termsAccepted: true,
  termsAcceptedVersion: TERMS_VERSION,
  termsAcceptedAt: new Date(2026, 10, 26, 14, 5).toISOString(),
  termsAcceptedBy: { id: 5, name: 'Olivia Smit' },
};

/** One partner to read, and the terms calls made for it, answered as accepted. */
function termsApi(overrides: Record<string, unknown>) {
  const bodies: unknown[] = [];
  const partner = partnerJson(overrides);
  server.use(
    http.get('/api/partners/uuid/:uuid', () => HttpResponse.json(partner)),
    http.get('/api/partners', () =>
      HttpResponse.json({ content: [partner], page: 0, size: 20, totalElements: 1, totalPages: 1 }),
    ),
    http.patch('/api/partners/uuid/:uuid/terms', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ ...partner, ...accepted, version: 2 });
    }),
  );
  return bodies;
}

function render(roles: string[], path: string) {
  const store = makeStore();
  store.dispatch(sessionStarted({ ...markToken, roles }));
  const router = createMemoryRouter(
    [
      { path: '/partners', element: <PartnersListPage /> },
      { path: '/partners/:partnerId', element: <PartnerDetailPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, { store });
}

describe('the terms where the badge shows (issue 18, point 1)', { timeout: 20_000 }, () => {
  it("lets an owner read and accept them on the partner's page; the badge follows", async () => {
    const bodies = termsApi({ role: 'OWNER', accessLevel: 'OWNER', isOwner: true });
    render(['OWNER'], `/partners/${acmeUuid}`);
    const u = userEvent.setup();

    expect(await screen.findByText('Terms not accepted', { selector: '.badge' })).toBeVisible();
    await u.click(
      screen.getByRole('button', { name: 'Read and accept the terms of Acme Logistics B.V.' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Terms and conditions of the NT24 Trade Partner Portal',
    });
    expect(within(dialog).getByText('Acme Logistics B.V. has not accepted the terms yet.'));
    expect(await within(dialog).findByRole('heading', { name: 'Personal data' })).toBeVisible();
    expect(
      within(dialog).getByText('Accepting binds Acme Logistics B.V. to these terms.'),
    ).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Accept the terms' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodies).toEqual([{ termsAccepted: true, termsVersion: TERMS_VERSION, version: 1 }]);
    expect(screen.getByText('Terms accepted')).toBeInTheDocument();
    expect(screen.queryByText('Terms not accepted')).not.toBeInTheDocument();
    // Read again, the dialog says who accepted which version when, and offers no accept.
    await u.click(screen.getByRole('button', { name: 'Read the terms of Acme Logistics B.V.' }));
    const again = await screen.findByRole('dialog');
    expect(
      within(again).getByText('Version 1.0 accepted by Olivia Smit on 26.11.2026, 14:05.'),
    ).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: 'Accept the terms' })).toBeNull();
  });

  it('asks again when an older version was accepted', async () => {
    termsApi({
      accessLevel: 'ADMIN',
      termsAcceptedVersion: '0.9',
      termsAcceptedAt: new Date(2025, 0, 2, 3, 4).toISOString(),
      termsAcceptedBy: { id: 5, name: 'Olivia Smit' },
    });
    render(['CONTACT'], `/partners/${acmeUuid}`);
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Read and accept the terms of Acme Logistics B.V.',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Version 0.9 was accepted on 02.01.2025, 03:04. The terms have changed since and must be accepted again.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept the terms' })).toBeInTheDocument();
  });

  it.each([
    ['staff', ['NT24_MANAGER'], {}],
    ['a viewer', ['CONTACT'], { role: 'CONTACT', accessLevel: 'VIEWER' }],
  ])('lets %s read them, saying who accepts, without accepting', async (_who, roles, access) => {
    termsApi(access);
    render(roles, `/partners/${acmeUuid}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Read the terms of Acme Logistics B.V.' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Scope' })).toBeVisible();
    expect(
      within(dialog).getByText(
        'Only the company’s owners and administrators can accept the terms.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Accept the terms' })).toBeNull();
  });

  it('offers the accept in the list to those who may, and the row follows', async () => {
    termsApi({ role: 'OWNER', accessLevel: 'OWNER', isOwner: true });
    render(['OWNER'], '/partners');
    const u = userEvent.setup();
    const row = (await screen.findByRole('link', { name: 'Acme Logistics B.V.' })).closest('tr')!;
    await u.click(
      within(row).getByRole('button', { name: 'Read and accept the terms of Acme Logistics B.V.' }),
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('heading', { name: 'Scope' });
    await u.click(within(dialog).getByRole('button', { name: 'Accept the terms' }));
    await waitFor(() => expect(within(row).getByText('Terms accepted')).toBeInTheDocument());
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('offers no accept in the list to staff', async () => {
    termsApi({});
    render(['NT24_EMPLOYEE'], '/partners');
    const row = (await screen.findByRole('link', { name: 'Acme Logistics B.V.' })).closest('tr')!;
    expect(within(row).getByText('Terms not accepted')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
