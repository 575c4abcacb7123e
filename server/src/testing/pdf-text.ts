import { createRequire } from 'node:module';
import path from 'node:path';

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** A PDF's text page by page, as pdf.js extracts it, and its page count. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; text: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    return { pages, text: pages.join('\n') };
  } finally {
    await task.destroy();
  }
}
