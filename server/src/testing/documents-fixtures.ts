import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import {
  databaseTargets,
  type DatabaseTarget,
  type StorageTarget,
  type TestServer,
} from './harness.js';
import type { Actor } from './partners-fixtures.js';

/**
 * Two corners of the database × store matrix, for the tests that need not run on all four
 * (documents.test.ts runs the core flow on every one): PGlite with S3, PostgreSQL (when there
 * is one) with the local folder.
 */
export function storageCorners(): [DatabaseTarget, StorageTarget][] {
  return [
    ['pglite', 's3'],
    [databaseTargets().includes('postgres') ? 'postgres' : 'pglite', 'local'],
  ];
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

export const png = (width = 320, height = 200) => solid(width, height).png().toBuffer();
export const jpeg = (width = 320, height = 200) => solid(width, height).jpeg().toBuffer();
export const webp = (width = 320, height = 200) => solid(width, height).webp().toBuffer();
export const tiff = (width = 320, height = 200) => solid(width, height).tiff().toBuffer();

/** A landscape JPEG whose EXIF says "rotate 90°": upright, it is portrait. */
export const sidewaysJpeg = () =>
  solid(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();

/** The start of an ELF executable, then noise. */
export const elf = () =>
  Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(4000)]);

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface FilePart {
  name: string;
  content: Buffer;
  contentType?: string;
  /** The multipart field; `file` unless a test says otherwise. */
  field?: string;
}

/** A multipart/form-data body with one file part. */
export function multipart(file: FilePart): { body: Buffer; contentType: string } {
  const boundary = `----nt24${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  return {
    body: Buffer.concat([
      Buffer.from(head, 'utf8'),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export type Query = Record<string, string | number | undefined>;

export const queryString = (query: Query) =>
  new URLSearchParams(
    Object.entries(query)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

/**
 * POSTs a file as the app does. `streamed` sends the body without a Content-Length, as a
 * chunked upload would arrive, so only the streaming limit can stop it.
 */
export function upload(
  server: TestServer,
  who: Actor | string | null,
  query: Query,
  file: FilePart | undefined,
  options: { path?: string; streamed?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const token = who === null ? undefined : typeof who === 'string' ? who : who.token;
  const form = file ? multipart(file) : undefined;
  return server.app.inject({
    method: 'POST',
    url: `${options.path ?? '/api/documents'}?${queryString(query)}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(form ? { 'content-type': form.contentType } : {}),
    },
    ...(form ? { payload: options.streamed ? Readable.from(chunks(form.body)) : form.body } : {}),
  });
}

function* chunks(buffer: Buffer, size = 256 * 1024): Generator<Buffer> {
  for (let offset = 0; offset < buffer.length; offset += size) {
    yield buffer.subarray(offset, offset + size);
  }
}

/** Every key in the document store under `prefix`, whichever store the server uses. */
export async function storedKeys(server: TestServer, prefix: string): Promise<string[]> {
  const storage = server.config.storage;
  if (storage.kind === 'local') {
    const root = path.join(storage.dir, ...prefix.split('/').filter(Boolean));
    const entries = await fs
      .readdir(root, { recursive: true, withFileTypes: true })
      .catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path
          .relative(storage.dir, path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .join('/'),
      );
  }
  const client = new S3Client({
    region: storage.region,
    forcePathStyle: storage.forcePathStyle,
    ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
    ...(storage.accessKeyId && storage.secretAccessKey
      ? {
          credentials: {
            accessKeyId: storage.accessKeyId,
            secretAccessKey: storage.secretAccessKey,
          },
        }
      : {}),
  });
  try {
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: storage.prefix + prefix }),
    );
    return (listed.Contents ?? []).map((object) => object.Key!.slice(storage.prefix.length));
  } finally {
    client.destroy();
  }
}
