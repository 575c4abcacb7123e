/** The demo files' documents: small one-page PDFs, stored like an upload (decision 010). */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { DocumentType } from '#common/documents.js';
import type { Db } from '#server/db/client.js';
import { documents } from '#server/db/schema/documents.js';
import type { DocumentStore } from '#server/storage/storage.js';

export interface DemoDocument {
  /** How the file's data names it: a person's `idDocumentId` is the id of the document named so. */
  name: string;
  type: DocumentType;
  fileName: string;
  title: string;
  lines: string[];
  daysAgo: number;
}

/** An A4 page with a title and a few lines at the top, as a scanned letter or extract reads. */
async function demoPdf(title: string, lines: readonly string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const page = pdf.addPage([595.28, 841.89]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 48, y: 770, width: 499, height: 4, color: rgb(0.12, 0.3, 0.55) });
  page.drawText(title, { x: 48, y: 740, size: 20, font: bold, color: rgb(0.1, 0.1, 0.1) });
  lines.forEach((line, index) => {
    page.drawText(line, { x: 48, y: 705 - index * 20, size: 12, font: regular });
  });
  return Buffer.from(await pdf.save());
}

/**
 * Stores each document's PDF and writes its row for the company; returns the ids by name.
 * The objects are written first, so a row never names a missing object.
 */
export async function seedDemoDocuments(
  tx: Db,
  store: DocumentStore,
  partner: { id: number; uuid: string },
  uploadedBy: number,
  list: readonly DemoDocument[],
  at: (daysAgo: number) => Date,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const document of list) {
    const bytes = await demoPdf(document.title, document.lines);
    const uuid = randomUUID();
    const storageKey = `documents/partners/${partner.uuid}/${uuid}`;
    await store.put(storageKey, Readable.from([bytes]), 'application/pdf');
    const when = at(document.daysAgo);
    const [row] = await tx
      .insert(documents)
      .values({
        uuid,
        type: document.type,
        fileName: document.fileName,
        contentType: 'application/pdf',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storageKey,
        tradePartnerId: partner.id,
        uploadedBy,
        createdAt: when,
        updatedAt: when,
      })
      .returning({ id: documents.id });
    ids.set(document.name, row!.id);
  }
  return ids;
}
