import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, signInOnLoginPage } from './support/accounts';

// SPEC sections 8 and 9 (issue 18, points 14 and 15): the route progress bar while a page's
// data loads, and the authentication notices where their situation arises. The account_locked
// notice has its journey in sign-in.spec.ts (five wrong passwords).

const TOKEN_ENDPOINT = '**/realms/nt24/protocol/openid-connect/token';
const sidebar = (page: Page) => page.locator('nav[data-layout]');
const toast = (page: Page, title: string) =>
  page.locator('.toast').filter({ has: page.getByText(title, { exact: true }) });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isPartnerList = (request: Request) => new URL(request.url()).pathname === '/api/partners';

test.describe('the route progress bar', () => {
  test('runs while a page waits for its data from a slow API', async ({ page }) => {
    await signIn(page, 'manager');
    // Every API answer takes 1.5 s; halfway through the partner list's, is the bar there?
    const barWhileLoading: boolean[] = [];
    await page.route('**/api/**', async (route) => {
      await wait(750);
      if (isPartnerList(route.request())) {
        barWhileLoading.push(await page.locator('#nprogress .bar').isVisible());
      }
      await wait(750);
      await route.fallback();
    });

    await sidebar(page).getByRole('link', { name: 'Trade Partners' }).click();

    await expect(
      page.getByRole('link', { name: 'Van Dijk Logistics B.V.', exact: true }),
    ).toBeVisible();
    expect(barWhileLoading).toEqual([true]);
    // Once the data is there, the bar goes.
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });
});

test.describe('the authentication notices', () => {
  test('a token that times out is refreshed, and the user is told both', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'manager');

    // Past the access token's 5 minutes: keycloak-js reports it expired.
    await page.clock.fastForward('05:10');

    const timeout = toast(page, 'Session Timeout');
    await expect(timeout).toContainText('Your session has timed out. Attempting to refresh...');
    // On screen, not somewhere below the page.
    await expect(timeout).toBeInViewport();
    await expect(toast(page, 'Session Refreshed')).toContainText(
      'Your session has been successfully refreshed.',
    );
    await expect(page.getByRole('heading', { name: 'Welcome, Mark de Vries' })).toBeVisible();
  });

  test('a refresh the identity provider refuses says the session expired, then signs in again', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, 'manager');
    await page.route(TOKEN_ENDPOINT, (route) =>
      route.fulfill({ status: 400, json: { error: 'invalid_grant' } }),
    );
    const signInAgain = page.waitForRequest(/\/realms\/nt24\/protocol\/openid-connect\/auth/);

    // The scheduled refresh, at 70 % of the token's 5 minutes.
    await page.clock.fastForward('03:40');

    await expect(toast(page, 'Session Expired')).toContainText(
      'Your session has expired. Please log in again.',
    );
    await page.unroute(TOKEN_ENDPOINT);
    await signInAgain;
  });

  test("an API call's failed refresh says so, then signs in again", async ({ page }) => {
    await signIn(page, 'manager');
    await page.route(TOKEN_ENDPOINT, (route) =>
      route.fulfill({ status: 503, json: { error: 'temporarily_unavailable' } }),
    );
    // The server no longer takes the token.
    await page.route(
      (url) => url.pathname === '/api/partners',
      (route) => route.fulfill({ status: 401, json: { statusCode: 401, message: 'expired' } }),
    );
    const signInAgain = page.waitForRequest(/\/realms\/nt24\/protocol\/openid-connect\/auth/);

    await sidebar(page).getByRole('link', { name: 'Trade Partners' }).click();

    await expect(toast(page, 'Authentication Refresh Failed')).toContainText(
      'Unable to refresh your session. You will be redirected to the login page.',
    );
    await page.unrouteAll();
    await signInAgain;
    await expect(page).toHaveURL(/\/partners$/);
  });

  test('an identity provider out of reach gives the network error, which stays', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, 'manager');
    await page.route(TOKEN_ENDPOINT, (route) => route.abort('internetdisconnected'));

    await page.clock.fastForward('03:40');

    const notice = toast(page, 'Network Error');
    await expect(notice).toContainText(
      'Unable to connect to the authentication server. Please check your internet connection.',
    );
    // SPEC section 8: it does not close by itself (errors otherwise close after 10 s).
    await page.clock.fastForward('00:15');
    await expect(notice).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a wrong password gives the Invalid Credentials notice on the sign-in page', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await signInOnLoginPage(page, 'employee', 'not-the-password');

    const notice = page.getByRole('alert');
    await expect(notice).toContainText('Invalid Credentials');
    await expect(notice).toContainText('The username or password you entered is incorrect.');
  });
});
