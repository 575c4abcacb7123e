import { readFileSync } from 'node:fs';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, uniqueEmail } from './support/accounts';
import { pdfFile, type UploadFile } from './support/files';
import { move, step } from './support/kyc';
import {
  LOOK_LANGUAGES,
  PAIRWISE_LOOKS,
  screenShooter,
  VIEWPORTS,
  type ColorScheme,
  type Viewport,
} from './support/screens';

// Issue 19: a company without an account fills in its KYC file through a link (decision 032).

type Texts = Record<string, unknown>;
const EN: Texts = JSON.parse(readFileSync('public/assets/i18n/en.json', 'utf8'));
const DE: Texts = JSON.parse(readFileSync('public/assets/i18n/de.json', 'utf8'));
const FR: Texts = JSON.parse(readFileSync('public/assets/i18n/fr.json', 'utf8'));

/** Every dotted key whose English text is `english`. */
function keysOf(node: unknown, english: string, path: string[] = []): string[][] {
  if (typeof node === 'string') return node === english ? [path] : [];
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, child]) => keysOf(child, english, [...path, key]));
}

const at = (texts: Texts, path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], texts) as string;

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What the German page says where the English one says `english`: any German text of a key
 * that reads so in English (one English text may be said two ways in German).
 */
function de(english: string, { exact = false, anywhere = false } = {}): RegExp {
  const german = [...new Set(keysOf(EN, english).map((path) => at(DE, path)))];
  if (german.length === 0) throw new Error(`no text '${english}' in en.json`);
  return new RegExp(`${anywhere ? '' : '^'}(?:${german.map(escape).join('|')})${exact ? '$' : ''}`);
}

/** The page's list of steps, each a button, in English or German. */
const stepList = (page: Page) =>
  page.getByRole('list', {
    name: new RegExp(
      `^(?:${[EN, DE].map((texts) => escape(at(texts, ['selfService', 'nav', 'label']))).join('|')})$`,
    ),
  });

/** A company no other journey made: its own name and Dutch CoC number. */
function newCompany() {
  const suffix = Math.floor(Math.random() * 1e6);
  return {
    name: `Kaashandel Zuidhorn ${suffix} B.V.`,
    coc: String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
  };
}

const { name: COMPANY, coc: COC } = newCompany();
const RECIPIENT = 'Klara Klein';

/** The manager registers a Dutch company and starts its KYC file; answers the file's address. */
async function newCompanyWithFile(
  page: Page,
  company: { name: string; coc: string } = { name: COMPANY, coc: COC },
): Promise<string> {
  await page.goto('/partners/new');
  await page.getByLabel('Company name').fill(company.name);
  await page.getByLabel('CoC number').fill(company.coc);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Create trade partner' }).click();
  await page.getByLabel(/^Country of registration/).selectOption({ label: 'Netherlands' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Street/).fill('Hoofdstraat');
  await page.getByLabel(/^House number/).fill('12');
  await page.getByLabel(/^Post code/).fill('9801 AB');
  await page.getByLabel(/^City/).fill('Zuidhorn');
  await page.getByRole('button', { name: 'Create trade partner' }).click();
  await expect(page.getByRole('heading', { name: company.name, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'KYC' }).click();
  await page.getByRole('button', { name: 'Start KYC file' }).click();
  await expect(page).toHaveURL(/\/kyc\/\d+$/);
  return page.url();
}

/**
 * 'Share self-service link' on the open file, for `recipientEmail` when given (only then may
 * the link make an account); answers the address the dialog shows once, and the link's number.
 */
async function shareLink(
  page: Page,
  language: string,
  recipientEmail?: string,
): Promise<{ url: string; id: string }> {
  await page.getByRole('button', { name: 'Share self-service link' }).click();
  const dialog = page.getByRole('dialog');
  if (recipientEmail) await dialog.getByLabel("Recipient's e-mail (optional)").fill(recipientEmail);
  await dialog.getByLabel("Recipient's name (optional)").fill(RECIPIENT);
  await dialog.getByLabel('Language the page opens in').selectOption({ label: language });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByLabel('Link', { exact: true }).inputValue();
  const title = await dialog.getByRole('heading', { name: /^Self-service link #\d+$/ }).innerText();
  const id = title.replace(/^.*#/, '');
  expect(url).toMatch(/\/kyc\/selfservice\/[\w-]{43}$/);
  await expect(dialog).toContainText('This link is shown only now.');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);
  return { url, id };
}

/** A browser of its own, with no session: the recipient's. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function openStep(page: Page, english: string) {
  await stepList(page)
    .getByRole('button', { name: de(english, { anywhere: true }) })
    .click();
  await expect(
    page.getByRole('heading', { name: de(english, { exact: true }), level: 2 }),
  ).toBeVisible();
}

async function upload(page: Page, type: string, file: UploadFile) {
  await page.getByLabel(de('Document type')).selectOption(type);
  await page.getByLabel(de('Upload a document')).setInputFiles(file);
  await expect(page.getByText(file.name, { exact: true })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole('button', { name: de('Save step') }).click();
  await expect(page.getByText(de('Step saved.')).first()).toBeVisible();
}

/** Every step filled in on the German page, each with its documents. */
async function fillInGerman(page: Page) {
  await openStep(page, 'Chamber of Commerce');
  await page.getByLabel(de('CoC number')).fill(COC);
  await page.getByLabel(de('Registered name')).fill(COMPANY);
  await page.getByLabel(de('Legal form')).fill('B.V.');
  await page.getByLabel(de('Registration date')).fill('17.03.2009');
  await page.getByLabel(de('Extract date')).fill('01.11.2026');
  await upload(page, 'COC_EXTRACT', pdfFile('kvk-uittreksel.pdf', 'KvK uittreksel'));
  await save(page);

  await openStep(page, 'Contacts');
  const scope = page.getByRole('region', { name: /^Person 1/ });
  await scope.getByLabel(de('First name')).fill('Klara');
  await scope.getByLabel(de('Last name')).fill('Klein');
  await scope.getByLabel(de('Role')).selectOption('UBO');
  await scope.getByLabel(de('Ownership (%)')).fill('100');
  await scope.getByLabel(de('Date of birth')).fill('09.09.1979');
  await scope.getByLabel(de('Nationality')).selectOption('NL');
  await scope
    .getByLabel(de('Upload ID document'))
    .setInputFiles(pdfFile('paspoort.pdf', 'Paspoort Klara Klein'));
  await expect(scope.getByLabel(de('Identity document'))).toHaveValue(/\d+/);
  await save(page);

  await openStep(page, 'Addresses');
  const registered = page.getByRole('group', { name: de('Registered address') });
  await registered.getByLabel(de('Street')).fill('Hoofdstraat');
  await registered.getByLabel(de('House number')).fill('12');
  await registered.getByLabel(de('Postcode')).fill('9801 AB');
  await registered.getByLabel(de('City')).fill('Zuidhorn');
  await registered.getByLabel(de('Country')).selectOption('NL');
  await upload(page, 'PROOF_OF_ADDRESS', pdfFile('energierekening.pdf', 'Energie'));
  await save(page);

  await openStep(page, 'Bank and VAT');
  await page.getByLabel(de('IBAN', { exact: true })).fill('NL91 ABNA 0417 1643 00');
  await page.getByLabel(de('Account holder')).fill(COMPANY);
  await upload(page, 'BANK_STATEMENT', pdfFile('bankafschrift.pdf', 'Afschrift'));
  await save(page);

  await openStep(page, 'Customer due diligence');
  await page.getByLabel(de('Business activity')).fill('Groothandel in kaas');
  await page.getByLabel(de('Countries of operation')).selectOption('NL');
  await page.getByLabel(de('Expected monthly volume (EUR)')).fill('250000');
  await page.getByLabel(de('Source of funds')).fill('Omzet uit handel');
  await page
    .getByRole('group', { name: /politisch exponiert|politically exposed/i })
    .getByLabel(de('No', { exact: true }))
    .check();
  await page
    .getByRole('group', { name: /Sanktion|sanctions/i })
    .getByLabel(de('No', { exact: true }))
    .check();
  await save(page);
}

const REQUEST = 'The IBAN must be of an account in the company’s own name: give that one.';
const [desktop, phone] = VIEWPORTS;

/**
 * The page with the reviewer's request in English and French, light and dark, desktop and phone
 * (every pair of them in four looks), as its visitor stored language and theme.
 */
const REQUEST_LOOKS: { language: 'en' | 'fr'; colorScheme: ColorScheme; viewport: Viewport }[] = [
  { language: 'fr', colorScheme: 'dark', viewport: desktop },
  { language: 'fr', colorScheme: 'light', viewport: phone },
  { language: 'en', colorScheme: 'dark', viewport: phone },
  { language: 'en', colorScheme: 'light', viewport: desktop },
];

test('a company fills in its KYC file through a link, in German; staff see every use; sent back, its recipient follows it with an account, and a new link opens on the request', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, 'manager');
  const fileUrl = await newCompanyWithFile(page);
  const { url: link, id } = await shareLink(page, 'Deutsch');
  const { url: spare, id: spareId } = await shareLink(page, 'English');

  // The recipient, with no session: the page opens in German, with no sidebar.
  const clerk = await freshPage(browser);
  await clerk.goto(link);
  await expect(clerk.getByRole('heading', { level: 1 })).toContainText(COMPANY);
  await expect(stepList(clerk)).toBeVisible();
  await expect(clerk.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  // Nothing is handed in early: the company's data the steps start with is not saved yet
  // (decisions 028 and 038).
  await openStep(clerk, 'Summary and submit');
  await expect(clerk.getByRole('link', { name: /^Schritt 1, .*nicht gespeichert/ })).toBeVisible();
  await expect(clerk.getByRole('button', { name: de('Submit the KYC file') })).toBeDisabled();

  await fillInGerman(clerk);
  // Changed after saving and left as a draft, then discarded: the saved answer is handed in.
  await openStep(clerk, 'Customer due diligence');
  await clerk.getByLabel(de('Business activity')).fill('Einzelhandel mit Käse');
  await expect(clerk.getByText(/^Entwurf gespeichert \d\d:\d\d$/)).toBeVisible();
  await openStep(clerk, 'Summary and submit');
  await expect(clerk.getByRole('link', { name: /^Schritt 5, .*nicht gespeichert/ })).toBeVisible();
  await expect(clerk.getByRole('button', { name: de('Submit the KYC file') })).toBeDisabled();
  await clerk.getByRole('button', { name: de('Discard changes') }).click();
  await clerk
    .getByRole('dialog')
    .getByRole('button', { name: de('Discard changes') })
    .click();
  await expect(
    clerk.getByText(de('Every step is complete: the file can be submitted.')),
  ).toBeVisible();
  await clerk.getByRole('button', { name: de('Submit the KYC file') }).click();
  await expect(clerk.getByText(de('Thank you — your KYC file has been handed in'))).toBeVisible();

  // Staff see the file handed in, the link's uses and the link in the trail.
  await page.goto(fileUrl);
  await expect(page.getByText('Submitted').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Customer due diligence', exact: true }),
  ).toContainText('Groothandel in kaas');
  await page.getByRole('tab', { name: 'Self-service links' }).click();
  await page.getByRole('button', { name: `Access log of link #${id}` }).click();
  const log = page.getByRole('dialog');
  await expect(log).toContainText('Submitted the file');
  await expect(log).toContainText('Uploaded a document');
  await expect(log).toContainText('Opened the link');
  await log.getByRole('button', { name: 'Close' }).first().click();
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(page.getByText(`${RECIPIENT} via self-service link #${id}`).first()).toBeVisible();

  // The spare link, revoked, shows only the neutral page.
  await page.getByRole('tab', { name: 'Self-service links' }).click();
  await page.getByRole('button', { name: `Revoke link #${spareId}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Link revoked').first()).toBeVisible();
  const stranger = await freshPage(browser);
  await stranger.goto(spare);
  await expect(
    stranger.getByText(
      'This link is not valid any more. Ask the person who sent it for a new one.',
    ),
  ).toBeVisible();
  await expect(stranger.getByText(COMPANY)).toHaveCount(0);

  // A handed-in file's link makes no account: the confirmation says how to follow it instead.
  await expect(
    clerk.getByText(
      de(
        'To follow this file with an account, ask the person who sent you the link for an invitation.',
      ),
    ),
  ).toBeVisible();
  await expect(
    clerk.getByRole('button', { name: de('Create an account to follow this file') }),
  ).toHaveCount(0);

  // Issue 31: the manager sends the bank step back with a comment, and a new link goes out.
  await page.goto(fileUrl);
  await move(page, 'Start review');
  await step(page, 'Bank and VAT').getByRole('button', { name: 'Request changes' }).click();
  const request = page.getByRole('dialog');
  await request.getByRole('textbox', { name: 'Comment' }).fill(REQUEST);
  await request.getByRole('button', { name: 'Send request' }).click();
  await expect(request).toHaveCount(0);
  await move(page, 'Request changes from partner', 'See the bank step.');

  // A link made for the clerk's address offers an account before hand-in (decision 041): made
  // with that address, the clerk becomes a signed-in contact who sees the file.
  const email = uniqueEmail('klara');
  const { url: forKlara } = await shareLink(page, 'Deutsch', email);
  await clerk.goto(forKlara);
  await clerk.getByRole('button', { name: de('Create an account to follow this file') }).click();
  await expect(clerk.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await clerk.getByLabel('Email').fill(email);
  await clerk.getByLabel('Password', { exact: true }).fill('a-long-password');
  await clerk.getByLabel('Confirm password').fill('a-long-password');
  await clerk.getByLabel('First name').fill('Klara');
  await clerk.getByLabel('Last name').fill('Klein');
  await clerk.getByRole('button', { name: 'Create account' }).click();
  await expect(clerk).toHaveURL(new RegExp(`${escape(new URL(fileUrl).pathname)}$`));
  await expect(clerk.getByText(COMPANY).first()).toBeVisible();
  // The link has ended with it.
  await stranger.goto(forKlara);
  await expect(
    stranger.getByText(
      'This link is not valid any more. Ask the person who sent it for a new one.',
    ),
  ).toBeVisible();

  const { url: again } = await shareLink(page, 'English');

  // Whoever opens it lands on that step with the reviewer's words, not on the first step: in
  // each look, and in the last (English, light, desktop) the step is answered and handed in.
  for (const { language, colorScheme, viewport } of REQUEST_LOOKS) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript(
      ([stored, theme]) => {
        localStorage.setItem('nt24_language', stored!);
        localStorage.setItem('nt24_theme', theme!);
      },
      [language, colorScheme],
    );
    const visitor = await context.newPage();
    await visitor.goto(again);
    const texts = language === 'fr' ? FR : EN;
    const bank = visitor.getByRole('region', { name: at(texts, ['kyc', 'steps', 'bankAndVat']) });
    await expect(bank.getByText(REQUEST)).toBeVisible();
    await expect(
      bank.getByText(at(texts, ['kyc', 'collect', 'changesRequested', 'title'])),
    ).toBeVisible();
    // Shot once the step's documents and how far each step has got are in.
    await expect(bank.getByText('bankafschrift.pdf', { exact: true })).toBeVisible();
    const toDo = at(texts, ['selfService', 'nav', 'toDo_one']).replace('{{count}}', '1');
    await expect(visitor.getByText(toDo)).toBeVisible();
    await screenShooter(
      visitor,
      testInfo,
      colorScheme,
      viewport,
    )(`selfservice-request-${language}`);
    if (language === 'fr') {
      await context.close();
      continue;
    }
    await expect(
      visitor.getByText('The reviewer asked for changes on 1 step: Bank and VAT'),
    ).toBeVisible();
    if (colorScheme === 'dark') {
      await context.close();
      continue;
    }
    await bank.getByLabel('IBAN', { exact: true }).fill('NL20 INGB 0001 2345 67');
    await bank.getByRole('button', { name: 'Save step' }).click();
    await expect(bank.getByText('Step saved.')).toBeVisible();
    await expect(bank.getByText('The partner answered the request')).toBeVisible();
    await stepList(visitor).getByRole('button', { name: 'Summary and submit' }).click();
    await expect(
      visitor.getByText('Every step is complete: the file can be submitted.'),
    ).toBeVisible();
    await visitor.getByRole('button', { name: 'Submit the KYC file' }).click();
    await expect(visitor.getByText('Thank you — your KYC file has been handed in')).toBeVisible();
    await context.close();
  }
  await page.goto(fileUrl);
  await expect(page.getByText('Submitted').first()).toBeVisible();
});

// The public page in the pairwise looks, kept as test artefacts to look at: between them English
// and German, light and dark, desktop and phone, and every pair of them; a step, the summary and
// the neutral page.
test('the self-service page in the pairwise looks', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  await signIn(page, 'manager');
  const company = newCompany();
  await newCompanyWithFile(page, company);
  const links = {
    en: (await shareLink(page, 'English')).url,
    de: (await shareLink(page, 'Deutsch')).url,
  };
  for (const language of LOOK_LANGUAGES) {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const say = (english: string) => (language === 'de' ? de(english) : english);
    const looks = PAIRWISE_LOOKS.filter((look) => look.language === language);
    for (const { colorScheme, viewport } of looks) {
      await visitor.setViewportSize(viewport);
      const shot = screenShooter(visitor, testInfo, colorScheme, viewport);
      await visitor.goto(links[language]);
      await expect(visitor.getByRole('heading', { level: 1 })).toContainText(company.name);
      const toggle = colorScheme === 'dark' ? 'Switch to dark theme' : 'Switch to light theme';
      const switcher = visitor.getByRole('button', { name: say(toggle) });
      if (await switcher.count()) await switcher.click();
      // The page opens on the first step with something missing once it has read what is.
      await expect(visitor.getByRole('heading', { level: 2 })).toBeVisible();
      await shot(`selfservice-step-${language}`);
      await stepList(visitor)
        .getByRole('button', { name: say('Summary and submit') })
        .click();
      await shot(`selfservice-summary-${language}`);
      await visitor.goto(links[language].replace(/[\w-]{43}$/, 'x'.repeat(43)));
      await expect(visitor.getByRole('alert')).toBeVisible();
      await shot(`selfservice-invalid-${language}`);
    }
    await context.close();
  }
});
