import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { INVALID_LINK_MESSAGE, PENDING_CLAIM_KEY } from '@common/selfservice';
import { mockKycApi, submissionJson } from '../../tests/data/kyc';
import { deVriesTrading, errorBody } from '../../tests/msw-handlers';
import { server } from '../../tests/msw-server';
import { renderApp, stubMatchMedia } from '../../tests/render-app';
import { markToken } from '../../tests/render-with-providers';

const TOKEN = 'k7Qz-9fTq_2mXv8LrB4sNw';
const contact = { ...markToken, roles: ['CONTACT'] };

/** POST .../claim answering `answer`; records the token header and bearer of each call. */
function mockClaim(answer: () => Response) {
  const calls: { token: string | null; order: string[] }[] = [];
  const order: string[] = [];
  server.events.on('request:start', ({ request }) => {
    order.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  server.use(
    http.post('/api/kyc/selfservice/claim', ({ request }) => {
      calls.push({ token: request.headers.get('x-self-service-token'), order: [...order] });
      return answer();
    }),
  );
  return calls;
}

describe('start-up with a self-service link to claim', { timeout: 20_000 }, () => {
  beforeEach(() => {
    stubMatchMedia();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(() => {
    server.events.removeAllListeners();
    window.sessionStorage.clear();
  });

  it('claims the link once the user exists, before onboarding, and lands on the file', async () => {
    window.sessionStorage.setItem(PENDING_CLAIM_KEY, TOKEN);
    mockKycApi({ submission: submissionJson({ status: 'DRAFT' }) });
    const calls = mockClaim(() =>
      HttpResponse.json({
        tradePartnerUuid: deVriesTrading.uuid,
        kycId: 12,
        kycUuid: '7d3e2f1a-4b5c-4d6e-8f70-1a2b3c4d5e6f',
        accessLevel: 'EDITOR',
      }),
    );
    const { router } = await renderApp('/dashboard', contact);

    await waitFor(() => expect(router.state.location.pathname).toBe('/kyc/12'), {
      timeout: 10_000,
    });
    expect(
      await screen.findByText("You now follow De Vries Trading B.V.'s KYC file."),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.token).toBe(TOKEN);
    // After ensure-user, before the company step reads the user's companies.
    const before = calls[0]!.order;
    expect(before).toContain('POST /api/auth/keycloak/ensure-user');
    expect(before.some((call) => call.endsWith('/trade-partners'))).toBe(false);
    expect(window.sessionStorage.getItem(PENDING_CLAIM_KEY)).toBeNull();
  });

  it('says the link is no longer valid when the claim answers 404, and forgets it', async () => {
    window.sessionStorage.setItem(PENDING_CLAIM_KEY, TOKEN);
    const calls = mockClaim(() =>
      HttpResponse.json(errorBody(404, 'Not Found', INVALID_LINK_MESSAGE), { status: 404 }),
    );
    const { router } = await renderApp('/dashboard', contact);

    expect(
      await screen.findByText(
        'The link is no longer valid: no KYC file was added to your account.',
      ),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.sessionStorage.getItem(PENDING_CLAIM_KEY)).toBeNull();
  });

  it("says, in the person's words, why a claim by someone else than the recipient is refused", async () => {
    window.sessionStorage.setItem(PENDING_CLAIM_KEY, TOKEN);
    const calls = mockClaim(() =>
      HttpResponse.json(
        {
          ...errorBody(403, 'Forbidden', 'Not the recipient.'),
          details: { reason: 'notRecipient' },
        },
        { status: 403 },
      ),
    );
    const { router } = await renderApp('/dashboard', contact);

    expect(
      await screen.findByText(
        'This link was sent to another e-mail address. Only its recipient can create an account from it, signed up with that address.',
      ),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.sessionStorage.getItem(PENDING_CLAIM_KEY)).toBeNull();
  });

  it('claims nothing when no link waits', async () => {
    const calls = mockClaim(() => HttpResponse.json({}));
    await renderApp('/dashboard', contact);
    await screen.findByRole('main');
    expect(calls).toHaveLength(0);
  });
});
