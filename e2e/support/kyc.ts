import { expect, type Page } from '@playwright/test';

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
