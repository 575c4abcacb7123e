import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts';

// Screens as a person sees them, kept as test artefacts to look at: light and dark, wide and narrow.
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    test(`sign-in, dashboard and partners, ${colorScheme}, ${viewport.name}`, async ({ page }, testInfo) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(viewport);
      const shot = async (screen: string) => {
        // Theme changes and the off-canvas menu animate: take the picture once they have settled.
        await page.waitForFunction(() =>
          document.getAnimations().every((animation) => animation.playState !== 'running'),
        );
        const path = testInfo.outputPath(`${screen}-${colorScheme}-${viewport.name}.png`);
        await page.screenshot({ path, fullPage: true });
      };

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
      await expect(page.getByRole('link', { name: 'Van Dijk Logistics B.V.' })).toBeVisible();
      await shot('partners');

      await page.getByRole('link', { name: 'Van Dijk Logistics B.V.' }).click();
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
