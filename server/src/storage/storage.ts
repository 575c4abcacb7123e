import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** A byte range, both ends inclusive, as an HTTP Range header names it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  /** Size in bytes as the store reports it. */
  size: number;
}

export interface ObjectStream {
  body: Readable;
  /** Size of the whole object in bytes. */
  size: number;
}

export interface StoreDiagnosis {
  backend: 'local' | 's3';
  /** The bucket (S3) or folder (local) the store writes to. */
  location: string;
  reachable: boolean;
  writable: boolean;
  latencyMs: number;
  message: string;
}

/**
 * Where document bytes live: a local folder or an S3-compatible bucket. Keys are chosen by the
 * server (never from a file name): `documents/...` and `thumbnails/...`, '/'-separated.
 */
export interface DocumentStore {
  readonly backend: 'local' | 's3';
  /**
   * Streams `body` into the object `key` without holding it in memory. The object is visible
   * only once the whole body is stored; if the body errors or is destroyed, nothing is left
   * behind and the error is rethrown.
   */
  put(key: string, body: Readable, contentType: string): Promise<StoredObject>;
  /** Reads the object, or the inclusive `range` of it. Throws ObjectNotFoundError when absent. */
  get(key: string, range?: ByteRange): Promise<ObjectStream>;
  /** Size of the object, or undefined when there is none. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Whether the store answers and accepts a write (writes, reads back and removes a probe). */
  diagnose(): Promise<StoreDiagnosis>;
  /**
   * Removes what writes killed mid-way left behind and nothing else: the local store's temp
   * files, S3's incomplete multipart uploads, untouched since before `olderThan` (decision 024).
   * Answers how many it removed.
   */
  sweep(olderThan: Date): Promise<number>;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/**
 * Writes a small probe object, reads it back and removes it: throws when any of it fails (the
 * probe is then removed if it can be). The write check of both stores' diagnose().
 */
export async function writeProbe(store: Pick<DocumentStore, 'put' | 'get' | 'delete'>) {
  const probe = `diagnostics/probe-${randomBytes(6).toString('hex')}`;
  try {
    const payload = Buffer.from(`probe ${new Date().toISOString()}`);
    await store.put(probe, Readable.from([payload]), 'text/plain');
    const { body } = await store.get(probe);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    if (!Buffer.concat(chunks).equals(payload)) throw new Error('the probe read back differs');
    await store.delete(probe);
  } catch (error) {
    await store.delete(probe).catch(() => undefined);
    throw error;
  }
}
