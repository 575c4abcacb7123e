import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { minimalPdf } from '../server/src/testing/minimal-pdf';
import { signIn, signOutFromMenu } from './support/accounts';
import { photo } from './support/files';
import {
  DEFAULT_LOOK,
  openInLook,
  SCHEME_LOOKS,
  screenShooter,
  VIEWPORTS,
  type Look,
} from './support/screens';

const PDF = 'coc-extract.pdf';
const PHOTO = 'warehouse.jpg';

/** Waits until the image has loaded and has pixels: a thumbnail the browser could draw. */
async function expectDrawn(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

async function upload(
  page: Page,
  type: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByLabel('Document type').selectOption({ label: type });
  await page.getByLabel('Browse').setInputFiles(file);
  const item = page
    .getByRole('list', { name: 'Files' })
    .getByRole('listitem')
    .filter({ hasText: file.name });
  await expect(item).toContainText('Uploaded');
}

test('an owner uploads a PDF and a photo, views the PDF and archives the photo; the manager sees the PDF', async ({
  page,
}) => {
  await signIn(page, 'owner');
  await page.getByRole('link', { name: 'Document Upload' }).click();
  await expect(page.getByRole('heading', { name: 'Document Upload', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Belongs to')).toHaveValue(/.+/);

  await upload(page, 'Chamber of Commerce extract', {
    name: PDF,
    mimeType: 'application/pdf',
    buffer: minimalPdf('Van Dijk Logistics B.V. - extract from the trade register'),
  });
  await upload(page, 'Photo', { name: PHOTO, mimeType: 'image/jpeg', buffer: await photo() });

  // Both in the company's list, each with a thumbnail the server rendered.
  await expectDrawn(page.getByRole('img', { name: PDF }));
  await expectDrawn(page.getByRole('img', { name: PHOTO }));

  // The PDF opens in the viewer, drawn by pdf.js under its name (decision 031).
  await page.getByRole('button', { name: `View ${PDF}` }).click();
  const viewer = page.getByRole('dialog', { name: PDF });
  await expect(viewer).toBeVisible();
  const pages = viewer.getByRole('document', { name: PDF });
  await expect(pages.getByRole('img', { name: `${PDF}, page 1 of 1` })).toHaveAttribute(
    'data-rendered',
    'true',
    { timeout: 30_000 },
  );
  const download = viewer.getByRole('link', { name: 'Download' });
  await expect(download).toHaveAttribute('href', /disposition=attachment/);
  const saved = await page.request.get((await download.getAttribute('href'))!);
  expect(saved.status()).toBe(200);
  expect(saved.headers()['content-type']).toBe('application/pdf');
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await expect(viewer).toHaveCount(0);

  // Archiving the photo takes it off the list.
  await page.getByRole('button', { name: `Archive ${PHOTO}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive document?' });
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('img', { name: PHOTO })).toHaveCount(0);
  await expect(page.getByRole('img', { name: PDF })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: PDF })).toBeVisible();
  await expect(page.getByRole('img', { name: PHOTO })).toHaveCount(0);
  await signOutFromMenu(page, 'Olivia Smit');

  // Staff see the PDF on the company's Documents tab.
  await signIn(page, 'manager');
  await page.goto('/partners');
  await page.getByRole('link', { name: 'Van Dijk Logistics B.V.', exact: true }).click();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expectDrawn(page.getByRole('tabpanel').getByRole('img', { name: PDF }));
  await expect(page.getByRole('tabpanel').getByRole('img', { name: PHOTO })).toHaveCount(0);
});

/**
 * Every scheme, window and language pair of Document Upload in French and English (decision
 * 035's screens); the last is the default look.
 */
const FRENCH_PAIRWISE: readonly Look<string>[] = [
  { language: 'fr', colorScheme: 'dark', viewport: VIEWPORTS[0] },
  { language: 'fr', colorScheme: 'light', viewport: VIEWPORTS[1] },
  { language: 'en', colorScheme: 'dark', viewport: VIEWPORTS[1] },
  DEFAULT_LOOK,
];

test('a contact finds neither the passports nor the invoice on Document Upload (issue 31)', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const passport = 'passport-director.pdf';
  const invoice = 'invoice-2026-0042.pdf';
  const note = 'opening-hours.jpg';
  await signIn(page, 'owner');
  await page.getByRole('link', { name: 'Document Upload' }).click();
  await expect(page.getByLabel('Belongs to')).toHaveValue(/.+/);
  await upload(page, 'Identity document', {
    name: passport,
    mimeType: 'application/pdf',
    buffer: minimalPdf('Passport - Olivia Smit'),
  });
  await upload(page, 'Invoice', {
    name: invoice,
    mimeType: 'application/pdf',
    buffer: minimalPdf('Invoice 2026-0042 - EUR 12,400.00'),
  });
  await upload(page, 'Other', { name: note, mimeType: 'image/jpeg', buffer: await photo() });
  // The passport is evidence of Van Dijk's file, which is in review: the owner may view it, not
  // archive or retype it; the invoice is theirs to archive.
  await expect(page.getByRole('button', { name: `View ${passport}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Archive ${passport}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Archive ${invoice}` })).toBeVisible();
  for (const look of FRENCH_PAIRWISE) {
    await openInLook(page, look, '/documents/upload');
    await expectDrawn(page.getByRole('img', { name: passport }));
    await expectDrawn(page.getByRole('img', { name: invoice }));
    await screenShooter(
      page,
      testInfo,
      look.colorScheme,
      look.viewport,
    )(`documents-upload-owner-${look.language}`);
  }
  await signOutFromMenu(page, 'Olivia Smit');

  // The contact (an EDITOR of Van Dijk, no KYC access, no financials) sees the note only.
  await signIn(page, 'contact');
  await page.getByRole('link', { name: 'Document Upload' }).click();
  await expect(page.getByRole('heading', { name: 'Document Upload', level: 1 })).toBeVisible();
  await expectDrawn(page.getByRole('img', { name: note }));
  await expect(page.getByRole('img', { name: passport })).toHaveCount(0);
  await expect(page.getByRole('img', { name: invoice })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Archive ${note}` })).toBeVisible();
  for (const look of FRENCH_PAIRWISE) {
    await openInLook(page, look, '/documents/upload');
    await expectDrawn(page.getByRole('img', { name: note }));
    await expect(page.getByRole('img', { name: passport })).toHaveCount(0);
    await screenShooter(
      page,
      testInfo,
      look.colorScheme,
      look.viewport,
    )(`documents-upload-contact-${look.language}`);
  }
});

test('a person changes their profile picture and sees it in the sidebar', async ({ page }) => {
  await signIn(page, 'partner');
  await page.goto('/settings/basic-info');
  const section = page.getByRole('region', { name: 'Profile picture' });
  await section.getByLabel('Change picture').setInputFiles({
    name: 'me.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'Profile picture changed' }),
  ).toBeVisible();
  await expectDrawn(page.locator('.app-sidebar-user img.app-avatar'));
  await page.reload();
  await expectDrawn(page.locator('.app-sidebar-user img.app-avatar'));
});

// The new screens as a person sees them, kept as test artefacts to look at: each scheme on
// either window, one sign-in for the four.
test('document screens, light and dark, desktop and phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner');
  for (const look of SCHEME_LOOKS) {
    const { colorScheme, viewport } = look;
    const shot = screenShooter(page, testInfo, colorScheme, viewport);
    const name = `site-${colorScheme}-${viewport.name}.jpg`;
    await openInLook(page, look, '/documents/upload');
    await upload(page, 'Photo', { name, mimeType: 'image/jpeg', buffer: await photo() });
    await expectDrawn(page.getByRole('img', { name }));
    await shot('documents-upload');

    await page.getByRole('button', { name: `View ${name}` }).click();
    const viewer = page.getByRole('dialog', { name });
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expectDrawn(viewer.getByRole('img', { name }));
    await shot('documents-viewer', false);
    await viewer.getByRole('button', { name: 'Close' }).first().click();

    await page.goto('/settings/basic-info');
    await expect(page.getByRole('region', { name: 'Profile picture' })).toBeVisible();
    await shot('profile-picture');
  }
});
