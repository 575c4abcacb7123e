import { PDFDocument, PDFPage } from 'pdf-lib';
import sharp, { type OutputInfo } from 'sharp';
import { MARGIN, PAGE } from './style.js';

/** A stored file to append: what it is; its bytes come from its source. */
export interface AppendableFile {
  contentType: string;
}

/** Where an appended file's bytes come from. */
export interface FileSource<F extends AppendableFile> {
  original(file: F): Promise<Buffer>;
}

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
  // Into the document now rather than at save: the writer streams each document's objects out
  // as soon as it is in (document-writer.ts), and only what is in the context gets written.
  await image.embed();
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

/** A document's pages, ready to insert into `target`, or why there are none; bytes not kept. */
async function documentPages<F extends AppendableFile>(
  target: PDFDocument,
  document: F,
  source: FileSource<F>,
): Promise<PDFPage[] | Failure> {
  const type = document.contentType.split(';')[0]!.trim().toLowerCase();
  const isPdf = type === 'application/pdf';
  try {
    if (!isPdf && !IMAGE_TYPES.includes(type)) {
      throw new NotAppendable({ reason: 'unsupported', type: document.contentType });
    }
    let bytes: Buffer;
    try {
      bytes = await source.original(document);
    } catch {
      throw new NotAppendable({ reason: 'unavailable' });
    }
    return await (isPdf ? pdfPages(target, bytes) : imagePages(target, bytes));
  } catch (error) {
    // Whatever else goes wrong with one file (pdf-lib on a PDF it half understands), the
    // report is still made, saying the document could not be appended.
    return error instanceof NotAppendable ? error.outcome : { reason: 'corrupt' };
  }
}

/**
 * What appending the document will come to, found by building its pages into a scratch
 * document that is let go at once: the very steps `appendDocument` takes, so the two agree.
 */
export async function measureDocument<F extends AppendableFile>(
  document: F,
  source: FileSource<F>,
): Promise<AppendOutcome> {
  const pages = await documentPages(await PDFDocument.create(), document, source);
  return Array.isArray(pages) ? { pages: pages.length } : pages;
}

/**
 * Inserts the document's pages into `target` from page index `at` on, or skips it with its
 * reason. Answers the outcome and the pages inserted.
 */
export async function appendDocument<F extends AppendableFile>(
  target: PDFDocument,
  document: F,
  source: FileSource<F>,
  at: number,
): Promise<{ outcome: AppendOutcome; pages: PDFPage[] }> {
  const pages = await documentPages(target, document, source);
  if (!Array.isArray(pages)) return { outcome: pages, pages: [] };
  pages.forEach((page, offset) => target.insertPage(at + offset, page));
  return { outcome: { pages: pages.length }, pages };
}
