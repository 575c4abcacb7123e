import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { LANGUAGES, type Language } from '#common/languages.js';
import { appendDocument, measureDocument, type AppendOutcome } from '../../../pdf/append.js';
import { addOutline, drawContents, paginateContents } from '../../../pdf/contents.js';
import {
  drawDividerNote,
  embedFonts,
  reportPageIndices,
  stampPages,
  type PageFonts,
} from '../../../pdf/pages.js';
import { PdfStreamWriter, type PdfSink } from '../../../pdf/stream-writer.js';
import { loadFonts } from '../../../pdf/fonts.js';
import type { Divider } from './layout/documents.js';
import { renderReport, type Report } from './layout/report.js';
import { PAGE } from '../../../pdf/style.js';
import type {
  ExportDocument,
  ExportDocumentSource,
  ExportOptions,
  ExportProgress,
  KycExportModel,
} from './model.js';
import { loadTexts, type PdfTexts } from './texts.js';

/** The review file is written in the app's languages. */
const isExportLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/**
 * The best of the six for an Accept-Language header ('de-CH, fr;q=0.8, *;q=0.1'): by quality,
 * then by order; a region falls back to its language; English when none matches.
 */
export function exportLanguage(acceptLanguageHeader?: string): Language {
  const ranges = (acceptLanguageHeader ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const q = parameters.find((parameter) => /^q=/i.test(parameter));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((range) => range.tag !== '' && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { tag } of ranges) {
    const language = tag === '*' ? 'en' : tag.split('-')[0]!;
    if (isExportLanguage(language)) return language;
  }
  return 'en';
}

/** Where each stage starts, in percent: 'collecting' (before this builder) ends at 10. */
const PERCENT = {
  thumbnails: 10,
  layout: 25,
  measuring: 30,
  documents: 40,
  finishing: 95,
} as const;

/** Each document's thumbnail as a JPEG pdfkit can place, or null for the placeholder. */
async function collectThumbnails(
  documents: readonly ExportDocument[],
  source: ExportDocumentSource,
  progress: ExportProgress,
): Promise<Map<number, Buffer | null>> {
  const thumbnails = new Map<number, Buffer | null>();
  const span = PERCENT.layout - PERCENT.thumbnails;
  for (const [index, document] of documents.entries()) {
    await progress(
      PERCENT.thumbnails + Math.floor((span * index) / documents.length),
      'thumbnails',
    );
    try {
      const image = await source.thumbnail(document);
      thumbnails.set(
        document.id,
        image && (await sharp(image).rotate().flatten({ background: '#ffffff' }).jpeg().toBuffer()),
      );
    } catch {
      // No thumbnail is not a reason to fail the review file: the placeholder says so.
      thumbnails.set(document.id, null);
    }
  }
  return thumbnails;
}

/** The divider's note: how many pages follow, or why none do. */
function outcomeNote(texts: PdfTexts, outcome: AppendOutcome) {
  if ('pages' in outcome) {
    return { text: texts.pdf('divider.follows', { count: outcome.pages }), failed: false };
  }
  const reason = texts.pdf(`divider.reasons.${outcome.reason}`, {
    type: 'type' in outcome ? outcome.type : '',
  });
  return { text: texts.pdf('divider.failed', { reason }), failed: true };
}

/** Where every page ends up, known before any document is appended. */
interface Layout {
  fonts: PageFonts;
  /** The final index of a report page. */
  finalIndex: (reportPage: number) => number;
  total: number;
  footer: { page: (page: number, total: number) => string; running: string };
}

/**
 * Finishes the report's own pages before any document goes in, from the outcomes alone: the
 * contents pages after the cover, the outcome on each divider, page numbers, bookmarks.
 */
async function prepare(
  pdf: PDFDocument,
  report: Report,
  outcomes: readonly AppendOutcome[],
  texts: PdfTexts,
  model: KycExportModel,
): Promise<Layout> {
  const fonts = await embedFonts(pdf, await loadFonts());
  const shifted = reportPageIndices(report.pageCount, report.dividers, outcomes);
  const contents = paginateContents(report.sections);
  const appended = outcomes.reduce(
    (sum, outcome) => sum + ('pages' in outcome ? outcome.pages : 0),
    0,
  );
  const total = report.pageCount + contents.length + appended;
  // The contents follow the cover: every later page moves up by their number.
  const finalIndex = (reportPage: number) =>
    reportPage === 0 ? 0 : shifted[reportPage]! + contents.length;
  const contentPages = contents.map((_, index) =>
    pdf.insertPage(1 + index, [PAGE.width, PAGE.height]),
  );
  // No document is in yet: these are the report's pages, the contents after the cover.
  const pages = pdf.getPages();
  const pageOf = (reportPage: number) =>
    pages[reportPage === 0 ? 0 : reportPage + contents.length]!;

  drawContents(
    pdf,
    fonts,
    { pages: contentPages, entries: contents, title: texts.pdf('contents.title') },
    (mark) => ({ number: finalIndex(mark.page) + 1, ref: pageOf(mark.page).ref }),
  );
  report.dividers.forEach((divider, index) => {
    drawDividerNote(
      pageOf(divider.page),
      fonts,
      divider.slotY,
      outcomeNote(texts, outcomes[index]!),
    );
  });
  const { id } = model.submission;
  const footer = {
    page: (page: number, of: number) => texts.pdf('footer.page', { page, total: of }),
    running: texts.pdf('footer.running', { id, company: model.submission.tradePartnerName }),
  };
  const stamped = pages.map((page, index) => ({
    page,
    index: index <= contents.length ? index : finalIndex(index - contents.length),
    kind: index === 0 ? ('cover' as const) : ('report' as const),
  }));
  stampPages(stamped, fonts, total, footer);
  addOutline(pdf, [
    { title: texts.pdf('contents.title'), level: 1, page: contentPages[0]!.ref },
    ...report.sections.map((mark) => ({ ...mark, page: pageOf(mark.page).ref })),
  ]);
  return { fonts, finalIndex, total, footer };
}

function describe(pdf: PDFDocument, texts: PdfTexts, model: KycExportModel): void {
  const { submission } = model;
  const params = { company: submission.tradePartnerName, id: submission.id };
  pdf.setTitle(`${texts.pdf('cover.title')}: ${submission.tradePartnerName}`, {
    showInWindowTitleBar: true,
  });
  pdf.setSubject(texts.pdf('subject', params));
  pdf.setAuthor(model.generatedBy.name);
  pdf.setCreator(submission.obligedEntityName);
  pdf.setKeywords([`KYC #${submission.id}`, submission.uuid, submission.tradePartnerName]);
  pdf.setLanguage(texts.language);
  pdf.setCreationDate(model.generatedAt);
  pdf.setModificationDate(model.generatedAt);
}

/**
 * Each document's outcome before any is appended, so that every page number is known before
 * the first byte is written. The price is reading each original twice, here and when it is
 * appended, one at a time both times.
 */
async function measureDocuments(
  dividers: readonly Divider[],
  source: ExportDocumentSource,
  progress: ExportProgress,
): Promise<AppendOutcome[]> {
  const outcomes: AppendOutcome[] = [];
  const span = PERCENT.documents - PERCENT.measuring;
  for (const [index, divider] of dividers.entries()) {
    // Still 'layout': the page numbers the report shows depend on these counts.
    await progress(PERCENT.measuring + Math.floor((span * index) / dividers.length), 'layout');
    outcomes.push(await measureDocument(divider.document, source));
  }
  return outcomes;
}

/**
 * Appends each document behind its divider, stamps its pages and writes them out at once, so
 * that at most one document's pages are held at a time.
 */
async function streamDocuments(
  pdf: PDFDocument,
  writer: PdfStreamWriter,
  plan: { dividers: readonly Divider[]; outcomes: readonly AppendOutcome[]; layout: Layout },
  source: ExportDocumentSource,
  after: (index: number) => Promise<void>,
): Promise<void> {
  const { dividers, outcomes, layout } = plan;
  for (const [index, divider] of dividers.entries()) {
    const expected = outcomes[index]!;
    if ('pages' in expected) {
      const mark = pdf.context.largestObjectNumber;
      // The documents before this one are in already: its divider is at its final place.
      const first = layout.finalIndex(divider.page) + 1;
      const { outcome, pages } = await appendDocument(pdf, divider.document, source, first);
      if (!('pages' in outcome) || outcome.pages !== expected.pages) {
        // The numbering is written already; it cannot follow a file that changed in between.
        throw new Error(`Document ${divider.document.id} changed while the export was built.`);
      }
      stampPages(
        pages.map((page, offset) => ({ page, index: first + offset, kind: 'document' as const })),
        layout.fonts,
        layout.total,
        layout.footer,
      );
      // Everything numbered above the mark is this document's and finished: out it goes.
      await writer.writeAbove(mark);
    }
    await after(index);
  }
}

/**
 * The KYC review file as one PDF (issue 8): the report, then, when asked for, each document
 * behind a divider page, written to `sink` as it is made. Originals are read one at a time and
 * let go before the next; what the builder holds does not grow with the documents.
 */
export async function buildKycPdf(input: {
  model: KycExportModel;
  options: ExportOptions;
  language: Language;
  source: ExportDocumentSource;
  progress: ExportProgress;
  sink: PdfSink;
}): Promise<{ pageCount: number }> {
  const { model, options, source, progress } = input;
  const texts = await loadTexts(input.language);
  const thumbnails = options.includeDocumentThumbnails
    ? await collectThumbnails(model.documents, source, progress)
    : null;

  await progress(PERCENT.layout, 'layout');
  const report = await renderReport({
    model,
    options,
    texts,
    fonts: await loadFonts(),
    thumbnails,
  });
  const pdf = await PDFDocument.load(report.bytes);
  const { dividers } = report;
  const outcomes = await measureDocuments(dividers, source, progress);
  const layout = await prepare(pdf, report, outcomes, texts, model);

  const writer = new PdfStreamWriter(pdf, input.sink);
  await writer.start();
  const span = PERCENT.finishing - PERCENT.documents;
  const count = dividers.length;
  if (count > 0) await progress(PERCENT.documents, 'documents');
  await streamDocuments(pdf, writer, { dividers, outcomes, layout }, source, (index) =>
    progress(PERCENT.documents + Math.floor((span * (index + 1)) / count), 'documents'),
  );

  await progress(PERCENT.finishing, 'finishing');
  describe(pdf, texts, model);
  // pdf-lib embeds the fonts only now, with the glyphs every page used.
  await pdf.flush();
  await writer.finish();
  return { pageCount: pdf.getPageCount() };
}
