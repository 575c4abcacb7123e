import { expect, type Page } from '@playwright/test';
import { signIn, signOutFromMenu } from './accounts';

/** A step of the open KYC file, by its title. */
export const step = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A reviewer opens the company's file in `status` from the review list. */
export async function openAsReviewer(page: Page, company: string, status: string) {
  await page.getByRole('link', { name: 'KYC Reviews' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: company })
    .filter({ hasText: status })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^KYC #\d+$/, level: 1 })).toBeVisible();
}

/**
 * A move of the file through its dialog, with a comment where one is given; the file is
 * declared compliant where the dialog asks.
 */
export async function move(page: Page, action: string, comment?: string) {
  await page.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog');
  if (comment) await dialog.getByRole('textbox', { name: 'Comment' }).fill(comment);
  const compliant = dialog.getByLabel('The file is compliant');
  if (await compliant.count()) await compliant.check();
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * A new KYC file for `company`, started by a manager from the company's KYC tab: beside an
 * approved file only staff may start one (decision 029). Leaves the manager signed out.
 */
export async function startFileAsStaff(page: Page, company: string) {
  await signIn(page, 'manager');
  await page.goto('/partners');
  await page.getByRole('link', { name: company, exact: true }).click();
  await page.getByRole('tab', { name: 'KYC' }).click();
  await page.getByRole('button', { name: 'Start KYC file' }).click();
  await expect(page).toHaveURL(/\/kyc\/\d+$/);
  await signOutFromMenu(page, 'Mark de Vries');
}
