import type { FontName } from './fonts.js';
import { COLOURS, CONTENT_WIDTH, GAP, MARGIN, PAGE, SIZES } from './style.js';

/** A place the table of contents and the bookmarks point to: a report page (0-based). */
export interface SectionMark {
  title: string;
  level: 1 | 2;
  page: number;
}

/** A table cell: text, or text with its own font or colour. */
export type Cell = string | { text: string; font?: FontName; color?: string; size?: number };

/** Where the text of a page ends. */
export const BOTTOM = PAGE.height - MARGIN.bottom;
export const LINE_GAP = 1.5;
const CELL_PAD = 4;
/** What a section that follows another on the same page needs below its heading. */
const SECTION_ROOM = (PAGE.height - MARGIN.top - MARGIN.bottom) / 3;

/** A cell's text, font and colour, the defaults filled in. */
export const cellParts = (
  cell: Cell,
  size: number,
): { text: string; font: FontName; color: string; size: number } =>
  typeof cell === 'string'
    ? { text: cell, font: 'regular', color: COLOURS.text, size }
    : {
        text: cell.text,
        font: cell.font ?? 'regular',
        color: cell.color ?? COLOURS.text,
        size: cell.size ?? size,
      };

/**
 * Writes the report with pdfkit, keeping a cursor of its own: blocks ask for the room they need
 * and start a new page when it is not there, so rows, facts and headings are never cut in two.
 */
export class ReportWriter {
  readonly sections: SectionMark[] = [];
  y: number = MARGIN.top;

  constructor(readonly doc: PDFKit.PDFDocument) {}

  /** The report page being written, 0-based. */
  get page(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  get fresh(): boolean {
    return this.y <= MARGIN.top;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = MARGIN.top;
  }

  /** Starts a new page unless `height` more fits on this one. */
  ensure(height: number): void {
    if (!this.fresh && this.y + height > BOTTOM) this.newPage();
  }

  style(font: FontName, size: number, color: string = COLOURS.text): PDFKit.PDFDocument {
    return this.doc.font(font).fontSize(size).fillColor(color);
  }

  heightOf(text: string, font: FontName, size: number, width: number): number {
    this.style(font, size);
    return this.doc.heightOfString(text || ' ', { width, lineGap: LINE_GAP });
  }

  /** Text at the cursor (or at `x` with `width`), moving the cursor below it. */
  write(
    text: string,
    options: {
      font?: FontName;
      size?: number;
      color?: string;
      x?: number;
      width?: number;
      gap?: number;
      align?: 'left' | 'right' | 'center';
    } = {},
  ): void {
    const { font = 'regular', size = SIZES.body, color, x = MARGIN.left, gap = 0 } = options;
    const width = options.width ?? CONTENT_WIDTH - (x - MARGIN.left);
    this.style(font, size, color);
    // pdfkit itself carries a long paragraph over to the next page.
    this.doc.text(text, x, this.y, { width, lineGap: LINE_GAP, align: options.align });
    this.y = this.doc.y + gap;
  }

  rule(y = this.y, color: string = COLOURS.rule, width = 0.5): void {
    this.doc
      .moveTo(MARGIN.left, y)
      .lineTo(MARGIN.left + CONTENT_WIDTH, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }

  /** Puts the current page in the table of contents and the bookmarks. */
  mark(title: string, level: 1 | 2): void {
    this.sections.push({ title, level, page: this.page });
  }

  /**
   * A main section, in the table of contents: on a new page, or with `flow` after what came
   * before when at least a third of the page is left.
   */
  section(title: string, options: { eyebrow?: string; flow?: boolean } = {}): void {
    const { eyebrow, flow = false } = options;
    if (flow && !this.fresh && this.y + SECTION_ROOM <= BOTTOM) this.y += 2 * GAP.block;
    else if (!this.fresh) this.newPage();
    this.mark(title, 1);
    if (eyebrow) this.write(eyebrow, { size: SIZES.small, color: COLOURS.muted, gap: 3 });
    this.write(title, { font: 'bold', size: SIZES.h1, color: COLOURS.accent, gap: 6 });
    this.rule(this.y, COLOURS.accent, 0.8);
    this.y += GAP.block;
  }

  /** A heading in a section, kept on a page with at least `keep` points of what follows. */
  heading(text: string, keep = 40): void {
    this.titled(text, SIZES.h2, COLOURS.accent, keep);
  }

  /** A heading within a heading's part: a table's caption. */
  subheading(text: string, keep = 40): void {
    this.titled(text, SIZES.h3, COLOURS.text, keep);
  }

  private titled(text: string, size: number, color: string, keep: number): void {
    this.ensure(this.heightOf(text, 'bold', size, CONTENT_WIDTH) + keep);
    if (!this.fresh) this.y += GAP.heading;
    this.write(text, { font: 'bold', size, color, gap: GAP.heading });
  }

  space(points: number = GAP.block): void {
    this.y += points;
  }

  /** A muted sentence: 'No comments.' */
  quiet(text: string): void {
    this.ensure(20);
    this.write(text, { size: SIZES.table, color: COLOURS.muted, gap: GAP.block });
  }

  /** A dated entry (a comment): a muted line of when and who, the text in full below it. */
  entry(meta: string, body: string): void {
    const metaHeight = this.heightOf(meta, 'bold', SIZES.small, CONTENT_WIDTH);
    const firstLines = Math.min(this.heightOf(body, 'regular', SIZES.body, CONTENT_WIDTH), 48);
    this.ensure(metaHeight + firstLines + 12);
    this.y += 4;
    this.write(meta, { font: 'bold', size: SIZES.small, color: COLOURS.muted, gap: 2 });
    this.write(body, { gap: 6 });
    this.rule();
  }

  /** Label and value pairs in two columns with light rules between them. */
  facts(rows: [label: string, value: Cell][], labelShare = 0.32): void {
    const labelWidth = CONTENT_WIDTH * labelShare;
    const valueWidth = CONTENT_WIDTH - labelWidth - CELL_PAD;
    for (const [label, value] of rows) {
      const { font, color, size } = cellParts(value, SIZES.body);
      const text = cellParts(value, SIZES.body).text || '–';
      const height =
        Math.max(
          this.heightOf(label, 'regular', SIZES.table, labelWidth - CELL_PAD),
          this.heightOf(text, font, size, valueWidth),
        ) +
        2 * GAP.row;
      this.ensure(Math.min(height, BOTTOM - MARGIN.top));
      const top = this.y + GAP.row;
      this.style('regular', SIZES.table, COLOURS.muted).text(label, MARGIN.left, top + 0.8, {
        width: labelWidth - CELL_PAD,
        lineGap: LINE_GAP,
      });
      this.style(font, size, color).text(text, MARGIN.left + labelWidth, top, {
        width: valueWidth,
        lineGap: LINE_GAP,
        height: BOTTOM - top,
        ellipsis: true,
      });
      this.y += height;
      this.rule();
    }
    this.y += GAP.block;
  }
}
