import { PDFDocument, PDFPage } from 'pdf-lib';
import sharp, { type OutputInfo } from 'sharp';
import type { Divider } from './layout/documents.js';
import { MARGIN, PAGE } from './layout/style.js';
import type { ExportDocument, ExportDocumentSource } from './model.js';

/** What became of a document: its pages are in, or the reason they are not (a `pdf.reasons` key). */
export type AppendOutcome =
  | { pages: number }
  | { reason: 'encrypted' | 'corrupt' | 'image' | 'empty' | 'unavailable' }
  | { reason: 'unsupported'; type: string };

type Failure = Exclude<AppendOutcome, { pages: number }>;

/** Thrown inside this module with the reason the divider page will give. */
class NotAppendable extends Error {
  constructor(readonly outcome: Failure) {
    super(outcome.reason);
  }
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/tiff'];
/** Scans are downscaled to this on their longer side: sharp on paper, a fraction of the bytes. */
const MAX_IMAGE_SIDE = 2000;
/** A multi-page TIFF is appended up to this many pages. */
const MAX_IMAGE_PAGES = 50;
const IMAGE_MARGIN = 36;

async function pdfPages(target: PDFDocument, bytes: Buffer): Promise<PDFPage[]> {
  let source: PDFDocument;
  try {
    // Loaded despite encryption only to say so: pdf-lib's EncryptedPDFError is no instanceof.
    source = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    throw new NotAppendable({ reason: 'corrupt' });
  }
  if (source.isEncrypted) throw new NotAppendable({ reason: 'encrypted' });
  if (source.getPageCount() === 0) throw new NotAppendable({ reason: 'empty' });
  try {
    return await target.copyPages(source, source.getPageIndices());
  } catch {
    throw new NotAppendable({ reason: 'corrupt' });
  }
}

/** One image (or one page of a TIFF) upright, at most 2000 px, as JPEG on an A4 page. */
async function imagePage(target: PDFDocument, bytes: Buffer, page: number): Promise<PDFPage> {
  let jpeg: { data: Buffer; info: OutputInfo };
  try {
    jpeg = await sharp(bytes, { failOn: 'error', page })
      .rotate()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new NotAppendable({ reason: 'image' });
  }
  const image = await target.embedJpg(jpeg.data);
  const landscape = jpeg.info.width > jpeg.info.height;
  const [width, height] = landscape ? [PAGE.height, PAGE.width] : [PAGE.width, PAGE.height];
  const box = { width: width - 2 * IMAGE_MARGIN, height: height - IMAGE_MARGIN - MARGIN.bottom };
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const [drawnWidth, drawnHeight] = [image.width * scale, image.height * scale];
  const result = PDFPage.create(target);
  result.setSize(width, height);
  result.drawImage(image, {
    x: (width - drawnWidth) / 2,
    y: MARGIN.bottom + (box.height - drawnHeight) / 2,
    width: drawnWidth,
    height: drawnHeight,
  });
  return result;
}

async function imagePages(target: PDFDocument, bytes: Buffer): Promise<PDFPage[]> {
  let pages: number;
  try {
    pages = (await sharp(bytes).metadata()).pages ?? 1;
  } catch {
    throw new NotAppendable({ reason: 'image' });
  }
  const result: PDFPage[] = [];
  for (let page = 0; page < Math.min(pages, MAX_IMAGE_PAGES); page += 1) {
    result.push(await imagePage(target, bytes, page));
  }
  return result;
}

/** A document's pages, ready to insert into `target`; the original is not kept. */
async function documentPages(
  target: PDFDocument,
  document: ExportDocument,
  source: ExportDocumentSource,
): Promise<PDFPage[]> {
  const type = document.contentType.split(';')[0]!.trim().toLowerCase();
  const isPdf = type === 'application/pdf';
  if (!isPdf && !IMAGE_TYPES.includes(type)) {
    throw new NotAppendable({ reason: 'unsupported', type: document.contentType });
  }
  let bytes: Buffer;
  try {
    bytes = await source.original(document);
  } catch {
    throw new NotAppendable({ reason: 'unavailable' });
  }
  return isPdf ? pdfPages(target, bytes) : imagePages(target, bytes);
}

/**
 * Inserts each document's pages after its divider page, reading the originals one at a time;
 * a document that cannot be appended is skipped with its reason. `after` runs once per document.
 * Answers the outcomes in the dividers' order.
 */
export async function appendDocuments(
  target: PDFDocument,
  dividers: readonly Divider[],
  source: ExportDocumentSource,
  after: (index: number) => Promise<void>,
): Promise<AppendOutcome[]> {
  const outcomes: AppendOutcome[] = [];
  let inserted = 0;
  for (const [index, divider] of dividers.entries()) {
    try {
      const pages = await documentPages(target, divider.document, source);
      pages.forEach((page, offset) =>
        target.insertPage(divider.page + inserted + 1 + offset, page),
      );
      inserted += pages.length;
      outcomes.push({ pages: pages.length });
    } catch (error) {
      // Whatever else goes wrong with one file (pdf-lib on a PDF it half understands), the
      // review file is still made, saying the document could not be appended.
      outcomes.push(error instanceof NotAppendable ? error.outcome : { reason: 'corrupt' });
    }
    await after(index);
  }
  return outcomes;
}
