import { readFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, signOutFromMenu } from './support/accounts';
import { pdfFile } from './support/files';
import {
  DEFAULT_LOOK,
  openInLook,
  PAIRWISE_LOOKS,
  screenShooter,
  VIEWPORTS,
  type Look,
} from './support/screens';

// Issue 18, points 12, 13 and 18: layout that holds in long languages and on a phone, PDFs drawn
// by pdf.js, and the staff's customers view.

const LANGUAGES = ['en', 'de', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];

const texts = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(`public/assets/i18n/${language}.json`, 'utf8')),
  ]),
) as Record<Language, Record<string, unknown>>;

/** The app's text for a dotted key in a language. */
function text(language: Language, key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      texts[language],
    );
  if (typeof found !== 'string') throw new Error(`no text ${key} in ${language}`);
  return found;
}

const COMPANIES = ['Müller Handels GmbH', 'Rossi Trasporti S.r.l.', 'Van Dijk Logistics B.V.'];
const EXTRACT = 'layout-hrb-extract.pdf';

const [desktop, phone] = VIEWPORTS;

/** The app loaded again in a look, at the page it is on; resolves on its main heading. */
async function look(page: Page, chosen: Look<Language>) {
  await openInLook(page, chosen);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The words inside `locator`'s elements that a line break cuts in two. */
function wordsCutIn(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) => {
    const cut: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) cut.push(word[0]);
        }
      }
    }
    return cut;
  });
}

/** The labels of `locator` whose text does not fit their box, or runs past `container`. */
async function labelsCut(locator: Locator, container: Locator): Promise<string[]> {
  const edge = await container.evaluate((box) => box.getBoundingClientRect().right);
  return locator.evaluateAll(
    (labels, right) =>
      labels
        .filter(
          (label) =>
            label.scrollWidth > label.clientWidth + 1 ||
            label.getBoundingClientRect().right > right + 1,
        )
        .map((label) => label.textContent ?? ''),
    edge,
  );
}

/** Whether a select's chosen option fits in it (its text against the room inside the box). */
function selectShowsAll(select: Locator): Promise<{ text: string; fits: boolean }> {
  return select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const chosen = element.selectedOptions[0]?.text ?? '';
    const room =
      element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: chosen, fits: context.measureText(chosen).width <= room };
  });
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The owner's open file of Müller Handels. Its demo file is approved, and a new one after an
 * approval is staff's to start (decision 029): the manager starts it from the company's KYC tab
 * when none is open, then the owner continues it from the dashboard.
 */
async function openOwnFile(page: Page) {
  await signIn(page, 'manager');
  await page.goto('/partners');
  await page.getByRole('link', { name: 'Müller Handels GmbH', exact: true }).first().click();
  await page.getByRole('tab', { name: 'KYC' }).click();
  const panel = page.getByRole('tabpanel');
  const start = panel.getByRole('button', { name: 'Start KYC file' });
  // The company's files are listed (with the button when a new one may be started).
  await expect(panel.getByRole('link', { name: /^KYC #\d+$/ }).first()).toBeVisible({
    timeout: 20_000,
  });
  if (await start.isVisible()) {
    await start.click();
    await expect(page.getByRole('heading', { name: /^KYC #\d+$/, level: 1 })).toBeVisible();
  }
  await signOutFromMenu(page, 'Mark de Vries');

  await signIn(page, 'owner');
  const card = page.getByRole('region', { name: 'KYC: Müller Handels GmbH' });
  await card.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: /^KYC #\d+$/, level: 1 })).toBeVisible();
}

/** A reviewer opens the company's latest file from the KYC list, which is open. */
async function openFile(page: Page, company: string) {
  await page
    .getByRole('row')
    .filter({ hasText: company })
    .getByRole('link', { name: /^KYC #\d+$/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^KYC #\d+$/, level: 1 })).toBeVisible();
}

test('the KYC file holds its layout in English, German and French, on a desktop and a phone, and draws a PDF', async ({
  page,
}, testInfo: TestInfo) => {
  test.setTimeout(240_000);
  await openOwnFile(page);
  const cocStep = page.getByRole('region', { name: 'Chamber of Commerce', exact: true });
  const view = cocStep.getByRole('button', { name: `View ${EXTRACT}` }).first();
  // The company may hold other documents from earlier journeys: the extract is uploaded unless
  // it is listed already.
  await expect(cocStep.getByLabel('Upload a document')).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  if ((await view.count()) === 0) {
    await cocStep
      .getByLabel('Document type')
      .selectOption({ label: 'Chamber of Commerce extract (required)' });
    await cocStep
      .getByLabel('Upload a document')
      .setInputFiles(pdfFile(EXTRACT, 'Handelsregister Amtsgericht Hamburg HRB 123456'));
    await expect(view).toBeVisible({ timeout: 20_000 });
  }

  // Each language on either window. Whether a word or a select's text is cut depends on the
  // language and the width, not on the scheme: the schemes take turns, each with every
  // language and either window.
  for (const [row, language] of LANGUAGES.entries()) {
    for (const [column, viewport] of VIEWPORTS.entries()) {
      const scheme = row % 2 === column ? 'light' : 'dark';
      await look(page, { language, colorScheme: scheme, viewport });
      const shoot = screenShooter(page, testInfo, scheme, viewport);
      const where = `${language} ${viewport.name} ${scheme}`;

      const steps = page.getByRole('navigation', { name: text(language, 'kyc.detail.stepList') });
      await expect(steps.getByRole('link').first()).toBeVisible();
      expect(await wordsCutIn(steps.getByRole('link')), `step cards, ${where}`).toEqual([]);

      const coc = page.getByRole('region', {
        name: text(language, 'kyc.steps.coc'),
        exact: true,
      });
      const type = coc.getByRole('combobox', {
        name: text(language, 'kycForms.documents.typeOf').replace('{{name}}', EXTRACT),
      });
      const shown = await selectShowsAll(type.first());
      expect(shown.fits, `document type '${shown.text}', ${where}`).toBe(true);
      await shoot(`layout-kyc-file-${language}`);
    }
  }

  // A save's notice leaves the file's status and the step's fields in sight.
  for (const viewport of VIEWPORTS) {
    await look(page, { ...DEFAULT_LOOK, viewport });
    const coc = page.getByRole('region', { name: 'Chamber of Commerce', exact: true });
    await coc.getByLabel('CoC number').fill('HRB123456');
    await coc.getByLabel('Registered name').fill('Müller Handels GmbH');
    await coc.getByLabel('Legal form').fill('GmbH');
    await coc.getByLabel('Registration date').fill('17.03.2009');
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('.');
    await coc.getByLabel('Extract date').fill(today);
    await page.keyboard.press('Escape');
    await coc.getByRole('button', { name: 'Save step' }).click();
    const notice = page.locator('.toast').filter({ hasText: 'Step saved' });
    await expect(notice).toBeVisible();
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}-light-${viewport.name}.png`) });
    await shot('layout-saved-en');
    const box = (await notice.boundingBox())!;
    // The fields in sight where the person saved...
    const fields = await coc
      .getByRole('textbox')
      .evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
      );
    for (const field of fields.filter((at) => at.y >= 0 && at.y < viewport.height)) {
      expect(overlaps(box, field), `a field in sight, ${viewport.name}`).toBe(false);
    }
    // ...and the file's status at the top, while the notice is still up.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(notice).toBeVisible();
    const status = page.locator('.app-page-header .badge').first();
    expect(
      overlaps((await notice.boundingBox())!, (await status.boundingBox())!),
      `status badge, ${viewport.name}`,
    ).toBe(false);
    await shot('layout-saved-top-en');
  }

  // The PDF viewer draws the file with pdf.js, under the file's name: on either window, in
  // either scheme.
  for (const [viewport, scheme] of [
    [desktop, 'dark'],
    [phone, 'light'],
  ] as const) {
    await look(page, { language: 'en', colorScheme: scheme, viewport });
    const coc = page.getByRole('region', { name: 'Chamber of Commerce', exact: true });
    await coc
      .getByRole('button', { name: `View ${EXTRACT}` })
      .first()
      .click();
    const viewer = page.getByRole('dialog', { name: EXTRACT });
    const pages = viewer.getByRole('document', { name: EXTRACT });
    await expect(pages).toHaveAttribute('title', EXTRACT);
    const first = pages.getByRole('img', { name: `${EXTRACT}, page 1 of 1` });
    await expect(first).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
    const inked = await first.evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) dark += 1;
      return { width: canvas.width, dark };
    });
    expect(inked.width).toBeGreaterThan(200);
    expect(inked.dark, 'text drawn on the page').toBeGreaterThan(50);
    await screenShooter(page, testInfo, scheme, viewport)('layout-pdf-viewer-en', false);
    await viewer.getByRole('button', { name: 'Close' }).last().click();
    await expect(viewer).toHaveCount(0);
  }
});

test('staff: the French menu, an active Export PDF, the partner tabs on a phone, and the customers from the KYC list', async ({
  page,
}, testInfo: TestInfo) => {
  test.setTimeout(240_000);
  await signIn(page, 'manager');

  // The menu's labels are whole in French, beside the menu and inside its buttons: on either
  // window (the width decides whether they fit), in either scheme.
  for (const [viewport, scheme] of [
    [desktop, 'light'],
    [phone, 'dark'],
  ] as const) {
    await look(page, { language: 'fr', colorScheme: scheme, viewport });
    if (viewport.name === 'phone') {
      await page.getByRole('button', { name: text('fr', 'layout.openMenu') }).click();
    }
    const menu = page.getByRole('navigation', { name: text('fr', 'menu.label') });
    await expect(menu.getByText(text('fr', 'menu.newTradePartner'))).toBeVisible();
    // Measured once the off-canvas menu has slid in.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    const sidebar = menu.locator('xpath=ancestor::*[contains(@class, "app-sidebar")][1]');
    expect(await labelsCut(menu.locator('.app-menu-label'), sidebar), viewport.name).toEqual([]);
    await screenShooter(page, testInfo, scheme, viewport)('layout-menu-fr', false);
  }

  // 'Export PDF' is drawn as the active button it is, not in the grey of a disabled one.
  await openInLook(page, DEFAULT_LOOK, '/kyc');
  await openFile(page, 'Van Dijk Logistics B.V.');
  const exportButton = page.getByRole('button', { name: 'Export PDF' });
  await expect(exportButton).toBeEnabled();
  const colours = await exportButton.evaluate((button) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--bs-primary)';
    button.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    return { text: getComputedStyle(button).color, primary };
  });
  expect(colours.text).toBe(colours.primary);

  // On a phone the partner's tabs fade at the side where more of them are.
  await page.getByRole('link', { name: 'Van Dijk Logistics B.V.' }).first().click();
  // The KYC file has tabs of its own: the partner's are there once the address is the partner's.
  await expect(page).toHaveURL(/\/partners\/[^/?]+$/);
  const tabs = page.getByRole('tablist');
  await expect(tabs).toBeVisible();
  // How many tabs fit depends on the language; the schemes take turns.
  for (const [index, language] of LANGUAGES.entries()) {
    const scheme = index % 2 ? 'dark' : 'light';
    await look(page, { language, colorScheme: scheme, viewport: phone });
    await expect(tabs).toHaveAttribute('data-more-end', '');
    expect(await tabs.evaluate((list) => getComputedStyle(list).maskImage)).toContain('gradient');
    await screenShooter(page, testInfo, scheme, phone)(`layout-partner-tabs-${language}`);
  }
  await tabs.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
  await expect(tabs).not.toHaveAttribute('data-more-end');
  await expect(tabs).toHaveAttribute('data-more-start', '');

  // The customers: from the KYC list, each company with its latest file's status. In the
  // pairwise looks, with French for German; the last is the default look.
  for (const pairwise of PAIRWISE_LOOKS) {
    const language = pairwise.language === 'de' ? 'fr' : pairwise.language;
    const { colorScheme: scheme, viewport } = pairwise;
    await openInLook(page, { language, colorScheme: scheme, viewport }, '/kyc');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: text(language, 'kycCustomers.toCustomers') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: text(language, 'kycCustomers.title') }),
    ).toBeVisible();
    // Each demo company, with its latest file's status (whichever the journeys left it in).
    const statuses = Object.values(
      (texts[language].kyc as { statuses: Record<string, string> }).statuses,
    );
    for (const company of COMPANIES) {
      const row = page.getByRole('row').filter({ hasText: company });
      await expect(row).toBeVisible();
      expect(statuses).toContain(await row.locator('.badge').first().textContent());
      await expect(row.getByRole('link', { name: /^KYC #\d+$/ })).toBeVisible();
    }
    await screenShooter(page, testInfo, scheme, viewport)(`layout-customers-${language}`);
  }

  // And one customer's status and review, in the default look the last of the loop left.
  await page.getByRole('link', { name: 'Van Dijk Logistics B.V.', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Van Dijk Logistics B.V.' }),
  ).toBeVisible();
  const review = page.getByRole('region', { name: 'Status and review' });
  await expect(review).toContainText('In review');
  await expect(review).toContainText('Eva Jansen');
  await screenShooter(page, testInfo, 'light', desktop)('layout-customer-en');
});
