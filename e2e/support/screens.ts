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
