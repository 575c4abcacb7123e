import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExportStage } from '#common/kyc-export.js';
import de from '../../../../../public/assets/i18n/de.json' with { type: 'json' };
import en from '../../../../../public/assets/i18n/en.json' with { type: 'json' };
import fr from '../../../../../public/assets/i18n/fr.json' with { type: 'json' };
import { pdfText } from '#server/testing/pdf-text.js';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { appendDocument, measureDocument } from '../../../pdf/append.js';
import {
  COMPANY,
  encryptedPdf,
  exportFiles,
  exportModel,
  memorySource,
  stored,
  type StoredFile,
} from '#server/testing/kyc-export-fixtures.js';
import type { Language } from '#common/languages.js';
import { buildKycPdf, exportLanguage } from './document.js';
import type { ExportOptions } from './model.js';

const ALL: ExportOptions = {
  includeAuditLogs: true,
  includeDocumentThumbnails: true,
  includeFullDocuments: true,
};

let files: StoredFile[];

beforeAll(async () => {
  files = await exportFiles();
});

async function build(options: Partial<ExportOptions> = {}, language: Language = 'en') {
  const { source, calls } = memorySource(files);
  const progress: { percent: number; stage: ExportStage }[] = [];
  const chunks: Uint8Array[] = [];
  const result = await buildKycPdf({
    model: exportModel(files.map((file) => file.document)),
    options: { ...ALL, ...options },
    language,
    source,
    progress: async (percent, stage) => {
      progress.push({ percent, stage });
    },
    sink: {
      async write(bytes) {
        chunks.push(bytes);
      },
    },
  });
  const pdf = Buffer.concat(chunks);
  const { pages, text } = await pdfText(pdf);
  return { ...result, pdf, pages, text, calls, progress };
}

describe('the KYC review file as PDF', () => {
  it('holds the company, every step, the audit trail, the documents and a page number on each page', async () => {
    const file = await build();
    expect(file.pages).toHaveLength(file.pageCount);
    expect(file.text).toContain(COMPANY);
    expect(file.text).toContain(en.pdf.cover.title);
    for (const name of Object.values(en.kyc.steps)) expect(file.text).toContain(name);
    expect(file.text).toContain(en.pdf.audit.title);
    expect(file.text).toContain('Changed: IBAN, Account holder');
    expect(file.text).toContain('€250,000.00');
    expect(file.text).toContain('PDF exported');
    expect(file.text).toContain('Pages: 21');
    // A document's change names its type and the file's status in words, not as codes.
    expect(file.text).toContain('Document type: Identity document');
    expect(file.text).toContain('File status: In review');
    expect(file.text).not.toContain('ID_DOCUMENT');
    file.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${file.pageCount}`);
    });
    // The two-page PDF's own text, behind its divider.
    expect(file.text).toContain('Handelsregisterauszug, Seite 2');
    expect(file.text).toContain('Document 1 of 4');
  });

  it("names each person's identity document by its file name", async () => {
    const file = await build({ includeAuditLogs: false, includeFullDocuments: false });
    const people = file.pages.filter((page) => page.includes('Łukasiewicz'));
    expect(people.length).toBeGreaterThan(0);
    for (const page of people) expect(page).toContain('Reisepass Jürgen Müller.png');
    expect(file.text).not.toMatch(/Document #\d/);
  });

  it('leaves out the audit trail unless asked, and reads no original unless documents are appended', async () => {
    const lean = await build({ includeAuditLogs: false, includeFullDocuments: false });
    expect(lean.text).not.toContain(en.pdf.audit.title);
    expect(lean.text).toContain(COMPANY);
    expect(lean.text).toContain(`Page 1 of ${lean.pageCount}`);
    expect(lean.calls.original).toBe(0);
    expect(lean.progress.map((entry) => entry.stage)).not.toContain('documents');
  });

  it('appends each document behind a divider, one original at a time, and notes the one it cannot', async () => {
    const [withDocuments, without] = await Promise.all([
      build(),
      build({ includeFullDocuments: false }),
    ]);
    // A divider each, plus the pages: 2 of the PDF, 1 per image, none of the corrupt PDF.
    expect(withDocuments.pageCount - without.pageCount).toBe(4 + 2 + 1 + 1);
    // Each original is read twice, to count its pages and to append them; the damaged PDF once.
    expect(withDocuments.calls.original).toBe(2 * files.length - 1);
    expect(withDocuments.calls.maxConcurrent).toBe(1);
    expect(withDocuments.text).toContain(
      'This document could not be appended: the file is damaged or is not a valid PDF.',
    );
    expect(withDocuments.text).toContain('The document follows on the next 2 pages.');
  });

  it('reports its progress in order, ending at the finishing stage', async () => {
    const { progress } = await build();
    const percents = progress.map((entry) => entry.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.every((percent) => percent >= 0 && percent <= 100)).toBe(true);
    expect([...new Set(progress.map((entry) => entry.stage))]).toEqual([
      'thumbnails',
      'layout',
      'documents',
      'finishing',
    ]);
    expect(progress.filter((entry) => entry.stage === 'documents').length).toBe(files.length + 1);
    expect(progress.at(-1)?.stage).toBe('finishing');
  });

  it('writes German and French with their accents intact', async () => {
    const [german, french] = await Promise.all([build({}, 'de'), build({}, 'fr')]);
    for (const file of [german, french]) {
      expect(file.text).toContain('Müller Handels GmbH');
      expect(file.text).toContain('Société Générale Négoce');
      expect(file.text).toContain('Łódź Trading Sp. z o.o.');
      expect(file.text).toContain('Łukasiewicz');
    }
    expect(german.text).toContain(de.pdf.cover.title);
    expect(german.text).toContain(de.kyc.steps.cdd);
    expect(german.text).toContain(`Seite 1 von ${german.pageCount}`);
    expect(german.text).toContain('Düsseldorf');
    expect(german.text).toMatch(/250\.000,00\s€/);
    expect(french.text).toContain(fr.pdf.cover.title);
    expect(french.text).toContain(fr.kyc.steps.cdd);
    expect(french.text).toContain(`Page 1 sur ${french.pageCount}`);
    expect(french.text).toContain('Étape 1 sur 7');
  });
});

/** A one-page PDF of about 1 MB: a photo that does not compress, and a line of text. */
async function heavyPdf(): Promise<Buffer> {
  const photo = await sharp({
    create: {
      width: 1400,
      height: 1000,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawImage(await doc.embedJpg(photo), { x: 50, y: 300, width: 490, height: 350 });
  page.drawText('Heavy scan', { x: 50, y: 750 });
  return Buffer.from(await doc.save());
}

/** The bytes of every stream a pdf-lib document still holds. */
const heldStreamBytes = (pdf: PDFDocument) =>
  pdf.context
    .enumerateIndirectObjects()
    .reduce(
      (sum, [, object]) => sum + (object instanceof PDFRawStream ? object.contents.length : 0),
      0,
    );

describe('writing the review file as it is built', () => {
  it('writes a valid PDF through the sink, each document out before the next is read', async () => {
    const bytes = await heavyPdf();
    const heavy = Array.from({ length: 20 }, (_, index) =>
      stored(
        {
          type: 'OTHER',
          fileName: `scan-${index}.pdf`,
          contentType: 'application/pdf',
          stepType: null,
        },
        bytes,
        3,
      ),
    );
    const { source } = memorySource(heavy);
    // The builder's own document is the first one it loads: the report.
    const load = PDFDocument.load.bind(PDFDocument);
    let report: PDFDocument | undefined;
    vi.spyOn(PDFDocument, 'load').mockImplementationOnce(async (...args) => {
      report = await load(...args);
      return report;
    });
    const chunks: Uint8Array[] = [];
    let written = 0;
    const during: { held: number; written: number }[] = [];
    const { pageCount } = await buildKycPdf({
      model: exportModel(heavy.map((file) => file.document)),
      options: { ...ALL, includeDocumentThumbnails: false },
      language: 'en',
      source,
      progress: async (_, stage) => {
        if (stage === 'documents') during.push({ held: heldStreamBytes(report!), written });
      },
      sink: {
        async write(chunk) {
          chunks.push(chunk);
          written += chunk.length;
        },
      },
    });
    vi.restoreAllMocks();

    expect(bytes.length).toBeGreaterThan(900_000);
    expect(during).toHaveLength(heavy.length + 1);
    const [before, ...afterEach] = during;
    afterEach.forEach(({ held, written: out }, index) => {
      // Whatever the number of documents appended so far, at most one's worth is held...
      expect(held - before!.held).toBeLessThan(bytes.length);
      // ...because each one's pages are written out as soon as they are in.
      expect(out).toBeGreaterThan((index + 1) * bytes.length * 0.9);
    });

    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(pdf.subarray(-5).toString('latin1')).toBe('%%EOF');
    const { pages, text } = await pdfText(pdf);
    expect(pages).toHaveLength(pageCount);
    expect(pages.filter((page) => page.includes('Heavy scan'))).toHaveLength(heavy.length);
    expect(text).toContain(`Page ${pageCount} of ${pageCount}`);
    // pdf-lib reads it back too, with the same pages.
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(pageCount);
  });
});

describe('appending the documents', () => {
  it('says why a document cannot be appended, and appends the next one all the same', async () => {
    const odd = [
      stored(
        {
          type: 'CONTRACT',
          fileName: 'Vertrag.pdf',
          contentType: 'application/pdf',
          stepType: 'cdd',
        },
        encryptedPdf(),
        3,
      ),
      stored(
        { type: 'OTHER', fileName: 'notes.txt', contentType: 'text/plain', stepType: null },
        Buffer.from('plain text'),
        3,
      ),
      stored(
        { type: 'OTHER', fileName: 'lost.png', contentType: 'image/png', stepType: null },
        Buffer.alloc(0),
        3,
      ),
      stored(
        { type: 'PHOTO', fileName: 'Büro.webp', contentType: 'image/webp', stepType: null },
        await sharp({ create: { width: 90, height: 60, channels: 3, background: '#dde' } })
          .webp()
          .toBuffer(),
        3,
      ),
    ];
    const { source, calls } = memorySource(odd.filter((file) => file.bytes.length > 0));
    const target = await PDFDocument.create();
    target.addPage();
    const measured = [];
    const appended = [];
    for (const file of odd) {
      measured.push(await measureDocument(file.document, source));
      const { outcome } = await appendDocument(target, file.document, source, 1);
      appended.push(outcome);
    }
    const outcomes = [
      { reason: 'encrypted' },
      { reason: 'unsupported', type: 'text/plain' },
      { reason: 'unavailable' },
      { pages: 1 },
    ];
    expect(measured).toEqual(outcomes);
    expect(appended).toEqual(outcomes);
    // The unsupported type is not even read (here each of the others is read twice).
    expect(calls.original).toBe(2 * 3);
    expect(target.getPageCount()).toBe(2);
    // An image lies on an A4 page turned the way the image is.
    expect(target.getPage(1).getSize()).toEqual({ width: 841.89, height: 595.28 });
  });
});

describe('the language of the review file', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['pt-BR,pt;q=0.9,es;q=0.5', 'es'],
    ['en;q=0.3, nl;q=0.7', 'nl'],
    ['it;q=0, es', 'es'],
    ['ja', 'en'],
    ['*', 'en'],
    ['NL-be', 'nl'],
    ['de;q=abc, it', 'it'],
  ])('picks the best of the six for %j', (header, language) => {
    expect(exportLanguage(header)).toBe(language);
  });
});
