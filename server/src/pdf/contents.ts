import { PDFHexString, PDFName, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import { colour, fit, type PageFonts } from './pages.js';
import { COLOURS, CONTENT_WIDTH, MARGIN, PAGE, SIZES } from './style.js';
import type { SectionMark } from './report-writer.js';

/*
 * The ways through the file once every page is in place: the table of contents after the cover,
 * each entry linked to its page, and the same entries as bookmarks.
 */

const TOC = { heading: 48, level1: 22, level2: 15, indent: 16 } as const;

const entryHeight = (mark: SectionMark) => (mark.level === 1 ? TOC.level1 : TOC.level2);

/** The entries of each contents page. */
export function paginateContents(marks: readonly SectionMark[]): SectionMark[][] {
  const usable = PAGE.height - MARGIN.top - MARGIN.bottom;
  const pages: SectionMark[][] = [[]];
  let used: number = TOC.heading;
  for (const mark of marks) {
    if (used + entryHeight(mark) > usable) {
      pages.push([]);
      used = 0;
    }
    pages.at(-1)!.push(mark);
    used += entryHeight(mark);
  }
  return pages;
}

/** A link on `page` over a rectangle, to the top of `target`. */
function link(pdf: PDFDocument, page: PDFPage, rect: number[], target: PDFRef): void {
  const annotation = pdf.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: rect,
    Border: [0, 0, 0],
    Dest: [target, 'Fit'],
  });
  page.node.addAnnot(pdf.context.register(annotation));
}

/** Fills the contents pages: each section with its page number (as `place` tells), linked to it. */
export function drawContents(
  pdf: PDFDocument,
  fonts: PageFonts,
  contents: { pages: PDFPage[]; entries: SectionMark[][]; title: string },
  place: (mark: SectionMark) => { number: number; ref: PDFRef },
): void {
  const { pages, entries, title } = contents;
  const right = MARGIN.left + CONTENT_WIDTH;
  pages.forEach((page, at) => {
    let y = PAGE.height - MARGIN.top;
    if (at === 0) {
      page.drawText(title, {
        x: MARGIN.left,
        y: y - SIZES.h1,
        size: SIZES.h1,
        font: fonts.bold,
        color: colour(COLOURS.accent),
      });
      const ruleY = y - SIZES.h1 - 10;
      page.drawLine({
        start: { x: MARGIN.left, y: ruleY },
        end: { x: right, y: ruleY },
        thickness: 0.8,
        color: colour(COLOURS.accent),
      });
      y -= TOC.heading;
    }
    for (const mark of entries[at]!) {
      const level1 = mark.level === 1;
      const size = level1 ? 10 : SIZES.table;
      const font = level1 ? fonts.bold : fonts.regular;
      const x = MARGIN.left + (level1 ? 0 : TOC.indent);
      const target = place(mark);
      const number = String(target.number);
      const numberWidth = fonts.regular.widthOfTextAtSize(number, size);
      const baseline = y - entryHeight(mark) + 6;
      const text = fit(mark.title, font, size, right - x - numberWidth - 24);
      const textColour = colour(level1 ? COLOURS.text : COLOURS.muted);
      page.drawText(text, { x, y: baseline, size, font, color: textColour });
      const dotsFrom = x + font.widthOfTextAtSize(text, size) + 6;
      const dots = '.'.repeat(
        Math.max(
          0,
          Math.floor(
            (right - numberWidth - 6 - dotsFrom) / fonts.regular.widthOfTextAtSize('.', size) / 2,
          ),
        ),
      );
      page.drawText(dots.split('').join(' '), {
        x: dotsFrom,
        y: baseline,
        size,
        font: fonts.regular,
        color: colour(COLOURS.faint),
      });
      page.drawText(number, {
        x: right - numberWidth,
        y: baseline,
        size,
        font: fonts.regular,
        color: textColour,
      });
      link(pdf, page, [x, baseline - 4, right, baseline + size + 2], target.ref);
      y -= entryHeight(mark);
    }
  });
}

/** The sections as bookmarks, the appended documents under the appendix; opened with them. */
export function addOutline(
  pdf: PDFDocument,
  marks: readonly { title: string; level: 1 | 2; page: PDFRef }[],
): void {
  const { context } = pdf;
  const root = context.nextRef();
  interface Item {
    ref: PDFRef;
    title: string;
    page: PDFRef;
    children: Item[];
  }
  const top: Item[] = [];
  for (const mark of marks) {
    const item = { ref: context.nextRef(), title: mark.title, page: mark.page, children: [] };
    if (mark.level === 2 && top.length > 0) top.at(-1)!.children.push(item);
    else top.push(item);
  }
  const write = (items: Item[], parent: PDFRef) => {
    items.forEach((item, index) => {
      const entry = context.obj({
        Title: PDFHexString.fromText(item.title),
        Parent: parent,
        Dest: [item.page, 'Fit'],
        ...(index > 0 ? { Prev: items[index - 1]!.ref } : {}),
        ...(index < items.length - 1 ? { Next: items[index + 1]!.ref } : {}),
        ...(item.children.length > 0
          ? {
              First: item.children[0]!.ref,
              Last: item.children.at(-1)!.ref,
              Count: -item.children.length,
            }
          : {}),
      });
      context.assign(item.ref, entry);
      write(item.children, item.ref);
    });
  };
  write(top, root);
  context.assign(
    root,
    context.obj({
      Type: 'Outlines',
      ...(top.length > 0 ? { First: top[0]!.ref, Last: top.at(-1)!.ref, Count: top.length } : {}),
    }),
  );
  pdf.catalog.set(PDFName.of('Outlines'), root);
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}
