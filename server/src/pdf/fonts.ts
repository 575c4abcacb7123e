import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * DejaVu Sans covers every Latin, Greek and Cyrillic letter a company or person name may carry
 * (Łódź, Société, Müller), which the PDF standard fonts do not; both pdfkit and pdf-lib embed
 * only the glyphs used.
 */
export const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;

export type FontName = keyof typeof FONT_FILES;

const fontDirectory = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

let loaded: Promise<Record<FontName, Buffer>> | undefined;

/** The three fonts' bytes, read once per process. */
export function loadFonts(): Promise<Record<FontName, Buffer>> {
  loaded ??= (async () => {
    const names = Object.keys(FONT_FILES) as FontName[];
    const files = await Promise.all(
      names.map((name) => readFile(path.join(fontDirectory, FONT_FILES[name]))),
    );
    return Object.fromEntries(names.map((name, index) => [name, files[index]!])) as Record<
      FontName,
      Buffer
    >;
  })();
  // A failed read (a broken install) is not cached: the next export tries again.
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
