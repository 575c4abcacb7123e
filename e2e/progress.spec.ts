import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, signOutFromMenu } from './support/accounts';
import { pdfFile, type UploadFile } from './support/files';
import { startFileAsStaff, step } from './support/kyc';
import { useOwnServer } from './support/own-server';

// Issue 18, points 9 to 11: progress a partner can read (decision 029).
const COMPANY = 'Müller Handels GmbH';

// The journey reads the demo data as a first start seeds it (Müller's approved file), which the
// other journeys change: it runs on a server of its own, on a fresh database.
useOwnServer(8521, 'nt24_e2e_progress');

const STEPS = [
  'Chamber of Commerce',
  'Contacts',
  'Addresses',
  'Bank and VAT',
  'Customer due diligence',
  'Insights',
];

async function uploadTo(page: Page, region: string, type: string, file: UploadFile) {
  const section = step(page, region);
  await section.getByLabel('Document type').selectOption({ label: type });
  await section.getByLabel('Upload a document').setInputFiles(file);
  await expect(section.getByText(`${file.name} was uploaded.`)).toBeVisible();
}

async function save(page: Page, region: string) {
  await step(page, region).getByRole('button', { name: 'Save step' }).click();
  await expect(page.getByText('Step saved').first()).toBeVisible();
}

/** The step's badge in the header of its region. */
const badge = (page: Page, region: string) => step(page, region).locator('.card-header .badge');

async function inLanguage(page: Page, code: string) {
  await page.evaluate((value) => localStorage.setItem('nt24_language', value), code);
  await page.reload();
}

/** The rest of the file, filled in as the collection journey does. */
async function fillTheRest(page: Page) {
  const person = step(page, 'Contacts').getByRole('region', { name: /^Person 1/ });
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

  const registered = step(page, 'Addresses').getByRole('group', { name: 'Registered address' });
  await registered.getByLabel('Street').fill('Leopoldstraße');
  await registered.getByLabel('House number').fill('45');
  await registered.getByLabel('Postcode').fill('80802');
  await registered.getByLabel('City').fill('München');
  await registered.getByLabel('Country').selectOption('DE');
  await uploadTo(page, 'Addresses', 'Proof of address (required)', pdfFile('bill.pdf', 'Bill'));
  await save(page, 'Addresses');

  const bank = step(page, 'Bank and VAT');
  await bank.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await bank.getByLabel('Account holder').fill(COMPANY);
  await bank.getByLabel('VAT number').fill('DE812345673');
  await uploadTo(page, 'Bank and VAT', 'Bank statement (required)', pdfFile('bank.pdf', 'Konto'));
  await save(page, 'Bank and VAT');

  const cdd = step(page, 'Customer due diligence');
  await cdd.getByLabel('Business activity').fill('Wholesale of industrial fasteners');
  await cdd.getByLabel('Countries of operation').selectOption('DE');
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
}

test('a partner reads how far the file has got; staff and partners each see their menu name', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // The approved demo file: six of six, and no new file offered beside it.
  await signIn(page, 'owner');
  const card = page.getByRole('region', { name: `KYC: ${COMPANY}` });
  await expect(card).toContainText('Approved');
  await expect(card).toContainText('6 of 6 steps complete');
  await expect(card.getByRole('button', { name: 'Start KYC file' })).toHaveCount(0);

  // A partner person fills in their own file: 'KYC' in the menu, the trail and the title.
  await page.getByRole('link', { name: 'KYC', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'KYC', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('KYC');
  await expect(page).toHaveTitle('KYC | NT24');
  await expect(page.getByText('KYC Reviews')).toHaveCount(0);
  await signOutFromMenu(page, 'Olivia Smit');

  // Staff review everyone's files: 'KYC Reviews'. A manager starts Müller's next file.
  await signIn(page, 'manager');
  await page.getByRole('link', { name: 'KYC Reviews' }).click();
  await expect(page.getByRole('heading', { name: 'KYC Reviews', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('KYC Reviews');
  await expect(page).toHaveTitle('KYC Reviews | NT24');
  await signOutFromMenu(page, 'Mark de Vries');
  await startFileAsStaff(page, COMPANY);

  // The owner saves one step: its badge is no longer that of the untouched ones.
  await signIn(page, 'owner');
  await expect(card).toContainText('0 of 6 steps complete');
  await card.getByRole('link', { name: 'Continue' }).click();
  for (const name of STEPS) await expect(badge(page, name)).toHaveText('Not started');
  const coc = step(page, 'Chamber of Commerce');
  await coc.getByLabel('CoC number').fill('HRB123456');
  await coc.getByLabel('Registered name').fill(COMPANY);
  await coc.getByLabel('Legal form').fill('GmbH');
  await coc.getByLabel('Registration date').fill('17.03.2009');
  await coc.getByLabel('Extract date').fill('01.10.2026');
  await save(page, 'Chamber of Commerce');
  await expect(badge(page, 'Chamber of Commerce')).toHaveText('In progress');
  await expect(badge(page, 'Contacts')).toHaveText('Not started');
  await uploadTo(
    page,
    'Chamber of Commerce',
    'Chamber of Commerce extract (required)',
    pdfFile('hrb-extract.pdf', 'Handelsregister HRB 123456'),
  );
  await expect(badge(page, 'Chamber of Commerce')).toHaveText('Complete');
  await expect(step(page, 'Summary')).toContainText('1 of 6 steps complete');

  // The dashboard counts the file's six steps, with the right plural in French too.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(card).toContainText('1 of 6 steps complete');
  await inLanguage(page, 'fr');
  await expect(page.getByRole('region', { name: `KYC : ${COMPANY}` })).toContainText(
    '1 étape sur 6 complète',
  );
  await inLanguage(page, 'en');

  // Filled in and handed in: every step under review, the summary still there.
  await card.getByRole('link', { name: 'Continue' }).click();
  await fillTheRest(page);
  const summary = step(page, 'Summary');
  await expect(summary).toContainText('6 of 6 steps complete');
  await summary.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('File submitted').first()).toBeVisible();
  for (const name of STEPS) await expect(badge(page, name)).toHaveText('Under review');
  await expect(page.getByText('Pending')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Steps at a glance' }).getByText('Summary').click();
  await expect(summary).toContainText('the reviewers are checking the file');
  await expect(summary).toBeInViewport();

  await inLanguage(page, 'fr');
  await expect(page.getByRole('region', { name: 'Récapitulatif' })).toContainText(
    '6 étapes sur 6 complètes',
  );
});
