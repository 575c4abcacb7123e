import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import spa, { cacheControlFor } from './spa.js';

const INDEX = '<!doctype html><title>NT24</title><script src="/assets/index-BO45rNlU.js"></script>';
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(200))});`;
const TEXTS = JSON.stringify({ app: { name: 'NT24' } });

/** A built app as `vite build` leaves it: each text file with its .br and .gz copies. */
async function writeDist(root: string) {
  const files: Record<string, string> = {
    'index.html': INDEX,
    'assets/index-BO45rNlU.js': SCRIPT,
    'assets/i18n/en.json': TEXTS,
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
    await fs.writeFile(`${file}.br`, brotliCompressSync(content));
    await fs.writeFile(`${file}.gz`, gzipSync(content));
  }
}

describe('the built app', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-spa-'));
    await writeDist(root);
    app = Fastify();
    await app.register(spa, { root });
    app.get('/api/health', () => ({ status: 'ok' }));
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('sends the Brotli copy to a browser that accepts it', async () => {
    const response = await get('/assets/index-BO45rNlU.js', { 'accept-encoding': 'gzip, br' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when Brotli is not accepted', async () => {
    const response = await get('/assets/index-BO45rNlU.js', { 'accept-encoding': 'gzip' });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const response = await get('/assets/index-BO45rNlU.js', { 'accept-encoding': 'identity' });

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('lets the browser keep hashed assets for a year, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/index-BO45rNlU.js', { 'accept-encoding': encoding });
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the browser revalidate index.html and the unhashed translations', async () => {
    const page = await get('/index.html', { 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');

    const texts = await get('/assets/i18n/en.json', { 'accept-encoding': 'gzip' });
    expect(texts.headers['cache-control']).toBe('no-cache');
    expect(texts.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(texts.rawPayload).toString()).toBe(TEXTS);
  });

  it('answers any other page address with index.html, compressed and not cached', async () => {
    const response = await get('/partners/42?tab=kyc', {
      accept: 'text/html,application/xhtml+xml',
      'accept-encoding': 'gzip, deflate, br',
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });

  it('leaves API paths, missing assets and non-HTML requests to the not-found handler', async () => {
    const html = { accept: 'text/html' };
    expect((await get('/api/nothing-here', html)).statusCode).toBe(404);
    expect((await get('/realms/nt24/unknown', html)).statusCode).toBe(404);
    expect((await get('/assets/missing-AAAAAAAA.js')).statusCode).toBe(404);
    expect((await get('/partners/42', { accept: 'application/json' })).statusCode).toBe(404);
    expect((await get('/api/health', html)).json()).toEqual({ status: 'ok' });
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['assets/index-BO45rNlU.js', 'public, max-age=31536000, immutable'],
    ['assets/index-BO45rNlU.js.br', 'public, max-age=31536000, immutable'],
    ['assets/router-KplHHx2E.css.gz', 'public, max-age=31536000, immutable'],
    ['assets/pdf.worker.min-Df_3-a9Z.mjs', 'public, max-age=31536000, immutable'],
    ['assets/i18n/en.json', 'no-cache'],
    ['index.html', 'no-cache'],
    ['favicon.svg', 'no-cache'],
  ])('%s: %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});
