import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, signOutFromMenu } from './support/accounts';
import { move, openAsReviewer, startFileAsStaff, step } from './support/kyc';
import { pdfFile, type UploadFile } from './support/files';
import { openInLook, SCHEME_LOOKS, screenShooter } from './support/screens';

const COMPANY = 'Müller Handels GmbH';
const FIRST_IBAN = 'DE89 3704 0044 0532 0130 00';
const FIXED_IBAN = 'DE02 1203 0000 0000 2020 51';
const REQUEST = 'The bank statement names another account: enter the IBAN from the statement.';
const ACTIVITY = 'Wholesale of industrial fasteners and tools';

async function uploadTo(page: Page, region: string, type: string, file: UploadFile) {
  const section = step(page, region);
  await section.getByLabel('Document type').selectOption({ label: type });
  await section.getByLabel('Upload a document').setInputFiles(file);
  await expect(section.getByRole('button', { name: `View ${file.name}` })).toBeVisible();
}

async function save(page: Page, region: string) {
  await step(page, region).getByRole('button', { name: 'Save step' }).click();
  await expect(page.getByText('Step saved').first()).toBeVisible();
}

test('owner fills in and submits the file, manager requests a change, owner fixes the IBAN, manager approves', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The demo file is approved: a new one is staff's to start (decision 029).
  await startFileAsStaff(page, COMPANY);
  await signIn(page, 'owner');
  const card = page.getByRole('region', { name: `KYC: ${COMPANY}` });
  await card.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/kyc\/\d+$/);
  const fileUrl = page.url();

  const coc = step(page, 'Chamber of Commerce');
  await coc.getByLabel('CoC number').fill('HRB123456');
  await coc.getByLabel('Registered name').fill(COMPANY);
  await coc.getByLabel('Legal form').fill('GmbH');
  await coc.getByLabel('Registration date').fill('17.03.2009');
  await coc.getByLabel('Extract date').fill('01.10.2026');
  await uploadTo(
    page,
    'Chamber of Commerce',
    'Chamber of Commerce extract (required)',
    pdfFile('hrb-extract.pdf', 'Handelsregister HRB 123456'),
  );
  await save(page, 'Chamber of Commerce');

  const contacts = step(page, 'Contacts');
  const person = contacts.getByRole('region', { name: /^Person 1/ });
  await person.getByLabel('First name').fill('Olivia');
  await person.getByLabel('Last name').fill('Smit');
  await person.getByLabel('Role').selectOption('UBO');
  await person.getByLabel('Ownership (%)').fill('100');
  await person.getByLabel('Date of birth').fill('09.09.1979');
  await person.getByLabel('Nationality').selectOption('NL');
  await person
    .getByLabel('Upload ID document')
    .setInputFiles(pdfFile('passport.pdf', 'Passport Olivia Smit'));
  await expect(person.getByLabel('Identity document')).toHaveValue(/\d+/);
  await save(page, 'Contacts');

  const addresses = step(page, 'Addresses');
  const registered = addresses.getByRole('group', { name: 'Registered address' });
  await registered.getByLabel('Street').fill('Leopoldstraße');
  await registered.getByLabel('House number').fill('45');
  await registered.getByLabel('Postcode').fill('80802');
  await registered.getByLabel('City').fill('München');
  await registered.getByLabel('Country').selectOption('DE');
  await uploadTo(
    page,
    'Addresses',
    'Proof of address (required)',
    pdfFile('utility-bill.pdf', 'Stadtwerke München'),
  );
  await save(page, 'Addresses');

  const bank = step(page, 'Bank and VAT');
  await bank.getByLabel('IBAN', { exact: true }).fill(FIRST_IBAN);
  await bank.getByLabel('Account holder').fill(COMPANY);
  await bank.getByLabel('VAT number').fill('DE812345673');
  await uploadTo(
    page,
    'Bank and VAT',
    'Bank statement (required)',
    pdfFile('statement.pdf', 'Kontoauszug'),
  );
  await save(page, 'Bank and VAT');

  const cdd = step(page, 'Customer due diligence');
  await cdd.getByLabel('Business activity').fill('Wholesale of industrial fasteners');
  await cdd.getByLabel('Countries of operation').selectOption('DE');
  await cdd.getByLabel('Countries of operation').selectOption('AT');
  await cdd.getByLabel('Expected monthly volume (EUR)').fill('250000');
  await cdd.getByLabel('Source of funds').fill('Revenue from trading');
  await cdd
    .getByRole('group', { name: /politically exposed/ })
    .getByLabel('No')
    .check();
  await cdd
    .getByRole('group', { name: /subject to sanctions/ })
    .getByLabel('No')
    .check();
  await save(page, 'Customer due diligence');

  // Changed after saving, the draft keeps the file back until it is saved (decision 038).
  const summary = step(page, 'Summary');
  await expect(summary).toContainText('Every step is complete');
  await cdd.getByLabel('Business activity').fill(ACTIVITY);
  await expect(cdd.getByText(/^Draft saved \d\d:\d\d$/)).toBeVisible();
  const unsaved = summary.getByRole('link', {
    name: 'Step 5, Customer due diligence, has changes that are not saved: save or discard them.',
  });
  await expect(unsaved).toBeVisible();
  await expect(summary).not.toContainText('Every step is complete');
  await expect(summary.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  await save(page, 'Customer due diligence');
  await expect(unsaved).toHaveCount(0);
  await expect(summary).toContainText('Every step is complete');
  await summary.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('File submitted').first()).toBeVisible();
  await signOutFromMenu(page, 'Olivia Smit');

  // The manager reviews: approves four steps, sends the bank step back.
  await signIn(page, 'manager');
  await openAsReviewer(page, COMPANY, 'Submitted');
  await move(page, 'Start review');
  await expect(step(page, 'Customer due diligence')).toContainText(ACTIVITY);
  for (const name of [
    'Chamber of Commerce',
    'Contacts',
    'Addresses',
    'Customer due diligence',
    'Insights',
  ]) {
    await step(page, name).getByRole('button', { name: 'Approve step' }).click();
    await expect(step(page, name)).toContainText('Approved');
  }
  await step(page, 'Bank and VAT').getByRole('button', { name: 'Request changes' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(REQUEST);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toHaveCount(0);
  await move(page, 'Request changes from partner', REQUEST);
  await signOutFromMenu(page, 'Mark de Vries');

  // The owner sees the comment, fixes the IBAN and resubmits.
  await signIn(page, 'owner');
  await page.goto(fileUrl);
  await expect(step(page, 'Bank and VAT')).toContainText('Changes requested by the reviewer');
  await expect(step(page, 'Bank and VAT')).toContainText(REQUEST);
  await step(page, 'Bank and VAT').getByLabel('IBAN', { exact: true }).fill(FIXED_IBAN);
  await save(page, 'Bank and VAT');
  await step(page, 'Summary').getByRole('button', { name: 'Resubmit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resubmit' }).click();
  await expect(page.getByText('File submitted').first()).toBeVisible();
  await signOutFromMenu(page, 'Olivia Smit');

  // The manager sees exactly what changed and approves the file.
  await signIn(page, 'manager');
  await openAsReviewer(page, COMPANY, 'Submitted');
  await move(page, 'Start review');
  await expect(step(page, 'Bank and VAT')).toContainText('Changed since the last review: IBAN');
  await expect(step(page, 'Bank and VAT')).toContainText('Changed');
  await step(page, 'Bank and VAT').getByRole('button', { name: 'Approve step' }).click();
  await expect(step(page, 'Bank and VAT')).toContainText('Approved');
  await move(page, 'Approve submission');
  await expect(page.getByText('Approved').first()).toBeVisible();
});

/** From the dashboard, the owner's open file: started by a manager if there is none. */
async function openOwnFile(page: Page) {
  const card = page.getByRole('region', { name: `KYC: ${COMPANY}` });
  const resume = card.getByRole('link', { name: 'Continue' });
  await expect(resume.or(card.getByRole('link', { name: 'View' }))).toBeVisible();
  if (!(await resume.count())) {
    await signOutFromMenu(page, 'Olivia Smit');
    await startFileAsStaff(page, COMPANY);
    await signIn(page, 'owner');
  }
  await resume.click();

  await expect(step(page, 'Chamber of Commerce').getByLabel('CoC number')).toBeVisible();
}

// The partner's side of the file as the owner sees it, kept as test artefacts to look at: each
// scheme on either window, one sign-in for the four.
test('KYC forms, light and dark, desktop and phone', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner');
  for (const look of SCHEME_LOOKS) {
    const shot = screenShooter(page, testInfo, look.colorScheme, look.viewport);
    await openInLook(page, look, '/dashboard');
    await expect(page.getByRole('region', { name: `KYC: ${COMPANY}` })).toBeVisible();
    await shot('kyc-dashboard-card');
    await openOwnFile(page);
    await step(page, 'Chamber of Commerce').getByLabel('CoC number').fill('HRB');
    await step(page, 'Chamber of Commerce').getByRole('button', { name: 'Save step' }).click();
    await expect(step(page, 'Chamber of Commerce')).toContainText(
      'The step is not saved: some fields need attention.',
    );
    await shot('kyc-forms');
  }
});

/** The amount as the form reads it in two languages (decision 015): one that reads, one not. */
const AMOUNTS = [
  {
    language: 'en',
    step: 'Customer due diligence',
    label: 'Expected monthly volume (EUR)',
    reads: '25,000.50',
    understood: 'Understood as €25,000.50',
    refused: '25.000,50',
    refusal: 'Write the amount like 25,000.50.',
  },
  {
    language: 'de',
    step: 'Kundensorgfaltspflicht',
    label: 'Erwartetes Monatsvolumen (EUR)',
    reads: '25.000,50',
    understood: /^Erkannt als 25\.000,50\s€$/,
    refused: '25,000.50',
    refusal: 'Schreiben Sie den Betrag wie 25.000,50.',
  },
] as const;

// Each scheme on either window, one sign-in for the four.
test('KYC amount as understood and as refused, en and de, light and dark, desktop and phone', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, 'owner');
  for (const look of SCHEME_LOOKS) {
    const shot = screenShooter(page, testInfo, look.colorScheme, look.viewport);
    await openInLook(page, look, '/dashboard');
    await openOwnFile(page);
    for (const amount of AMOUNTS) {
      if (amount.language !== 'en') await openInLook(page, { ...look, language: amount.language });
      const volume = step(page, amount.step).getByLabel(amount.label);
      await volume.fill(amount.reads);
      await expect(step(page, amount.step).getByText(amount.understood)).toBeVisible();
      // In the middle of the window: the line under the field shows with it.
      await volume.evaluate((input) =>
        input.scrollIntoView({ block: 'center', behavior: 'instant' }),
      );
      await shot(`kyc-amount-understood-${amount.language}`, false);
      await volume.fill(amount.refused);
      await expect(step(page, amount.step).getByText(amount.refusal)).toBeVisible();
      await shot(`kyc-amount-refused-${amount.language}`, false);
    }
  }
});
