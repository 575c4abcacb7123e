import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { appendDocuments, type AppendOutcome } from './document-append.js';
import { addOutline, drawContents, paginateContents } from './document-contents.js';
import {
  drawDividerNote,
  embedFonts,
  reportPageIndices,
  stampPages,
  type PageKind,
} from './document-pages.js';
import { loadFonts } from './fonts.js';
import { renderReport, type Report } from './layout/report.js';
import { PAGE } from './layout/style.js';
import type {
  ExportDocument,
  ExportDocumentSource,
  ExportOptions,
  ExportProgress,
  KycExportModel,
} from './model.js';
import { loadTexts, type PdfTexts } from './texts.js';

/** The languages the review file is written in: the app's six. */
export const EXPORT_LANGUAGES = ['en', 'nl', 'de', 'it', 'es', 'fr'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

const isExportLanguage = (value: string): value is ExportLanguage =>
  (EXPORT_LANGUAGES as readonly string[]).includes(value);

/**
 * The best of the six for an Accept-Language header ('de-CH, fr;q=0.8, *;q=0.1'): by quality,
 * then by order; a region falls back to its language; English when none matches.
 */
export function exportLanguage(acceptLanguageHeader?: string): ExportLanguage {
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
const PERCENT = { thumbnails: 10, layout: 25, documents: 40, finishing: 95 } as const;

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

/** The contents pages after the cover, the outcome on each divider, page numbers, bookmarks. */
async function assemble(
  pdf: PDFDocument,
  report: Report,
  outcomes: readonly AppendOutcome[],
  texts: PdfTexts,
  model: KycExportModel,
): Promise<void> {
  const fonts = await embedFonts(pdf, await loadFonts());
  const shifted = reportPageIndices(report.pageCount, report.dividers, outcomes);
  const contents = paginateContents(report.sections);
  // The contents follow the cover: every later page moves up by their number.
  const finalIndex = (reportPage: number) =>
    reportPage === 0 ? 0 : shifted[reportPage]! + contents.length;
  const contentPages = contents.map((_, index) =>
    pdf.insertPage(1 + index, [PAGE.width, PAGE.height]),
  );

  const kinds: PageKind[] = pdf.getPages().map(() => 'document');
  shifted.forEach((_, reportPage) => {
    kinds[finalIndex(reportPage)] = reportPage === 0 ? 'cover' : 'report';
  });
  contentPages.forEach((_, index) => (kinds[1 + index] = 'report'));

  drawContents(
    pdf,
    fonts,
    { pages: contentPages, entries: contents, title: texts.pdf('contents.title') },
    (mark) => finalIndex(mark.page),
  );
  report.dividers.forEach((divider, index) => {
    const page = pdf.getPage(finalIndex(divider.page));
    drawDividerNote(page, fonts, divider.slotY, outcomeNote(texts, outcomes[index]!));
  });
  const { id } = model.submission;
  stampPages(pdf, fonts, kinds, {
    page: (page, total) => texts.pdf('footer.page', { page, total }),
    running: texts.pdf('footer.running', { id, company: model.submission.tradePartnerName }),
  });
  addOutline(pdf, [
    { title: texts.pdf('contents.title'), level: 1, page: 1 },
    ...report.sections.map((mark) => ({ ...mark, page: finalIndex(mark.page) })),
  ]);
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
 * The KYC review file as one PDF (issue 8): the report, then, when asked for, each document
 * behind a divider page. Originals are read one at a time and let go before the next.
 */
export async function buildKycPdf(input: {
  model: KycExportModel;
  options: ExportOptions;
  language: ExportLanguage;
  source: ExportDocumentSource;
  progress: ExportProgress;
}): Promise<{ pdf: Uint8Array; pageCount: number }> {
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

  const span = PERCENT.finishing - PERCENT.documents;
  const count = report.dividers.length;
  if (count > 0) await progress(PERCENT.documents, 'documents');
  const outcomes = await appendDocuments(pdf, report.dividers, source, (index) =>
    progress(PERCENT.documents + Math.floor((span * (index + 1)) / count), 'documents'),
  );

  await progress(PERCENT.finishing, 'finishing');
  await assemble(pdf, report, outcomes, texts, model);
  describe(pdf, texts, model);
  const bytes = await pdf.save();
  return { pdf: bytes, pageCount: pdf.getPageCount() };
}
