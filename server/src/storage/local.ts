import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ObjectNotFoundError,
  type ByteRange,
  type DocumentStore,
  type ObjectStream,
  type StoreDiagnosis,
  type StoredObject,
  writeProbe,
} from './storage.js';
import { sweepFolder } from './temp-files.js';

const SEGMENT = /^[A-Za-z0-9._-]+$/;
/** The temp folder's name when it lies inside the store (DOCUMENT_STORE_DIR set). */
const TEMP_DIR = '.tmp';

/**
 * Keys come from the server, but they still become paths: refuse anything that could leave the
 * store's folder or collide with its temp folder.
 */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  const valid =
    key.length > 0 &&
    key.length <= 1024 &&
    segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..') &&
    segments[0] !== TEMP_DIR;
  if (!valid) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export interface LocalStoreOptions {
  dir: string;
  /**
   * Unfinished writes, each renamed into `dir` once complete: must be on the same file system.
   * Swept of what a crash left behind (decision 024).
   */
  tempDir: string;
}

/** A document store in a folder of the local file system. */
export function createLocalStore(options: LocalStoreOptions): DocumentStore {
  const root = path.resolve(options.dir);
  const tempDir = path.resolve(options.tempDir);
  const fileOf = (key: string): string => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };

  async function put(key: string, body: Readable): Promise<StoredObject> {
    const file = fileOf(key);
    await fs.mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
      // Flush to disk before the rename so a crash cannot leave a visible but truncated object.
      const handle = await fs.open(temp, 'r+');
      let size: number;
      try {
        await handle.sync();
        size = (await handle.stat()).size;
      } finally {
        await handle.close();
      }
      await fs.mkdir(path.dirname(file), { recursive: true });
      await rename(temp, file);
      return { size };
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async function rename(temp: string, file: string): Promise<void> {
    try {
      await fs.rename(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      throw new Error(
        `${tempDir} and ${root} are on different file systems, so an upload cannot be moved ` +
          'into place; set DOCUMENT_STORE_DIR, which keeps unfinished uploads inside the store.',
        { cause: error },
      );
    }
  }

  async function get(key: string, range?: ByteRange): Promise<ObjectStream> {
    const file = fileOf(key);
    // Open first, so a missing file fails here and not later, inside the caller's pipe.
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new ObjectNotFoundError(key);
      const body = createReadStream('', {
        fd: handle,
        autoClose: true,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
      return { body, size: stats.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async function stat(key: string): Promise<StoredObject | undefined> {
    try {
      const stats = await fs.stat(fileOf(key));
      return stats.isFile() ? { size: stats.size } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    await fs.rm(fileOf(key), { force: true });
  }

  async function diagnose(): Promise<StoreDiagnosis> {
    const started = performance.now();
    const result = (reachable: boolean, writable: boolean, message: string): StoreDiagnosis => ({
      backend: 'local',
      location: root,
      reachable,
      writable,
      latencyMs: Math.round(performance.now() - started),
      message,
    });
    try {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root);
    } catch (error) {
      return result(false, false, `Folder ${root} is not accessible: ${messageOf(error)}`);
    }
    try {
      await writeProbe({ put, get, delete: remove });
      return result(true, true, `Folder ${root} is reachable and writable.`);
    } catch (error) {
      return result(true, false, `Folder ${root} is not writable: ${messageOf(error)}`);
    }
  }

  return {
    backend: 'local',
    put,
    get,
    stat,
    delete: remove,
    diagnose,
    sweep: (olderThan) => sweepFolder(tempDir, olderThan),
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
