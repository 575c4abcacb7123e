import fontkit from '@pdf-lib/fontkit';
import { degrees, rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import type { AppendOutcome } from './append.js';
import type { FontName } from './fonts.js';
import { COLOURS, CONTENT_WIDTH, FOOTER_BASELINE, MARGIN, PAGE, rgbParts, SIZES } from './style.js';

/*
 * What pdf-lib adds once every page number is known: the outcome on each divider page, a number
 * on every page and the running footer on the report's.
 */

export type PageFonts = Record<'regular' | 'bold', PDFFont>;

export const colour = (hex: string) => rgb(...rgbParts(hex));

export async function embedFonts(
  pdf: PDFDocument,
  fonts: Record<FontName, Buffer>,
): Promise<PageFonts> {
  pdf.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(fonts.regular, { subset: true }),
    pdf.embedFont(fonts.bold, { subset: true }),
  ]);
  return { regular, bold };
}

/** Cuts `text` to `width` with an ellipsis. */
export function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** `text` in lines of at most `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  return [...lines, fit(line, font, size, width)];
}

/** The final index of each report page, once the documents' pages follow their dividers. */
export function reportPageIndices(
  reportPages: number,
  dividers: readonly { page: number }[],
  outcomes: readonly AppendOutcome[],
): number[] {
  return Array.from({ length: reportPages }, (_, page) =>
    dividers.reduce(
      (index, divider, at) =>
        divider.page < page && 'pages' in outcomes[at]! ? index + outcomes[at].pages : index,
      page,
    ),
  );
}

// ---- divider notes ---------------------------------------------------------------------------

/** The outcome of appending, in a light box on the divider page. */
export function drawDividerNote(
  page: PDFPage,
  fonts: PageFonts,
  slotY: number,
  note: { text: string; failed: boolean },
): void {
  const size = SIZES.body;
  const pad = 10;
  const lines = wrap(note.text, fonts.regular, size, CONTENT_WIDTH - 2 * pad);
  const lineHeight = size + 4;
  const height = lines.length * lineHeight + 2 * pad - 4;
  const top = PAGE.height - slotY - 4;
  page.drawRectangle({
    x: MARGIN.left,
    y: top - height,
    width: CONTENT_WIDTH,
    height,
    color: colour(note.failed ? COLOURS.warningFill : COLOURS.fill),
    borderColor: colour(note.failed ? COLOURS.warning : COLOURS.rule),
    borderWidth: 0.6,
  });
  lines.forEach((line, index) => {
    page.drawText(line, {
      x: MARGIN.left + pad,
      y: top - pad - size + 1 - index * lineHeight,
      size,
      font: note.failed ? fonts.bold : fonts.regular,
      color: colour(note.failed ? COLOURS.warning : COLOURS.text),
    });
  });
}

// ---- footers ---------------------------------------------------------------------------------

/**
 * Where a point given from the page's visible bottom-left lies in the page's own coordinates,
 * and how far text must turn to read upright: documents come with /Rotate and offset boxes.
 */
function visible(page: PDFPage, x: number, y: number) {
  const box = page.getCropBox();
  const angle = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const at = {
    0: [x, y],
    90: [box.width - y, x],
    180: [box.width - x, box.height - y],
    270: [y, box.height - x],
  }[angle]!;
  return { x: box.x + at[0]!, y: box.y + at[1]!, rotate: degrees(angle) };
}

function visibleSize(page: PDFPage): { width: number; height: number } {
  const { width, height } = page.getCropBox();
  return page.getRotation().angle % 180 === 0
    ? { width, height }
    : { width: height, height: width };
}

export type PageKind = 'cover' | 'report' | 'document';

/**
 * 'Page X of Y' (X the page's final `index` + 1) at the bottom right of each page given; on the
 * report's pages a rule and the running footer too; on a document's own pages on a white backing,
 * as its content may reach the corner.
 */
export function stampPages(
  pages: readonly { page: PDFPage; index: number; kind: PageKind }[],
  fonts: PageFonts,
  total: number,
  text: { page: (page: number, total: number) => string; running: string },
): void {
  const size = SIZES.footer;
  pages.forEach(({ page, index, kind }) => {
    const label = text.page(index + 1, total);
    const labelWidth = fonts.regular.widthOfTextAtSize(label, size);
    const { width } = visibleSize(page);
    const right = kind === 'document' ? width - 24 : MARGIN.left + CONTENT_WIDTH;
    const baseline = kind === 'document' ? 14 : FOOTER_BASELINE;
    if (kind === 'document') {
      const corner = visible(page, right - labelWidth - 4, baseline - 4);
      page.drawRectangle({
        ...corner,
        width: labelWidth + 8,
        height: size + 6,
        color: rgb(1, 1, 1),
        opacity: 0.85,
      });
    }
    page.drawText(label, {
      ...visible(page, right - labelWidth, baseline),
      size,
      font: fonts.regular,
      color: colour(COLOURS.muted),
    });
    if (kind !== 'report') return;
    page.drawLine({
      start: { x: MARGIN.left, y: baseline + 12 },
      end: { x: right, y: baseline + 12 },
      thickness: 0.4,
      color: colour(COLOURS.rule),
    });
    page.drawText(fit(text.running, fonts.regular, size, CONTENT_WIDTH - labelWidth - 24), {
      x: MARGIN.left,
      y: baseline,
      size,
      font: fonts.regular,
      color: colour(COLOURS.muted),
    });
  });
}
