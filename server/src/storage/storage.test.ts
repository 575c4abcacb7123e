import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { createStore } from '#server/plugins/storage.js';
import { startS3Server, type S3TestServer } from '#server/testing/s3-server.js';
import {
  startTestServerWithStorage,
  storageTargets,
  type StorageTarget,
  type TestServer,
} from '#server/testing/harness.js';
import { createLocalStore } from './local.js';
import { createS3Store, type S3Store } from './s3.js';
import { ObjectNotFoundError, type DocumentStore } from './storage.js';

const MiB = 1024 * 1024;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A body that delivers `before` bytes and then fails, like a client that goes away mid-upload. */
function failingBody(before: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < before; sent += MiB)
        yield randomBytes(Math.min(MiB, before - sent));
      throw new Error('client went away');
    })(),
  );
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(storageTargets())('the %s document store', (target: StorageTarget) => {
  let store: DocumentStore;
  let dir: string;
  let s3: S3TestServer | undefined;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-store-'));
    if (target === 'local') {
      store = createLocalStore({ dir, tempDir: path.join(dir, '.tmp') });
    } else {
      s3 = await startS3Server();
      store = createS3Store({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'test/',
      });
    }
  });
  afterAll(async () => {
    (store as Partial<S3Store> | undefined)?.destroy?.();
    await s3?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers what was put', async () => {
    const bytes = Buffer.from('%PDF-1.4 a small document');
    expect(
      await store.put('documents/small.pdf', Readable.from([bytes]), 'application/pdf'),
    ).toEqual({
      size: bytes.length,
    });
    const { body, size } = await store.get('documents/small.pdf');
    expect(size).toBe(bytes.length);
    expect(await readAll(body)).toEqual(bytes);
  });

  it('stores a 12 MiB body (several parts on S3) intact', async () => {
    const bytes = randomBytes(12 * MiB);
    const chunks = Array.from({ length: 12 }, (_, i) => bytes.subarray(i * MiB, (i + 1) * MiB));
    expect(await store.put('documents/large', Readable.from(chunks), 'application/pdf')).toEqual({
      size: bytes.length,
    });
    const { body, size } = await store.get('documents/large');
    expect(size).toBe(bytes.length);
    expect(sha256(await readAll(body))).toBe(sha256(bytes));
  });

  it.each([0, 5 * MiB, 10 * MiB, 5 * MiB + 1])(
    'stores a body of %i bytes (part boundaries on S3)',
    async (length) => {
      const bytes = randomBytes(length);
      const key = `documents/boundary-${length}`;
      expect(await store.put(key, Readable.from([bytes]), 'application/pdf')).toEqual({
        size: length,
      });
      expect(await store.stat(key)).toEqual({ size: length });
      const { body, size } = await store.get(key);
      expect(size).toBe(length);
      expect(sha256(await readAll(body))).toBe(sha256(bytes));
    },
  );

  it('reads an inclusive byte range and reports the whole size', async () => {
    const bytes = randomBytes(10_000);
    await store.put('documents/ranged', Readable.from([bytes]), 'application/octet-stream');
    const { body, size } = await store.get('documents/ranged', { start: 100, end: 1099 });
    expect(size).toBe(10_000);
    expect(await readAll(body)).toEqual(bytes.subarray(100, 1100));
    const last = await store.get('documents/ranged', { start: 9_999, end: 9_999 });
    expect(await readAll(last.body)).toEqual(bytes.subarray(9_999));
  });

  it('reports sizes, and nothing for a missing key', async () => {
    await store.put('thumbnails/a/b/c.webp', Readable.from([Buffer.alloc(321)]), 'image/webp');
    expect(await store.stat('thumbnails/a/b/c.webp')).toEqual({ size: 321 });
    expect(await store.stat('thumbnails/a/b/missing.webp')).toBeUndefined();
  });

  it('deletes, and deleting a missing key is fine', async () => {
    await store.put('documents/doomed', Readable.from([Buffer.from('x')]), 'text/plain');
    await store.delete('documents/doomed');
    expect(await store.stat('documents/doomed')).toBeUndefined();
    await expect(store.delete('documents/doomed')).resolves.toBeUndefined();
  });

  it('replaces an object put again under the same key', async () => {
    await store.put('documents/again', Readable.from([Buffer.from('first')]), 'text/plain');
    await store.put('documents/again', Readable.from([Buffer.from('second!')]), 'text/plain');
    expect((await readAll((await store.get('documents/again')).body)).toString()).toBe('second!');
  });

  it.each([
    ['before the first part', 2 * MiB],
    ['after the first part', 7 * MiB],
  ])('leaves nothing behind when the body fails %s', async (_label, before) => {
    const key = `documents/broken-${before}`;
    await expect(store.put(key, failingBody(before), 'application/pdf')).rejects.toThrow(
      'client went away',
    );
    expect(await store.stat(key)).toBeUndefined();
    await expect(store.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    if (target === 'local') {
      expect(await fs.readdir(path.join(dir, '.tmp'))).toEqual([]);
      await expect(fs.access(path.join(dir, key))).rejects.toThrow();
    }
  });

  it('throws ObjectNotFoundError for a missing key', async () => {
    const error = await store.get('documents/nothing-here').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect((error as ObjectNotFoundError).key).toBe('documents/nothing-here');
  });

  it('diagnoses itself as reachable and writable, leaving no probe behind', async () => {
    const diagnosis = await store.diagnose();
    expect(diagnosis).toMatchObject({ backend: target, reachable: true, writable: true });
    expect(diagnosis.message).toMatch(/is reachable and writable\.$/);
    expect(diagnosis.latencyMs).toBeGreaterThanOrEqual(0);
    if (target === 'local') expect(await fs.readdir(path.join(dir, 'diagnostics'))).toEqual([]);
  });
});

describe('the S3 store without a server', () => {
  it('reports an unreachable endpoint without throwing', async () => {
    const store = createS3Store({
      bucket: 'nt24-documents',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${await freePort()}`,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: '',
    });
    try {
      const diagnosis = await store.diagnose();
      expect(diagnosis).toMatchObject({
        backend: 's3',
        location: 'nt24-documents',
        reachable: false,
        writable: false,
      });
      expect(diagnosis.message).toMatch(/^Bucket nt24-documents is not reachable: .*ECONNREFUSED/);
    } finally {
      store.destroy();
    }
  });
});

describe('the local store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-store-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it.each([
    '../outside',
    'documents/../../etc/passwd',
    '/etc/passwd',
    'a//b',
    'a/./b',
    'sp ace',
    '',
    '.tmp/x',
  ])('refuses the key %j', async (key) => {
    const store = createLocalStore({
      dir: path.join(dir, 'store'),
      tempDir: path.join(dir, 'store', '.tmp'),
    });
    await expect(store.put(key, Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(store.get(key)).rejects.toThrow('Invalid storage key');
    await expect(store.stat(key)).rejects.toThrow('Invalid storage key');
    await expect(store.delete(key)).rejects.toThrow('Invalid storage key');
  });

  it('sweeps only its temp folder, of what was left there before the given time', async () => {
    const store = createLocalStore({
      dir: path.join(dir, 'swept'),
      tempDir: path.join(dir, 'tmp'),
    });
    await store.put('documents/kept', Readable.from([Buffer.from('stored')]), 'text/plain');
    const leftover = path.join(dir, 'tmp', 'crashed.part');
    await fs.writeFile(leftover, 'half');
    const hourAgo = new Date(Date.now() - 3600_000);
    await fs.utimes(leftover, hourAgo, hourAgo);
    await fs.utimes(path.join(dir, 'swept', 'documents', 'kept'), hourAgo, hourAgo);

    expect(await store.sweep(new Date(Date.now() - 60_000))).toBe(1);
    expect(await fs.readdir(path.join(dir, 'tmp'))).toEqual([]);
    expect(await store.stat('documents/kept')).toEqual({ size: 6 });
  });

  it('reports a folder it cannot create as unreachable', async () => {
    const file = path.join(dir, 'a-file');
    await fs.writeFile(file, 'not a folder');
    const store = createLocalStore({
      dir: path.join(file, 'store'),
      tempDir: path.join(file, 'tmp'),
    });
    const diagnosis = await store.diagnose();
    expect(diagnosis).toMatchObject({ backend: 'local', reachable: false, writable: false });
  });
});

describe.each(storageTargets())('a test server on the %s store', (target: StorageTarget) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServerWithStorage('pglite', target);
  });
  afterAll(() => server?.close());

  it('decorates app.storage with the configured store', async () => {
    expect(server.config.storage.kind).toBe(target);
    expect(server.app.storage.backend).toBe(target);
    expect(await server.app.storage.diagnose()).toMatchObject({ reachable: true, writable: true });
  });
});

describe('the configured store', () => {
  it('is a local folder below DATA_DIR by default', () => {
    const config = loadConfig({ DATA_DIR: '/srv/nt24' });
    expect(config.storage).toEqual({
      kind: 'local',
      dir: path.resolve('/srv/nt24/documents'),
      tempDir: path.resolve('/srv/nt24/tmp/uploads'),
    });
    expect(config.documents.maxBytes).toBe(25 * MiB);
    expect(createStore(config.storage).backend).toBe('local');
  });

  it('keeps unfinished uploads inside a store moved by DOCUMENT_STORE_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/srv/nt24', DOCUMENT_STORE_DIR: '/mnt/share/docs' });
    expect(config.storage).toEqual({
      kind: 'local',
      dir: path.resolve('/mnt/share/docs'),
      tempDir: path.resolve('/mnt/share/docs/.tmp'),
    });
  });

  it('is an S3 bucket when S3_BUCKET is set', () => {
    const config = loadConfig({
      S3_BUCKET: 'nt24-documents',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'portal',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      DOCUMENT_MAX_BYTES: '1000',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'nt24-documents',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'portal/',
    });
    expect(config.documents.maxBytes).toBe(1000);
    const store = createStore(config.storage);
    expect(store.backend).toBe('s3');
    store.destroy?.();
  });

  it('refuses half a pair of credentials', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });
});
