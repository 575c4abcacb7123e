import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, signOutFromMenu } from './support/accounts';
import { openInLook, SCHEME_LOOKS, screenShooter } from './support/screens';

const COMPANY = 'Van Dijk Logistics B.V.';
const REASON = 'The director’s passport has expired; upload a valid one.';

/**
 * From the menu to the company's KYC file, as a person would: staff through 'KYC Reviews',
 * partner people through 'KYC' (decision 029).
 */
async function openFile(page: Page, menu = 'KYC Reviews') {
  await page.getByRole('link', { name: menu, exact: true }).click();
  await expect(page.getByRole('heading', { name: menu, level: 1 })).toBeVisible();
  await page.getByRole('row').filter({ hasText: COMPANY }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /^KYC #\d+$/, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: COMPANY, exact: true })).toBeVisible();
}

const step = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('employee completes two steps, manager approves them and rejects one, owner sees the result', async ({
  page,
}) => {
  // The employee reviews: completing a step asks a manager for approval.
  await signIn(page, 'employee');
  await openFile(page);
  for (const name of ['Chamber of Commerce', 'Contacts']) {
    await step(page, name).getByRole('button', { name: 'Complete step' }).click();
    await expect(step(page, name)).toContainText('Waiting for Approval');
  }
  await page.reload();
  await expect(step(page, 'Chamber of Commerce')).toContainText('Waiting for Approval');
  await expect(step(page, 'Contacts')).toContainText('Waiting for Approval');
  // Only managers decide a step.
  await expect(step(page, 'Contacts').getByRole('button', { name: 'Approve step' })).toHaveCount(0);
  await signOutFromMenu(page, 'Eva Jansen');

  // The manager approves both, then rejects one with a reason.
  await signIn(page, 'manager');
  await openFile(page);
  for (const name of ['Chamber of Commerce', 'Contacts']) {
    await step(page, name).getByRole('button', { name: 'Approve step' }).click();
    await expect(step(page, name)).toContainText('Approved');
  }
  await step(page, 'Contacts').getByRole('button', { name: 'Reject step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject step' });
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(REASON);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(step(page, 'Contacts')).toContainText('Rejected');
  await expect(step(page, 'Contacts')).toContainText(REASON);

  // Everything is on record.
  await page.getByRole('tab', { name: 'Status history' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('In review');
  await page.getByRole('tab', { name: 'Comments' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(REASON);
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  const audit = page.getByRole('tabpanel');
  await expect(
    audit
      .getByRole('row')
      .filter({ hasText: 'Eva Jansen' })
      .filter({ hasText: 'Waiting for Approval' }),
  ).toHaveCount(2);
  await expect(
    audit.getByRole('row').filter({ hasText: 'Mark de Vries' }).filter({ hasText: 'Approved' }),
  ).toHaveCount(2);
  await expect(
    audit.getByRole('row').filter({ hasText: 'Mark de Vries' }).filter({ hasText: REASON }),
  ).toHaveCount(1);
  await signOutFromMenu(page, 'Mark de Vries');

  // The owner sees the outcome on the company's own file, and cannot change a step.
  await signIn(page, 'owner');
  await openFile(page, 'KYC');
  await expect(step(page, 'Chamber of Commerce')).toContainText('Approved');
  await expect(step(page, 'Contacts')).toContainText('Rejected');
  await expect(step(page, 'Contacts')).toContainText(REASON);
  for (const action of ['Complete step', 'Approve step', 'Reject step', 'Request changes']) {
    await expect(page.getByRole('button', { name: action })).toHaveCount(0);
  }
  await expect(page.getByRole('tab', { name: 'Audit trail' })).toHaveCount(0);
});

// The KYC screens as a person sees them, kept as test artefacts to look at: each scheme on
// either window, one sign-in for the four.
test('KYC screens, light and dark, desktop and phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'manager');
  for (const look of SCHEME_LOOKS) {
    const shot = screenShooter(page, testInfo, look.colorScheme, look.viewport);
    await openInLook(page, look, '/kyc');
    await expect(page.getByRole('row').filter({ hasText: COMPANY })).toBeVisible();
    await shot('kyc-list');
    await page.getByRole('row').filter({ hasText: COMPANY }).getByRole('link').first().click();
    await expect(step(page, 'Chamber of Commerce')).toBeVisible();
    await shot('kyc-detail');
    await page.getByRole('tab', { name: 'Insights' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await shot('kyc-insights');
  }
});
