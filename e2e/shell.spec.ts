import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn } from './support/accounts';

// The landmark's name is translated ('Hoofdmenu' in Dutch), so find it by its layout marker.
const sidebar = (page: Page) => page.locator('nav[data-layout]');

test.describe('the application shell', () => {
  test('switching to Dutch shows the menu in Dutch, also after a reload', async ({ page }) => {
    await signIn(page, 'manager');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Nederlands' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Handelspartners' })).toBeVisible();

    await page.reload();
    await expect(sidebar(page).getByRole('link', { name: 'Handelspartners' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  });

  test('the dark theme stays after a reload', async ({ page }) => {
    await signIn(page, 'manager');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  });

  test('the horizontal layout puts the menu in the top navigation', async ({ page }) => {
    await signIn(page, 'manager');
    await page.getByRole('button', { name: 'Display settings' }).click();
    await page.getByRole('menuitemradio', { name: 'Horizontal layout' }).click();
    await expect(sidebar(page)).toHaveAttribute('data-layout', 'horizontal');
  });

  test('on a phone the menu opens off-canvas and closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'manager');
    await expect(sidebar(page)).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(sidebar(page)).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar(page)).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(sidebar(page)).toBeHidden();
  });

  test('Document Upload is in the menu for owner, not for manager', async ({ page }) => {
    await signIn(page, 'owner');
    await expect(sidebar(page).getByRole('link', { name: 'Document Upload' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

    await signIn(page, 'manager');
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Document Upload' })).toHaveCount(0);
  });

  test('an API answer 403 shows the Access Denied notice', async ({ page }) => {
    await page.route('**/api/auth/session/info', (route) =>
      route.fulfill({
        status: 403,
        json: {
          statusCode: 403,
          error: 'Forbidden',
          message: 'You do not have permission to access this resource.',
        },
      }),
    );
    await signIn(page, 'partner');
    const notice = page.getByRole('alert').filter({ hasText: 'Access Denied' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('You do not have permission to access this resource.');
  });

  for (const [username, address] of [
    ['contact', '/kyc'],
    ['partner', '/partners/new'],
    ['partner', '/passport'],
  ] as const) {
    test(`${username} opening ${address} is sent to the dashboard and told why`, async ({
      page,
    }) => {
      await signIn(page, username);
      await page.goto(address);
      await expect(page).toHaveURL(/\/dashboard$/);
      const notice = page.getByRole('alert').filter({ hasText: 'Access Denied' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('You do not have permission to access this resource.');
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`the shell has no serious accessibility problem (${theme})`, async ({ page }) => {
      await signIn(page, 'manager');
      if (theme === 'dark')
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
    });
  }
});
