import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '#server/errors.js';
import type { DocumentStore } from '#server/storage/storage.js';
import { megabytes } from './types.js';

/** file-type reads at most this many bytes to recognise a format. */
const SNIFF_BYTES = 4100;

/** An uploaded file's bytes as busboy hands them over: truncated at the size limit. */
export type UploadSource = Readable & { truncated?: boolean };

export interface StoredUpload {
  size: number;
  sha256: string;
  contentType: string;
}

export const tooLarge = (maxBytes: number) =>
  new PayloadTooLargeError(`The file is larger than the ${megabytes(maxBytes)} limit.`);

/** Counts and hashes the bytes on their way to the store, and stops them past the limit. */
class Meter extends Transform {
  size = 0;
  exceeded = false;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      this.exceeded = true;
      callback(tooLarge(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** The first `bytes` bytes or more (or all, if the file is shorter), leaving the rest unread. */
async function readHead(source: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source.iterator({ destroyOnReturn: false })) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total >= bytes) break;
  }
  return Buffer.concat(chunks);
}

export interface UploadOptions {
  maxBytes: number;
  /** Throws (415) unless the sniffed content type may be stored; undefined when unrecognised. */
  accept(detected: string | undefined): string;
}

/**
 * Streams an upload into the store under `key`: sniffs its type from the first bytes (refusing
 * what `accept` refuses before anything is written), then passes every byte through a meter
 * that hashes it and stops past `maxBytes`. Nothing is left in the store when this throws.
 */
export async function storeUpload(
  store: DocumentStore,
  key: string,
  source: UploadSource,
  options: UploadOptions,
): Promise<StoredUpload> {
  const meter = new Meter(options.maxBytes);
  // The store listens once it has the meter; until then an early limit must not crash.
  meter.on('error', () => {});
  // busboy stops a file at its fileSize limit and says so; the meter alone would see a
  // complete file of exactly the limit.
  let truncated = false;
  source.once('limit', () => {
    truncated = true;
    meter.destroy(tooLarge(options.maxBytes));
  });

  let contentType: string;
  try {
    const head = await readHead(source, SNIFF_BYTES);
    if (truncated || source.truncated) throw tooLarge(options.maxBytes);
    if (head.length === 0) {
      throw new ValidationError('The file is empty.', [
        { field: 'body.file', message: 'is empty' },
      ]);
    }
    contentType = options.accept((await fileTypeFromBuffer(head))?.mime);
    meter.write(head);
  } catch (error) {
    source.destroy();
    throw error;
  }

  pipeline(source, meter, () => {
    // Errors reach the store through the meter, which pipeline destroys with them.
  });

  try {
    await store.put(key, meter, contentType);
  } catch (error) {
    meter.destroy();
    if (truncated || meter.exceeded) throw tooLarge(options.maxBytes);
    throw error;
  }
  if (truncated || source.truncated) {
    await store.delete(key);
    throw tooLarge(options.maxBytes);
  }
  return { size: meter.size, sha256: meter.digest(), contentType };
}

/** The 415 for a type that is not accepted, naming what was detected. */
export function unsupportedType(detected: string | undefined, profilePicture: boolean) {
  const what = detected ?? 'unknown';
  return new UnsupportedMediaTypeError(
    profilePicture
      ? `Profile pictures of this type are not accepted (detected: ${what}). Upload a PNG, JPEG or WebP image.`
      : `Files of this type are not accepted (detected: ${what}). Upload a PDF, PNG, JPEG, WebP or TIFF file.`,
  );
}

/** C0 and C1 control characters, and the marks that reverse how text reads ("exe.pdf"). */
function isInvisible(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

const MAX_NAME = 255;

/**
 * The name a file is stored and offered for download under: its base name only (no directory
 * part, whether / or \ separated), without control or text-direction characters, at most 255
 * characters with its extension kept; 'document' when nothing is left.
 */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  let clean = Array.from(base.normalize('NFC'))
    .filter((char) => !isInvisible(char))
    .join('')
    .trim();
  if (/^\.+$/.test(clean)) clean = '';
  const chars = Array.from(clean);
  if (chars.length > MAX_NAME) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 ? Array.from(clean.slice(dot)) : [];
    const keep = extension.length > 0 && extension.length <= 16 ? extension : [];
    clean = chars.slice(0, MAX_NAME - keep.length).join('') + keep.join('');
  }
  return clean || 'document';
}
