import type { FontName } from './fonts.js';
import { COLOURS, CONTENT_WIDTH, GAP, MARGIN, SIZES } from './style.js';
import { BOTTOM, cellParts, LINE_GAP, type Cell, type ReportWriter } from './report-writer.js';

export interface Column {
  header: string;
  /** A share of the content width (the shares adding up to 1); left out, it fits the content. */
  width?: number;
}

export interface TableRow {
  cells: Cell[];
  /** A line under the row across all columns (an audit entry's details, a hash). */
  note?: string;
  noteFont?: FontName;
}

const PAD = 4;

/**
 * Column widths that fit the content: each at least as wide as its longest word, the rest of
 * the width shared by how much more each column's longest text needs. Null when the longest
 * words alone are wider than the page.
 */
export function fittedWidths(
  writer: ReportWriter,
  columns: readonly Column[],
  rows: readonly TableRow[],
): number[] | null {
  const { doc } = writer;
  const measure = (text: string, font: FontName, size: number) => {
    writer.style(font, size);
    const lines = text.split('\n');
    return {
      word: Math.max(
        ...lines.flatMap((line) => line.split(/\s+/)).map((w) => doc.widthOfString(w)),
      ),
      line: Math.max(...lines.map((line) => doc.widthOfString(line))),
    };
  };
  const needs = columns.map((column, index) => {
    const texts = [
      measure(column.header, 'bold', SIZES.small),
      ...rows.map((row) => {
        const { text, font, size } = cellParts(row.cells[index] ?? '', SIZES.table);
        return measure(text, font, size);
      }),
    ];
    return {
      least: Math.max(...texts.map((text) => text.word)) + 2 * PAD,
      most: Math.max(...texts.map((text) => text.line)) + 2 * PAD,
    };
  });
  const least = needs.reduce((sum, need) => sum + need.least, 0);
  if (least > CONTENT_WIDTH) return null;
  const wanted = needs.reduce((sum, need) => sum + need.most - need.least, 0);
  const spare = CONTENT_WIDTH - least;
  if (wanted <= spare) {
    const most = needs.reduce((sum, need) => sum + need.most, 0);
    return needs.map((need) => (need.most / most) * CONTENT_WIDTH);
  }
  return needs.map((need) => need.least + ((need.most - need.least) / wanted) * spare);
}

function header(writer: ReportWriter, columns: readonly Column[], widths: number[]): void {
  const heights = columns.map((column, index) =>
    writer.heightOf(column.header, 'bold', SIZES.small, widths[index]! - 2 * PAD),
  );
  const height = Math.max(...heights) + 2 * PAD;
  writer.doc.rect(MARGIN.left, writer.y, CONTENT_WIDTH, height).fill(COLOURS.fill);
  let x = MARGIN.left;
  columns.forEach((column, index) => {
    writer.style('bold', SIZES.small, COLOURS.muted).text(column.header, x + PAD, writer.y + PAD, {
      width: widths[index]! - 2 * PAD,
      lineGap: LINE_GAP,
    });
    x += widths[index]!;
  });
  writer.y += height;
}

function row(writer: ReportWriter, line: TableRow, widths: number[], height: number): void {
  const noteHeight = noteHeightOf(writer, line);
  let x = MARGIN.left;
  line.cells.forEach((cell, index) => {
    const { text, font, color, size } = cellParts(cell, SIZES.table);
    writer.style(font, size, color).text(text, x + PAD, writer.y + PAD, {
      width: widths[index]! - 2 * PAD,
      lineGap: LINE_GAP,
      height: height - noteHeight - 2 * PAD,
      ellipsis: true,
    });
    x += widths[index]!;
  });
  if (line.note) {
    writer
      .style(line.noteFont ?? 'regular', SIZES.small, COLOURS.muted)
      .text(line.note, MARGIN.left + PAD, writer.y + height - noteHeight - PAD + 2, {
        width: CONTENT_WIDTH - 2 * PAD,
        lineGap: LINE_GAP,
      });
  }
  writer.y += height;
  writer.rule();
}

const noteHeightOf = (writer: ReportWriter, line: TableRow) =>
  line.note
    ? writer.heightOf(line.note, line.noteFont ?? 'regular', SIZES.small, CONTENT_WIDTH - 2 * PAD) +
      2
    : 0;

/** A table with light rules, its header row repeated on each page it runs onto. */
export function writeTable(
  writer: ReportWriter,
  columns: readonly Column[],
  rows: readonly TableRow[],
): void {
  const widths = columns.every((column) => column.width !== undefined)
    ? columns.map((column) => column.width! * CONTENT_WIDTH)
    : (fittedWidths(writer, columns, rows) ?? columns.map(() => CONTENT_WIDTH / columns.length));
  // A header alone at the foot of a page helps nobody: it goes with at least one row.
  writer.ensure(60);
  header(writer, columns, widths);
  for (const line of rows) {
    const heights = line.cells.map((cell, index) => {
      const { text, font, size } = cellParts(cell, SIZES.table);
      return writer.heightOf(text, font, size, widths[index]! - 2 * PAD);
    });
    // A row longer than a page (a 4000-character reason) is cut short with an ellipsis.
    const height = Math.min(
      Math.max(...heights) + noteHeightOf(writer, line) + 2 * PAD,
      BOTTOM - MARGIN.top - 40,
    );
    if (writer.y + height > BOTTOM) {
      writer.newPage();
      header(writer, columns, widths);
    }
    row(writer, line, widths, height);
  }
  writer.space(GAP.block);
}
