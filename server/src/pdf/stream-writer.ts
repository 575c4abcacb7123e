import {
  PDFCrossRefSection,
  PDFHeader,
  PDFPageLeaf,
  PDFRef,
  PDFTrailer,
  PDFTrailerDict,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';

/** Where a report's bytes go, in order, as they are made. */
export interface PdfSink {
  write(bytes: Uint8Array): Promise<void>;
}

/** Objects are handed to the sink in chunks of about this size rather than one by one. */
const CHUNK = 256 * 1024;

const ascii = (text: string) => Buffer.from(text, 'latin1');

/**
 * Writes a pdf-lib document out while it is still being built, laid out as pdf-lib's own
 * PDFWriter lays it out (header, `n g obj … endobj` for each object, a classic cross-reference
 * table, trailer; no object streams), so that a document's pages can leave memory as soon as
 * they are in. An object written is deleted from the document's context, and must not change
 * afterwards: the caller writes only what is finished. Page dictionaries stay in the context
 * (small, and pdf-lib walks the page tree through them) but are not written twice.
 */
export class PdfStreamWriter {
  private offset = 0;
  /** Each written object's byte offset, by object number. */
  private readonly offsets = new Map<number, { offset: number; generation: number }>();
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly sink: PdfSink,
  ) {}

  async start(): Promise<void> {
    const header = PDFHeader.forVersion(1, 7);
    const bytes = new Uint8Array(header.sizeInBytes() + 2);
    header.copyBytesInto(bytes, 0);
    bytes.set(ascii('\n\n'), bytes.length - 2);
    await this.push(bytes);
  }

  /** Writes every object numbered above `mark` that is not written yet, and lets it go. */
  async writeAbove(mark: number): Promise<void> {
    await this.writeWhere((ref) => ref.objectNumber > mark);
    await this.drain();
  }

  /**
   * Writes everything still unwritten, then the cross-reference table and the trailer. The
   * document must be flushed (`pdf.flush()`: pdf-lib embeds fonts and images only then).
   */
  async finish(): Promise<void> {
    await this.writeWhere(() => true);
    const { context } = this.pdf;
    const xrefOffset = this.offset;
    const xref = PDFCrossRefSection.create();
    for (let number = 1; number <= context.largestObjectNumber; number++) {
      const written = this.offsets.get(number);
      // A number pdf-lib handed out but never filled is a free entry.
      if (written) xref.addEntry(PDFRef.of(number, written.generation), written.offset);
      else xref.addDeletedEntry(PDFRef.of(number, 1), 0);
    }
    const { Root, Encrypt, Info, ID } = context.trailerInfo;
    const trailerDict = PDFTrailerDict.of(
      context.obj({ Size: context.largestObjectNumber + 1, Root, Encrypt, Info, ID }),
    );
    const trailer = PDFTrailer.forLastCrossRefSectionOffset(xrefOffset);
    const bytes = new Uint8Array(
      xref.sizeInBytes() + 1 + trailerDict.sizeInBytes() + 2 + trailer.sizeInBytes(),
    );
    let at = xref.copyBytesInto(bytes, 0);
    bytes.set(ascii('\n'), at++);
    at += trailerDict.copyBytesInto(bytes, at);
    bytes.set(ascii('\n\n'), at);
    at += 2;
    trailer.copyBytesInto(bytes, at);
    await this.push(bytes);
    await this.drain();
  }

  private async writeWhere(include: (ref: PDFRef) => boolean): Promise<void> {
    const { context } = this.pdf;
    const objects = context
      .enumerateIndirectObjects()
      .filter(([ref]) => include(ref) && !this.offsets.has(ref.objectNumber));
    for (const [ref, object] of objects) {
      await this.push(serialise(ref, object), ref);
      if (!(object instanceof PDFPageLeaf)) context.delete(ref);
    }
  }

  private async push(bytes: Uint8Array, ref?: PDFRef): Promise<void> {
    if (ref) {
      this.offsets.set(ref.objectNumber, {
        offset: this.offset,
        generation: ref.generationNumber,
      });
    }
    this.offset += bytes.length;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= CHUNK) await this.drain();
  }

  private async drain(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    await this.sink.write(chunk);
  }
}

/** `n g obj`, the object, `endobj`, as PDFWriter writes it. */
function serialise(ref: PDFRef, object: PDFObject): Uint8Array {
  const head = ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
  const tail = ascii('\nendobj\n\n');
  const bytes = new Uint8Array(head.length + object.sizeInBytes() + tail.length);
  bytes.set(head, 0);
  const length = object.copyBytesInto(bytes, head.length);
  bytes.set(tail, head.length + length);
  return bytes;
}
