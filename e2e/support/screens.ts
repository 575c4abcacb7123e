import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';

/** Screens are kept as test artefacts to look at: light and dark, wide and narrow. */
export const COLOR_SCHEMES = ['light', 'dark'] as const;
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

/**
 * Shoots one screen in every look: each language, scheme and viewport. The page is reloaded
 * in each (the choices are the ones the app stores), `show` brings the screen up again, and
 * `hide` puts it away; afterwards the page is back in English, light, on a desktop.
 */
export async function shootEveryLook(
  page: Page,
  testInfo: TestInfo,
  screen: string,
  show: (language: LookLanguage) => Promise<void>,
  { hide, fullPage = true }: { hide?: () => Promise<void>; fullPage?: boolean } = {},
) {
  const store = async (language: string, theme: string) => {
    // Signing in again on a reload goes through the identity provider and back, so wait for
    // the page to be the app's again, with nothing left to load.
    await page.waitForURL((url) => url.pathname === screenUrl.pathname);
    await page.waitForLoadState('networkidle');
    await page.evaluate(
      ([l, t]) => {
        localStorage.setItem('nt24_language', l!);
        localStorage.setItem('nt24_theme', t!);
      },
      [language, theme],
    );
  };
  const screenUrl = new URL(page.url());

  for (const language of LOOK_LANGUAGES) {
    for (const colorScheme of COLOR_SCHEMES) {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await store(language, colorScheme);
        await page.reload();
        await show(language);
        await screenShooter(
          page,
          testInfo,
          colorScheme,
          viewport,
        )(`${screen}-${language}`, fullPage);
        await hide?.();
      }
    }
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await store('en', 'light');
  await page.reload();
}
