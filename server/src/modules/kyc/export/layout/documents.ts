import type { KycStepType } from '#common/kyc.js';
import type { ExportDocument } from '../model.js';
import type { PdfTexts } from '../texts.js';
import { COLOURS, CONTENT_WIDTH, MARGIN, SIZES } from '../../../../pdf/style.js';
import { cellParts, type Cell, type ReportWriter } from '../../../../pdf/report-writer.js';
import { writeTable } from '../../../../pdf/table.js';

/** Where a divider page is, and where on it the outcome of appending goes. */
export interface Divider {
  document: ExportDocument;
  /** The report page, 0-based. */
  page: number;
  /** From the page's top, in points. */
  slotY: number;
}

const THUMB = { width: 76, height: 100 } as const;
const CARD_PAD = 8;
const LINE_SPACE = 2;

/** The documents by the step that asks for them, in order; those of no step last. */
function byStep(documents: readonly ExportDocument[]): [KycStepType | null, ExportDocument[]][] {
  const groups = new Map<KycStepType | null, ExportDocument[]>();
  for (const document of documents) {
    groups.set(document.stepType, [...(groups.get(document.stepType) ?? []), document]);
  }
  const other = groups.get(null);
  groups.delete(null);
  return [...groups.entries(), ...(other ? [[null, other] as [null, ExportDocument[]]] : [])];
}

const typeOf = (texts: PdfTexts, document: ExportDocument) =>
  texts.byCode('documents.types', document.type, {}, document.type);

const uploaded = (texts: PdfTexts, document: ExportDocument) =>
  [texts.dateTime(document.uploadedAt), document.uploadedBy].filter(Boolean).join(', ');

/** A thumbnail, or a light box saying there is no preview. */
function thumbnail(writer: ReportWriter, texts: PdfTexts, image: Buffer | null, top: number) {
  const { doc } = writer;
  const x = MARGIN.left + CARD_PAD / 2;
  if (image) {
    try {
      doc.image(image, x, top, {
        fit: [THUMB.width, THUMB.height],
        align: 'center',
        valign: 'center',
      });
      return;
    } catch {
      // An image pdfkit cannot read gets the placeholder too.
    }
  }
  doc
    .rect(x, top, THUMB.width, THUMB.height)
    .lineWidth(0.5)
    .dash(2, { space: 2 })
    .fillAndStroke(COLOURS.fill, COLOURS.rule)
    .undash();
  writer
    .style('regular', SIZES.small, COLOURS.faint)
    .text(texts.pdf('documents.noPreview'), x + 4, top + THUMB.height / 2 - 8, {
      width: THUMB.width - 8,
      align: 'center',
    });
}

/** A document as a card: its thumbnail beside what it is, when and by whom, and its hash. */
function card(
  writer: ReportWriter,
  texts: PdfTexts,
  document: ExportDocument,
  image: Buffer | null,
): void {
  const p = texts.pdf;
  const x = MARGIN.left + THUMB.width + 2 * CARD_PAD;
  const width = CONTENT_WIDTH - (x - MARGIN.left);
  const type = typeOf(texts, document);
  const lines: [string, Cell][] = [
    [p('documents.fileName'), document.fileName],
    [p('documents.size'), texts.fileSize(document.size)],
    [p('documents.uploaded'), uploaded(texts, document)],
    [p('documents.sha256'), { text: document.sha256, font: 'mono' }],
  ];
  const textHeight = lines.reduce(
    (sum, [label, value]) => {
      const { text, font } = cellParts(value, SIZES.table);
      return sum + writer.heightOf(`${label}: ${text}`, font, SIZES.table, width) + LINE_SPACE;
    },
    writer.heightOf(type, 'bold', SIZES.body, width) + 4,
  );
  const height = Math.max(THUMB.height, textHeight) + 2 * CARD_PAD;
  writer.ensure(height);
  const top = writer.y + CARD_PAD;
  thumbnail(writer, texts, image, top);
  writer.y = top;
  writer.write(type, { font: 'bold', x, width, gap: 4 });
  for (const [label, value] of lines) {
    const { text, font, color } = cellParts(value, SIZES.table);
    writer
      .style('regular', SIZES.table, COLOURS.muted)
      .text(`${label}: `, x, writer.y, { width, lineGap: 1.5, continued: true });
    writer.style(font, SIZES.table, color).text(text, { width, lineGap: 1.5 });
    writer.y = writer.doc.y + LINE_SPACE;
  }
  writer.y = top + height - CARD_PAD;
  writer.rule();
}

/** The list of documents, grouped by step, with thumbnails when asked for. */
export function writeDocuments(
  writer: ReportWriter,
  texts: PdfTexts,
  documents: readonly ExportDocument[],
  thumbnails: ReadonlyMap<number, Buffer | null> | null,
): void {
  const p = texts.pdf;
  if (documents.length === 0) return writer.quiet(p('documents.none'));
  for (const [stepType, group] of byStep(documents)) {
    writer.heading(stepType ? texts.stepTitle(stepType) : p('documents.other'), 110);
    if (thumbnails) {
      for (const document of group)
        card(writer, texts, document, thumbnails.get(document.id) ?? null);
      writer.space();
      continue;
    }
    writeTable(
      writer,
      [
        { header: p('documents.type'), width: 0.25 },
        { header: p('documents.fileName'), width: 0.33 },
        { header: p('documents.size'), width: 0.12 },
        { header: p('documents.uploaded'), width: 0.3 },
      ],
      group.map((document) => ({
        cells: [
          typeOf(texts, document),
          document.fileName,
          texts.fileSize(document.size),
          uploaded(texts, document),
        ],
        note: `SHA-256 ${document.sha256}`,
        noteFont: 'mono',
      })),
    );
  }
}

/** A page before each appended document: which it is, and everything known about it. */
export function writeDividers(
  writer: ReportWriter,
  texts: PdfTexts,
  documents: readonly ExportDocument[],
): Divider[] {
  const p = texts.pdf;
  return documents.map((document, index) => {
    if (!writer.fresh) writer.newPage();
    const title = p('divider.heading', { number: index + 1, total: documents.length });
    if (index === 0) writer.mark(p('appendix.title'), 1);
    writer.mark(`${title}: ${document.fileName}`, 2);
    writer.y = 150;
    writer.write(p('appendix.title'), { size: SIZES.small, color: COLOURS.muted, gap: 3 });
    writer.write(title, { font: 'bold', size: SIZES.h1, color: COLOURS.accent, gap: 6 });
    writer.rule(writer.y, COLOURS.accent, 0.8);
    writer.space(18);
    writer.write(document.fileName, { font: 'bold', size: 14, gap: 16 });
    writer.facts(
      [
        [p('documents.type'), typeOf(texts, document)],
        [p('documents.step'), document.stepType ? texts.stepTitle(document.stepType) : '–'],
        [p('documents.size'), texts.fileSize(document.size)],
        [p('documents.contentType'), document.contentType],
        [p('documents.uploaded'), uploaded(texts, document)],
        [p('documents.sha256'), { text: document.sha256, font: 'mono', size: SIZES.table }],
      ],
      0.26,
    );
    return { document, page: writer.page, slotY: writer.y };
  });
}
