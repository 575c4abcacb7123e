import { readFileSync } from 'node:fs';
import { expect, type Page, type Response, type TestInfo } from '@playwright/test';

/** Screens are kept as test artefacts to look at: light and dark, wide and narrow. */
export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/**
 * Saves the page as `{screen}-{scheme}-{viewport}.png` in the test's output folder, once theme
 * changes and the off-canvas menu have stopped animating. A dialog is shot as the window shows
 * it (`fullPage` false): a full-page shot would tear its fixed layers.
 */
export function screenShooter(
  page: Page,
  testInfo: TestInfo,
  colorScheme: string,
  viewport: Viewport,
) {
  return async (screen: string, fullPage = true) => {
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    const path = testInfo.outputPath(`${screen}-${colorScheme}-${viewport.name}.png`);
    await page.screenshot({ path, fullPage });
  };
}

/** The languages screens are looked at in: English, and German as a long one. */
export const LOOK_LANGUAGES = ['en', 'de'] as const;
export type LookLanguage = (typeof LOOK_LANGUAGES)[number];

const texts: Record<LookLanguage, Record<string, unknown>> = {
  en: JSON.parse(readFileSync('public/assets/i18n/en.json', 'utf8')),
  de: JSON.parse(readFileSync('public/assets/i18n/de.json', 'utf8')),
};

/** The app's text for a dotted key in a language, so one journey finds its way in both. */
export function text(language: LookLanguage, key: string): string {
  const found = key.split('.').reduce<unknown>((node, part) => {
    return node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }, texts[language]);
  if (typeof found !== 'string') throw new Error(`no text ${key} in ${language}`);
  return found;
}

/** A look of the app: its language and colour scheme, in a window of one size. */
export interface Look<Language extends string = LookLanguage> {
  language: Language;
  colorScheme: ColorScheme;
  viewport: Viewport;
}

const [desktop, phone] = VIEWPORTS;

/** English, light, on a desktop: the app's defaults. */
export const DEFAULT_LOOK: Look = { language: 'en', colorScheme: 'light', viewport: desktop };

/**
 * Four of the eight looks that between them have every language, scheme and viewport, and
 * every pair of them (the other four add no new pair). The last is the default look: a page
 * taken through them in turn is left in it.
 */
export const PAIRWISE_LOOKS: readonly Look[] = [
  { language: 'de', colorScheme: 'dark', viewport: desktop },
  { language: 'de', colorScheme: 'light', viewport: phone },
  { language: 'en', colorScheme: 'dark', viewport: phone },
  DEFAULT_LOOK,
];

/**
 * Each scheme on either window, in English: the looks of a screen whose texts are not the
 * point, in the order light desktop, light phone, dark desktop, dark phone.
 */
export const SCHEME_LOOKS: readonly Look[] = COLOR_SCHEMES.flatMap((colorScheme) =>
  VIEWPORTS.map((viewport) => ({ language: 'en' as const, colorScheme, viewport })),
);

/** The request with which the app, back from the identity provider, takes its tokens. */
const isCodeExchange = (response: Response) =>
  response.url().endsWith('/protocol/openid-connect/token') &&
  (response.request().postData() ?? '').includes('grant_type=authorization_code');

/**
 * Loads the app in `look`, at `path` or (without one) the page it is on: the window takes the
 * look's size, and its language and theme are stored where the app reads them at start. Every
 * load of the app signs in again through the identity provider and back, after the load itself
 * has finished (a reload resolves before that redirect, and the page goes on to navigate away):
 * this resolves once the app has its tokens again and shows the look's language and theme.
 */
export async function openInLook(page: Page, look: Look<string>, path?: string) {
  await page.setViewportSize(look.viewport);
  await page.evaluate(
    ([language, theme]) => {
      localStorage.setItem('nt24_language', language!);
      localStorage.setItem('nt24_theme', theme!);
    },
    [look.language, look.colorScheme],
  );
  const signedIn = page.waitForResponse(isCodeExchange);
  if (path === undefined) await page.reload();
  else await page.goto(path);
  await signedIn;
  await expect(page.locator('html')).toHaveAttribute('lang', look.language);
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', look.colorScheme);
}

/**
 * Shoots one screen in each of the pairwise looks (PAIRWISE_LOOKS). The page is loaded again
 * in each (the choices are the ones the app stores), `show` brings the screen up, and `hide`
 * puts it away; afterwards the page is signed in again in the last look, English, light, on a
 * desktop, with the screen's page up (and whatever `hide` left of it).
 */
export async function shootEveryLook(
  page: Page,
  testInfo: TestInfo,
  screen: string,
  show: (language: LookLanguage) => Promise<void>,
  { hide, fullPage = true }: { hide?: () => Promise<void>; fullPage?: boolean } = {},
) {
  for (const look of PAIRWISE_LOOKS) {
    await openInLook(page, look);
    await show(look.language);
    await screenShooter(
      page,
      testInfo,
      look.colorScheme,
      look.viewport,
    )(`${screen}-${look.language}`, fullPage);
    await hide?.();
  }
}
