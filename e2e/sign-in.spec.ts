import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn, signInOnLoginPage } from './support/accounts';

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
