import { expect, test } from './support/test';
import {
  completeProfile,
  createAccount,
  signIn,
  signOutFromMenu,
  uniqueEmail,
} from './support/accounts';

test('an owner invites a contact, who signs up and goes straight to the company', async ({
  page,
}) => {
  const email = uniqueEmail('invited');
  await signIn(page, 'owner');
  await page.goto('/partners');
  await page.getByRole('link', { name: 'Van Dijk Logistics B.V.', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Van Dijk Logistics B.V.' })).toBeVisible();
  await page.getByRole('tab', { name: 'Invitations' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByLabel('Invitation link')).toHaveValue(/^http/);
  await signOutFromMenu(page, 'Olivia Smit');

  await createAccount(page, email, 'Ingrid', 'Vos');
  await expect(page).toHaveURL(/\/settings\/basic-info/);
  await completeProfile(page);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('dialog', { name: 'Set up your company' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your company' })).toContainText(
    'Van Dijk Logistics B.V.',
  );
});

test('manager searching before creating a partner is warned of duplicates', async ({ page }) => {
  await signIn(page, 'manager');
  await page.goto('/partners/new');
  await expect(page.getByRole('heading', { name: 'New Trade Partner' })).toBeVisible();

  await page.getByLabel('CoC number').fill('12345678');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Exact match found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open existing partner' })).toBeVisible();

  // Van Dijk's CoC number with Müller's VAT number: two different companies.
  await page.getByLabel('VAT number').fill('DE812345673');
  await page.getByRole('button', { name: 'Search' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Data conflict' });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(
    'The VAT number and the CoC number point to different companies.',
  );
});
