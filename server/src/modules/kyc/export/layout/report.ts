import PDFDocument from 'pdfkit';
import type { FontName } from '../../../../pdf/fonts.js';
import type { ExportOptions, KycExportModel } from '../model.js';
import type { PdfTexts } from '../texts.js';
import { writeCover } from './cover.js';
import { writeDividers, writeDocuments, type Divider } from './documents.js';
import { writeAuditTrail, writeComments, writeInsights, writeStatusHistory } from './records.js';
import { writeSteps, writeSummary } from './steps.js';
import { MARGIN, PAGE } from '../../../../pdf/style.js';
import { ReportWriter, type SectionMark } from '../../../../pdf/report-writer.js';

export interface Report {
  bytes: Buffer;
  pageCount: number;
  sections: SectionMark[];
  dividers: Divider[];
}

/**
 * The report itself, laid out by pdfkit: the cover, a section per step and the summary, the
 * insights, the general comments, the status history, the audit trail, the documents and, when
 * the documents are appended, a divider page before each. The table of contents, page numbers and
 * the documents' own pages are added afterwards (document-pages.ts, document-append.ts).
 */
export async function renderReport(input: {
  model: KycExportModel;
  options: ExportOptions;
  texts: PdfTexts;
  fonts: Record<FontName, Buffer>;
  thumbnails: ReadonlyMap<number, Buffer | null> | null;
}): Promise<Report> {
  const { model, options, texts, fonts, thumbnails } = input;
  const p = texts.pdf;
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: MARGIN,
    bufferPages: true,
    lang: texts.language,
    info: { Title: p('cover.title') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);

  const writer = new ReportWriter(doc);
  writeCover(writer, texts, model, options);
  writeSteps(writer, texts, model);
  writeSummary(writer, texts, model);
  if (model.insights) {
    writer.section(p('insights.title'));
    writeInsights(writer, texts, model.insights, model.riskAcknowledgements);
  }
  writer.section(p('comments.title'));
  writeComments(
    writer,
    texts,
    model.comments.filter((comment) => comment.stepType === null),
    texts.t('kyc.comments.empty'),
  );
  writer.section(p('history.title'), { flow: true });
  writeStatusHistory(writer, texts, model.statusHistory);
  if (options.includeAuditLogs && model.audit) {
    writer.section(p('audit.title'));
    writeAuditTrail(writer, texts, model.audit);
  }
  writer.section(p('documents.title'));
  writeDocuments(writer, texts, model.documents, thumbnails);
  const dividers = options.includeFullDocuments
    ? writeDividers(writer, texts, model.documents)
    : [];

  const pageCount = doc.bufferedPageRange().count;
  doc.end();
  await ended;
  return { bytes: Buffer.concat(chunks), pageCount, sections: writer.sections, dividers };
}
