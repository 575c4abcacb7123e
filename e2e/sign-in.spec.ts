import { expect, test } from './support/test';
import {
  ACCOUNTS,
  createAccount,
  signIn,
  signInOnLoginPage,
  uniqueEmail,
} from './support/accounts';

test.describe('signing in through single sign-on', () => {
  for (const account of ACCOUNTS) {
    test(`${account.username} sees their name and primary role`, async ({ page }) => {
      await signIn(page, account.username);
      await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();
      await expect(page.getByText(account.role, { exact: true })).toBeVisible();
      await expect(page).toHaveTitle('Dashboard | NT24');
    });
  }

  test('a wrong password is refused with a clear message', async ({ page }) => {
    await page.goto('/dashboard');
    await signInOnLoginPage(page, 'manager', 'not-the-password');
    await expect(
      page.getByText('The username or password you entered is incorrect.'),
    ).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('manager');
  });

  test('five wrong passwords lock the account for a while, with the Account Locked notice', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('locked');
    const registration = await browser.newContext();
    await createAccount(await registration.newPage(), email, 'Lena', 'Locked');
    await registration.close();

    await page.goto('/dashboard');
    for (let attempt = 1; attempt < 5; attempt++) {
      await signInOnLoginPage(page, email, `wrong-${attempt}`);
      await expect(
        page.getByText('The username or password you entered is incorrect.'),
      ).toBeVisible();
    }
    await signInOnLoginPage(page, email, 'wrong-5');
    const notice = page.getByRole('alert');
    await expect(notice).toContainText('Account Locked');
    await expect(notice).toContainText('Your account has been locked. Please contact support.');
    await expect(notice).toContainText('You can also try again in 30 seconds.');

    // Even the right password waits for the lock to end.
    await signInOnLoginPage(page, email, 'a-long-password');
    await expect(page.getByRole('alert')).toContainText('Account Locked');
    await expect(page).toHaveURL(/\/realms\/nt24\//);
  });

  test('opening /dashboard signed out goes to sign-in and comes back', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/realms\/nt24\//);
    await signInOnLoginPage(page, 'employee');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Eva Jansen' })).toBeVisible();
  });

  test('signing out ends the session and the back button does not get you in', async ({ page }) => {
    await signIn(page, 'owner');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  });
});
