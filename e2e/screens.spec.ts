import { expect, test } from './support/test';
import { signIn } from './support/accounts';
import { COLOR_SCHEMES, screenShooter, VIEWPORTS } from './support/screens';

// Screens as a person sees them, kept as test artefacts to look at: light and dark, wide and narrow.
for (const colorScheme of COLOR_SCHEMES) {
  for (const viewport of VIEWPORTS) {
    test(`sign-in, dashboard and partners, ${colorScheme}, ${viewport.name}`, async ({
      page,
    }, testInfo) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(viewport);
      const shot = screenShooter(page, testInfo, colorScheme, viewport);

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
      await shot('sign-in');

      await signIn(page, 'manager');
      // The app's theme is the person's choice (light by default), not the system's.
      if (colorScheme === 'dark') {
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      }
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await shot('dashboard');
      await page.goto('/partners');
      await expect(
        page.getByRole('link', { name: 'Van Dijk Logistics B.V.', exact: true }),
      ).toBeVisible();
      await shot('partners');

      await page.getByRole('link', { name: 'Van Dijk Logistics B.V.', exact: true }).click();
      await page.getByRole('tab', { name: 'Contacts' }).click();
      await expect(page.getByRole('tabpanel')).toContainText('Olivia Smit');
      await shot('partner-contacts');

      if (viewport.name === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
        await shot('menu');
      }
    });
  }
}
