import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { KYC_STEP_TYPES } from '@common/kyc';
import { fileProgress, type StepProgressInput } from '@common/kyc-progress';
import type { RootState } from '@/app/store';
import { sessionStarted } from '@/session/authSlice';
import { DashboardPage } from '@/features/dashboard/DashboardPage';
import { kycCompanyCard } from '@/features/kyc/submissions/KycCompanyCard';
import { submissionJson } from '../../../tests/data/kyc';
import { loadUserTradePartners } from '@/session/tradePartnerSlice';
import { fetchUser } from '@/session/userSlice';
import { deVriesTrading, markDeVries } from '../../../tests/msw-handlers';
import { server } from '../../../tests/msw-server';
import {
  fakeAuth,
  makeStore,
  markToken,
  renderWithProviders,
} from '../../../tests/render-with-providers';

/** A store as the app has it once start-up is done: signed in, user record loaded. */
async function readyStore(token = markToken, extra = { auth: fakeAuth() }) {
  const store = makeStore(undefined, extra);
  store.dispatch(sessionStarted(token));
  await store.dispatch(fetchUser(token.identityId));
  return store;
}

describe('DashboardPage', () => {
  it('greets the user by name and shows the primary role, the e-mail and Sign out', async () => {
    renderWithProviders(<DashboardPage companyCards={[kycCompanyCard]} />, {
      store: await readyStore(),
      route: '/dashboard',
    });

    expect(screen.getByRole('heading', { name: 'Welcome, Mark de Vries' })).toBeInTheDocument();
    expect(screen.getByText('Manager')).toBeInTheDocument();
    expect(screen.getByText(markDeVries.email!)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('signs out through the identity provider and resets the state', async () => {
    const auth = fakeAuth();
    const store = await readyStore(markToken, { auth });
    renderWithProviders(<DashboardPage companyCards={[kycCompanyCard]} />, {
      store,
      route: '/dashboard',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(auth.logout).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.authenticated).toBe(false);
    expect(store.getState().user.user).toBeNull();
  });

  it("falls back to the token's names, then the username, and shows 'No Role'", () => {
    const preloaded = (auth: Partial<RootState['auth']>) => ({
      auth: { ...makeStore().getState().auth, authenticated: true, ...auth },
    });

    const { unmount } = renderWithProviders(<DashboardPage companyCards={[kycCompanyCard]} />, {
      route: '/dashboard',
      preloadedState: preloaded({
        givenName: 'Anna',
        familyName: 'Jansen',
        username: 'anna',
        roles: ['OWNER'],
      }),
    });
    expect(screen.getByRole('heading', { name: 'Welcome, Anna Jansen' })).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();
    unmount();

    renderWithProviders(<DashboardPage companyCards={[kycCompanyCard]} />, {
      route: '/dashboard',
      preloadedState: preloaded({ username: 'anna', roles: [] }),
    });
    expect(screen.getByRole('heading', { name: 'Welcome, anna' })).toBeInTheDocument();
    expect(screen.getByText('No Role')).toBeInTheDocument();
    expect(screen.getByText('Not provided')).toBeInTheDocument();
  });

  it("shows a partner user's current company with a link to the company information", async () => {
    server.use(http.get('/api/kyc/partner/uuid/:uuid', () => HttpResponse.json([])));
    const store = await readyStore({ ...markToken, roles: ['OWNER'] });
    await store.dispatch(loadUserTradePartners());
    renderWithProviders(<DashboardPage companyCards={[kycCompanyCard]} />, {
      store,
      route: '/dashboard',
    });

    const card = screen.getByRole('region', { name: 'Your company' });
    expect(card).toHaveTextContent(deVriesTrading.name);
    expect(screen.getByRole('link', { name: 'Company information' })).toHaveAttribute(
      'href',
      '/settings/company-info',
    );
    expect(screen.getByRole('heading', { name: 'Welcome, Mark de Vries' })).toBeInTheDocument();
  });

  it('offers a partner user without a company to set one up; staff see no company card', async () => {
    server.use(http.get('/api/users/uuid/:uuid/trade-partners', () => HttpResponse.json([])));
    const store = await readyStore({ ...markToken, roles: ['NT24_TRADE_PARTNER'] });
    await store.dispatch(loadUserTradePartners());
    const { unmount } = renderWithProviders(<DashboardPage companyCards={[kycCompanyCard]} />, {
      store,
      route: '/dashboard',
    });
    expect(screen.getByRole('region', { name: 'Your company' })).toHaveTextContent(
      'No company yet',
    );
    expect(screen.getByRole('link', { name: 'Set up your company' })).toBeInTheDocument();
    unmount();

    renderWithProviders(<DashboardPage companyCards={[kycCompanyCard]} />, {
      store: await readyStore(),
      route: '/dashboard',
    });
    expect(screen.queryByRole('region', { name: 'Your company' })).not.toBeInTheDocument();
  });

  describe('KYC cards of a partner user', () => {
    /** Mark as the owner of his company, whose KYC files are `files`. */
    async function renderOwner(files: unknown[]) {
      server.use(http.get('/api/kyc/partner/uuid/:uuid', () => HttpResponse.json(files)));
      const store = await readyStore({ ...markToken, roles: ['OWNER'] });
      await store.dispatch(loadUserTradePartners());
      renderWithProviders(<DashboardPage companyCards={[kycCompanyCard]} />, {
        store,
        route: '/dashboard',
      });
      return screen.findByRole('region', { name: `KYC: ${deVriesTrading.name}` });
    }

    it('shows the latest file with its status, progress and the way to continue', async () => {
      const steps = KYC_STEP_TYPES.map((stepType) => ({
        stepType,
        status: stepType === 'coc' ? 'IN_PROGRESS' : 'PENDING',
      }));
      // As the server counts it (decision 029): coc saved and complete, the rest not started.
      const missing = ['contacts', 'addresses', 'bank-and-vat', 'cdd'].map((stepType) => ({
        stepType,
        kind: 'field',
      }));
      const card = await renderOwner([
        submissionJson({
          id: 12,
          status: 'DRAFT',
          tradePartnerUuid: deVriesTrading.uuid,
          steps,
          progress: fileProgress('DRAFT', steps as StepProgressInput[], missing),
        }),
      ]);

      expect(await within(card).findByText('1 of 6 steps complete')).toBeInTheDocument();
      expect(within(card).getByText('KYC #12')).toBeInTheDocument();
      expect(within(card).getByText('Draft')).toBeInTheDocument();
      expect(within(card).getByRole('progressbar', { name: 'KYC steps complete' })).toHaveAttribute(
        'aria-valuenow',
        '1',
      );
      expect(within(card).getByRole('link', { name: 'Continue' })).toHaveAttribute(
        'href',
        '/kyc/12',
      );
      expect(
        within(card).queryByRole('button', { name: 'Start KYC file' }),
      ).not.toBeInTheDocument();
    });

    it('shows an approved file as six of six, with no new file beside it', async () => {
      const steps = KYC_STEP_TYPES.map((stepType) => ({ stepType, status: 'APPROVED' }));
      const card = await renderOwner([submissionJson({ id: 9, status: 'APPROVED', steps })]);
      expect(await within(card).findByText('6 of 6 steps complete')).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/kyc/9');
      expect(within(card).queryByRole('button', { name: 'Start KYC file' })).toBeNull();
    });

    it('offers a new file beside a rejected one', async () => {
      const card = await renderOwner([submissionJson({ id: 9, status: 'REJECTED' })]);
      expect(await within(card).findByRole('button', { name: 'Start KYC file' })).toBeVisible();
    });

    it('offers to start the first file', async () => {
      const card = await renderOwner([]);
      expect(
        await within(card).findByText('This company has no KYC file yet.'),
      ).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Start KYC file' })).toBeInTheDocument();
    });
  });
});
