import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/harness.js';
import { kycCompany, uploadDocument } from '#server/testing/kyc-fixtures.js';

const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(400))});`;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  body: Buffer;
}

/** A GET over real HTTP that keeps the bytes as sent (fetch would decode them). */
function get(port: number, url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

describe('compressed API answers', () => {
  let server: TestServer;
  let port: number;
  let dist: string;

  beforeAll(async () => {
    // A built app with its pre-compressed copies, as `npm run build` leaves it.
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-compress-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>NT24</title>');
    const script = path.join(dist, 'assets/index-BO45rNlU.js');
    await fs.writeFile(script, SCRIPT);
    await fs.writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
    await fs.writeFile(`${script}.gz`, gzipSync(SCRIPT));

    server = await startTestServer('pglite', { STATIC_DIR: dist });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends a JSON list as Brotli to a client that accepts it, the same JSON once decoded', async () => {
    const plain = await get(port, '/api/utils/countries', {});
    const response = await get(port, '/api/utils/countries', { 'accept-encoding': 'gzip, br' });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(response.body).toString())).toEqual(
      JSON.parse(plain.body.toString()),
    );
  });

  it('sends gzip when Brotli is not accepted', async () => {
    const response = await get(port, '/api/utils/countries', { 'accept-encoding': 'gzip' });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.body).toString())).toBeInstanceOf(Array);
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const response = await get(port, '/api/health', { 'accept-encoding': 'br, gzip' });

    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.length).toBeLessThan(1024);
    expect(JSON.parse(response.body.toString())).toMatchObject({ status: expect.any(String) });
  });

  it('sends a document download as stored, not compressed', async () => {
    const { owner, partner } = await kycCompany(server);
    const id = await uploadDocument(server, owner, partner, 'CONTRACT');
    const stored = await server.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/content`,
      headers: { authorization: `Bearer ${owner.token}` },
    });

    const response = await get(port, `/api/documents/${id}/content`, {
      authorization: `Bearer ${owner.token}`,
      'accept-encoding': 'br, gzip',
    });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.equals(stored.rawPayload)).toBe(true);
    expect(response.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sends the built app’s own Brotli copy, not compressed a second time', async () => {
    const response = await get(port, '/assets/index-BO45rNlU.js', { 'accept-encoding': 'br' });

    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });
});
