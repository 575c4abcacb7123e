import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { tradePartnerSchema } from '@common/partners';
import { KycDetailPage } from '@/features/kyc/KycDetailPage';
import { ShareLinkButton } from '@/features/kyc/links/ShareLinkDialog';
import { fetchKycLinks, selectKycLinks } from '@/features/kyc/links/kycLinksSlice';
import { linkJson, mockLinksApi } from '@/features/kyc/links/testData';
import { sessionStarted } from '@/session/authSlice';
import { loadUserTradePartners } from '@/session/tradePartnerSlice';
import { fetchUser } from '@/session/userSlice';
import { mockKycApi, partnerUuid, refusal, submissionJson } from '../../../../tests/data/kyc';
import { partnerJson } from '../../../../tests/data/partners';
import { markDeVries } from '../../../../tests/msw-handlers';
import { makeStore, markToken, renderWithProviders } from '../../../../tests/render-with-providers';

interface Person {
  roles: string[];
  /** Their level in the file's company, for partner people. */
  accessLevel?: string;
}

const manager: Person = { roles: ['NT24_MANAGER'] };
const employee: Person = { roles: ['NT24_EMPLOYEE'] };
const owner: Person = { roles: ['OWNER'], accessLevel: 'OWNER' };
const admin: Person = { roles: ['NT24_TRADE_PARTNER'], accessLevel: 'ADMIN' };
const editor: Person = { roles: ['NT24_TRADE_PARTNER'], accessLevel: 'EDITOR' };

function renderFile(person: Person, status: string) {
  mockKycApi({ submission: submissionJson({ status }) });
  mockLinksApi();
  const store = makeStore();
  store.dispatch(sessionStarted({ ...markToken, roles: person.roles }));
  store.dispatch(fetchUser.fulfilled({ ...markDeVries, id: 30, roles: person.roles }, 't', 'kc'));
  if (person.accessLevel) {
    const partner = tradePartnerSchema.parse(
      partnerJson({ uuid: partnerUuid, role: 'OWNER', accessLevel: person.accessLevel }),
    );
    store.dispatch(loadUserTradePartners.fulfilled([partner], 't'));
  }
  const router = createMemoryRouter([{ path: '/kyc/:kycId', element: <KycDetailPage /> }], {
    initialEntries: ['/kyc/12'],
  });
  renderWithProviders(<RouterProvider router={router} />, { store });
}

const shareButton = () => screen.queryByRole('button', { name: 'Share self-service link' });
const linksTab = () => screen.queryByRole('tab', { name: 'Self-service links' });

describe("the file's 'Share self-service link'", () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it.each([
    ['a manager', manager, 'DRAFT'],
    ['an employee', employee, 'CHANGES_REQUESTED'],
    ["the company's owner", owner, 'DRAFT'],
    ["the company's admin", admin, 'CHANGES_REQUESTED'],
  ])('is offered to %s while the file is %s', async (_who, person, status) => {
    renderFile(person, status);
    await screen.findByRole('heading', { level: 1, name: 'KYC #12' });
    expect(shareButton()).toBeInTheDocument();
    expect(linksTab()).toBeInTheDocument();
  });

  it.each(['SUBMITTED', 'IN_REVIEW', 'APPROVED'])(
    'is not offered while the file is %s, but the links are listed',
    async (status) => {
      renderFile(manager, status);
      await screen.findByRole('heading', { level: 1, name: 'KYC #12' });
      expect(shareButton()).not.toBeInTheDocument();
      expect(linksTab()).toBeInTheDocument();
    },
  );

  it('is not offered to an editor of the company, nor are the links shown', async () => {
    renderFile(editor, 'DRAFT');
    await screen.findByRole('heading', { level: 1, name: 'KYC #12' });
    expect(shareButton()).not.toBeInTheDocument();
    expect(linksTab()).not.toBeInTheDocument();
  });
});

async function openDialog() {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<ShareLinkButton kycId={12} />);
  await user.click(screen.getByRole('button', { name: 'Share self-service link' }));
  return { user, store, dialog: screen.getByRole('dialog', { name: 'Share a self-service link' }) };
}

describe('ShareLinkDialog', () => {
  it("lets the recipient's link make an account, at the level chosen", async () => {
    const api = mockLinksApi();
    const { user, dialog } = await openDialog();
    await user.type(
      within(dialog).getByRole('textbox', { name: "Recipient's e-mail (optional)" }),
      'finance@vandijk.example',
    );
    const account = within(dialog).getByRole('checkbox', {
      name: 'Let the recipient create an account from the link',
    });
    expect(account).toBeEnabled();
    expect(account).toBeChecked();
    const level = within(dialog).getByRole('combobox', {
      name: 'Their access level in the company',
    });
    expect(level).toHaveValue('EDITOR');
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Admin', 'Editor', 'Viewer']);
    await user.selectOptions(level, 'VIEWER');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    await screen.findByRole('dialog', { name: 'Self-service link #9' });
    expect(api.bodies).toEqual([
      expect.objectContaining({
        recipientEmail: 'finance@vandijk.example',
        allowAccount: true,
        accessLevel: 'VIEWER',
      }),
    ]);
  });

  it('makes a link and shows its URL once, with a way to copy it', async () => {
    const api = mockLinksApi();
    const { user, store, dialog } = await openDialog();
    // The list was read before: the new link joins it.
    await store.dispatch(fetchKycLinks({ kycId: 12 }));

    expect(
      within(dialog).getByRole('combobox', { name: 'Language the page opens in' }),
    ).toHaveValue('en');
    const days = within(dialog).getByRole('spinbutton', { name: 'Valid for (days)' });
    expect(days).toHaveValue(14);
    expect(days).toHaveAccessibleDescription(/^The link ends on \d{2}\.\d{2}\.\d{4}\.$/);
    // Made for nobody in particular, a link makes no account (decision 041).
    const account = within(dialog).getByRole('checkbox', {
      name: 'Let the recipient create an account from the link',
    });
    expect(account).not.toBeChecked();
    expect(account).toBeDisabled();
    expect(account).toHaveAccessibleDescription(
      "An account can only be created from a link made for a recipient's e-mail address.",
    );
    expect(
      within(dialog).queryByRole('combobox', { name: 'Their access level in the company' }),
    ).toBeNull();

    await user.type(
      within(dialog).getByRole('textbox', { name: "Recipient's name (optional)" }),
      ' Anna de Boer ',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Language the page opens in' }),
      'de',
    );
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const created = await screen.findByRole('dialog', { name: 'Self-service link #9' });
    expect(api.bodies).toEqual([
      { recipientName: 'Anna de Boer', language: 'de', expiresInDays: 7, allowAccount: false },
    ]);
    expect(within(created).getByRole('textbox', { name: 'Link' })).toHaveValue(
      '/kyc/selfservice/tok-secret',
    );
    expect(
      within(created).getByText('The link was not e-mailed: pass it on to the recipient yourself.'),
    ).toBeInTheDocument();
    expect(within(created).getByText(/it cannot be shown again/)).toBeInTheDocument();

    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(created).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('/kyc/selfservice/tok-secret');
    expect(within(created).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // The list has the link, but not its token.
    const listed = selectKycLinks(store.getState(), 12)?.data[0];
    expect(listed).toMatchObject({ id: 9, state: 'active' });
    expect(JSON.stringify(store.getState())).not.toContain('tok-secret');

    // Closed, it is gone: opened again, the dialog asks anew.
    await user.click(within(created).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Share self-service link' }));
    const again = await screen.findByRole('dialog', { name: 'Share a self-service link' });
    expect(within(again).queryByRole('textbox', { name: 'Link' })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('/kyc/selfservice/tok-secret')).not.toBeInTheDocument();
  });

  it('says when the link was e-mailed', async () => {
    mockLinksApi({
      createAnswer: () =>
        HttpResponse.json(
          {
            ...linkJson(9, 'active', { recipientName: null }),
            token: 'tok-secret',
            url: 'http://localhost/kyc/selfservice/tok-secret',
            mailed: true,
          },
          { status: 201 },
        ),
    });
    const { user, dialog } = await openDialog();
    await user.type(
      within(dialog).getByRole('textbox', { name: "Recipient's e-mail (optional)" }),
      'finance@vandijk.example',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(
      await screen.findByText('The link was e-mailed to finance@vandijk.example.'),
    ).toBeInTheDocument();
  });

  it('checks the e-mail address and the days before asking', async () => {
    const api = mockLinksApi();
    const { user, dialog } = await openDialog();
    const email = within(dialog).getByRole('textbox', { name: "Recipient's e-mail (optional)" });
    await user.type(email, 'not-an-address');
    const days = within(dialog).getByRole('spinbutton', { name: 'Valid for (days)' });
    await user.clear(days);
    await user.type(days, '31');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    expect(email).toHaveAccessibleDescription(/Enter a valid e-mail address\./);
    expect(email).toHaveFocus();
    expect(days).toHaveAccessibleDescription('Enter a whole number of days from 1 to 30.');
    expect(api.bodies).toEqual([]);
  });

  it("shows the server's field problems next to their fields (400)", async () => {
    mockLinksApi({
      createAnswer: () =>
        refusal(400, 'Invalid request', [
          { field: 'body.recipientName', message: 'Too big: expected at most 200 characters' },
        ]),
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const name = within(dialog).getByRole('textbox', { name: "Recipient's name (optional)" });
    expect(
      await within(dialog).findByText('Too big: expected at most 200 characters'),
    ).toBeVisible();
    expect(name).toHaveAccessibleDescription('Too big: expected at most 200 characters');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the file is no longer with the company (409)', async () => {
    mockLinksApi({
      createAnswer: () => refusal(409, 'The file is not with the partner'),
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A link can only be shared while the file is with the company (Draft or Changes requested).',
    );
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeEnabled();
  });
});
