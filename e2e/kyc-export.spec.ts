import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, signOutFromMenu } from './support/accounts';
import { photo } from './support/files';
import { openInLook, SCHEME_LOOKS, screenShooter, type Look } from './support/screens';

const COMPANY = 'Van Dijk Logistics B.V.';
const PHOTO = 'loading-dock.jpg';

/** The manager opens the company's file from the review list, loaded in `look` if one is given. */
async function openFile(page: Page, look?: Look) {
  if (look) await openInLook(page, look, '/kyc');
  else await page.goto('/kyc');
  await page.getByRole('row').filter({ hasText: COMPANY }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /^KYC #\d+$/, level: 1 })).toBeVisible();
}

test('manager exports a file with thumbnails, watches the progress, and the PDF opens', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // The company has a document to show as a thumbnail.
  await signIn(page, 'owner');
  await page.getByRole('link', { name: 'Document Upload' }).click();
  await page.getByLabel('Document type').selectOption({ label: 'Photo' });
  await page
    .getByLabel('Browse')
    .setInputFiles({ name: PHOTO, mimeType: 'image/jpeg', buffer: await photo() });
  await expect(
    page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: PHOTO }),
  ).toContainText('Uploaded');
  await signOutFromMenu(page, 'Olivia Smit');

  await signIn(page, 'manager');
  await openFile(page);
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Include the audit trail')).toBeChecked();
  await expect(dialog.getByLabel('Include document thumbnails')).toBeChecked();
  await expect(dialog.getByLabel('Append the full documents')).not.toBeChecked();
  await expect(dialog.getByLabel('File name')).toHaveValue(/^kyc-submission-\d+\.pdf$/);
  const filename = await dialog.getByLabel('File name').inputValue();

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  // The bar has no width at 0 %: it is there, and the stage under it says what is happening.
  await expect(dialog.getByRole('progressbar', { name: 'Export progress' })).toBeAttached();
  await expect(dialog.getByRole('status')).toHaveText(
    /Starting the export|Waiting in the queue|Collecting the file|Drawing thumbnails|Laying out the pages|Finishing|Done/,
  );
  const file = await download;
  expect(file.suggestedFilename()).toBe(filename);
  await expect(dialog).toContainText('The PDF has been downloaded.');

  // The PDF opens: its first page, drawn by poppler, is kept to look at.
  const pdfPath = testInfo.outputPath(filename);
  await file.saveAs(pdfPath);
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  const pngBase = testInfo.outputPath('page');
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfPath,
    pngBase,
  ]);
  expect(fs.statSync(`${pngBase}.png`).size).toBeGreaterThan(10_000);
  const text = execFileSync('pdftotext', [pdfPath, '-']).toString();
  expect(text).toContain(COMPANY);
  expect(text).toContain(PHOTO);
});

// The export dialog as staff see it, kept as test artefacts to look at: each scheme on either
// window, one sign-in for the four.
test('KYC export dialog, light and dark, desktop and phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'manager');
  for (const look of SCHEME_LOOKS) {
    const shot = screenShooter(page, testInfo, look.colorScheme, look.viewport);
    await openFile(page, look);
    await page.getByRole('button', { name: 'Export PDF' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot('kyc-export-dialog', false);
    const download = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('button', { name: 'Export' }).click();
    await download;
    await expect(page.getByRole('dialog')).toContainText('The PDF has been downloaded.');
    await shot('kyc-export-done', false);
  }
});
