import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, signOutFromMenu } from './support/accounts';
import { pdfFile } from './support/files';
import { openInLook, PAIRWISE_LOOKS, screenShooter, text } from './support/screens';
import { useOwnServer } from './support/own-server';

// Issue 20: an order from 'New Order' to its PDF, the KYC gate on the way (decision 033).
// Müller's latest KYC file is approved as a first start seeds it; Van Dijk's is in review. The
// other journeys change both files, so this one runs on a server of its own, on a fresh database.
const APPROVED = 'Müller Handels GmbH';
const NOT_APPROVED = 'Van Dijk Logistics B.V.';

useOwnServer(8522, 'nt24_e2e_orders');

/** dd.MM.yyyy, `days` from today, as the date fields take it. */
function inDays(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}`;
}

const LINES = [
  { description: 'Pallet racking, galvanised', quantity: '3', unit: 'pcs', price: '19.99' },
  { description: 'Stretch film 23 µm', quantity: '2.5', unit: 'kg', price: '4.10' },
  { description: 'Handling fee', quantity: '1', unit: 'pcs', price: '0.01' },
];

/** From the sidebar's 'New Order' to a saved order for `partner`; answers its number. */
async function newOrder(page: Page, partner: string, reference: string) {
  await page.getByRole('link', { name: 'New Order' }).click();
  await expect(page).toHaveURL(/\/partners(\?|$)/);
  await page.getByRole('link', { name: `New order for ${partner}` }).click();
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  await expect(page.getByText(partner).first()).toBeVisible();

  await page.getByLabel('Customer reference').fill(reference);
  await page.getByLabel('Requested delivery').fill(inDays(30));
  await page.getByLabel('Delivery address').selectOption({ index: 1 });
  await page.getByLabel('Incoterm', { exact: true }).selectOption('DAP');
  await page.getByLabel('Named place').fill('Rotterdam');
  for (const [index, line] of LINES.entries()) {
    const n = index + 1;
    if ((await page.getByLabel(`Description, line ${n}`).count()) === 0) {
      await page.getByRole('button', { name: 'Add line' }).click();
    }
    await page.getByLabel(`Description, line ${n}`).fill(line.description);
    await page.getByLabel(`Quantity, line ${n}`).fill(line.quantity);
    await page.getByLabel(`Unit, line ${n}`).selectOption({ label: line.unit });
    await page.getByLabel(`Unit price, line ${n}`).fill(line.price);
  }
  // 3 × 19.99 + 2.5 × 4.10 + 0.01, as typed: €59.97 + €10.25 + €0.01.
  await expect(page.getByLabel('Amount of line 2')).toHaveText('€10.25');
  await expect(page.getByLabel('Total', { exact: true })).toHaveText('€70.23');
  await page.getByRole('button', { name: 'Save' }).click();

  const heading = page.getByRole('heading', { level: 1, name: /^ORD-\d{4}-\d{6}/ });
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/detail\//);
  const number = /ORD-\d{4}-\d{6}/.exec((await heading.textContent()) ?? '')![0];
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText(
    `Orders${number}`,
  );
  return number;
}

test('the manager drafts orders from New Order, meets the KYC gate, confirms one for an approved partner with its document and PDF; the owner only reads it', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signIn(page, 'manager');

  // The partner whose KYC file is in review: the order is drafted, and its confirmation refused.
  await newOrder(page, NOT_APPROVED, 'VD-E2E-1');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'is not approved' });
  await expect(refusal).toContainText(
    `The KYC file of ${NOT_APPROVED} is not approved (status In review): the order cannot be confirmed.`,
  );
  await refusal.getByRole('link', { name: /^Open KYC #\d+$/ }).click();
  await expect(page).toHaveURL(/\/kyc\/\d+$/);
  await expect(page.getByText(NOT_APPROVED).first()).toBeVisible();

  // The approved partner: confirmed.
  const number = await newOrder(page, APPROVED, 'MH-E2E-1');
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);

  // A purchase order as the order's document.
  const document = pdfFile(`purchase-order-${number}.pdf`, `Purchase order ${number}`);
  await page.getByLabel('Document type').selectOption({ label: 'Purchase order' });
  await page.getByLabel('Browse').setInputFiles(document);
  await expect(
    page
      .getByRole('list', { name: 'Files' })
      .getByRole('listitem')
      .filter({ hasText: document.name }),
  ).toContainText('Uploaded');

  // The order's PDF: the partner's KYC file with the order on its cover.
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('File name')).toHaveValue(/^order-[0-9a-f-]{36}\.pdf$/);
  const filename = await dialog.getByLabel('File name').inputValue();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(filename);
  const pdfPath = testInfo.outputPath(filename);
  await file.saveAs(pdfPath);
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  const cover = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdfPath, '-']).toString();
  expect(cover).toContain(number);
  await page.keyboard.press('Escape');

  // The history has the confirmation.
  await expect(page.getByRole('list', { name: 'History' })).toContainText('Confirmed');
  await signOutFromMenu(page, 'Mark de Vries');

  // The owner, a member of Müller: the order and its document, nothing to change.
  await signIn(page, 'owner');
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByLabel('Number or reference').fill(number);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(APPROVED);
  await row.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Documents' }).getByText(document.name),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0);
});

test('the order screens in English and German, light and dark, desktop and phone: the list with a held order, the detail, the form', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signIn(page, 'manager');
  // One load of the app per look, then through the screens as a person clicks: each load goes
  // through the identity provider and back.
  for (const look of PAIRWISE_LOOKS) {
    const { language, colorScheme, viewport } = look;
    await openInLook(page, look, '/orders');
    const shoot = screenShooter(page, testInfo, colorScheme, viewport);
    const held = text(language, 'orders.held.badge');
    await expect(
      page.getByRole('heading', { level: 1, name: text(language, 'orders.list.title') }),
    ).toBeVisible();
    const heldRow = page.getByRole('row').filter({ hasText: held });
    await expect(heldRow).toHaveCount(1);
    await shoot(`orders-list-${language}`);

    await heldRow.getByRole('link').first().click();
    await expect(
      page.getByRole('list', { name: text(language, 'orders.history.heading') }),
    ).toBeVisible();
    await shoot(`order-detail-${language}`);

    await page.getByRole('link', { name: text(language, 'orders.actions.edit') }).click();
    await expect(
      page.getByRole('button', { name: text(language, 'orders.lines.add') }),
    ).toBeVisible();
    await shoot(`order-form-${language}`);
  }
});
