import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadDocument } from '#server/testing/kyc-fixtures.js';
import {
  createPartner,
  signIn,
  type Actor,
  type Partner,
} from '#server/testing/partners-fixtures.js';
import { startTestServer, type TestServer } from '#server/testing/harness.js';
import { inlineStyleHashes, PERMISSIONS_POLICY } from './security-headers.js';

const STYLE = 'body{margin:0}';
const INDEX = `<!doctype html><html><head><style>${STYLE}</style></head><body><div id="root"></div><script type="module" src="/assets/index-BO45rNlU.js"></script></body></html>`;

async function writeDist(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-headers-'));
  await fs.mkdir(path.join(root, 'assets'));
  await fs.writeFile(path.join(root, 'index.html'), INDEX);
  await fs.writeFile(path.join(root, 'assets/index-BO45rNlU.js'), 'console.log(1);');
  return root;
}

/** The CSP as a map of directive to its values. */
function policy(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every answer carries, whatever it is. */
function expectBaseline(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(response.headers['referrer-policy']).toBeDefined();
  expect(response.headers['content-security-policy']).toBeDefined();
  expect(response.headers['x-powered-by']).toBeUndefined();
}

/** The app's own strict policy. */
function expectAppPolicy(response: LightMyRequestResponse) {
  expectBaseline(response);
  const csp = policy(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers on every kind of answer (decision 026)', () => {
  let server: TestServer;
  let dist: string;
  let owner: Actor;
  let partner: Partner;

  beforeAll(async () => {
    dist = await writeDist();
    server = await startTestServer('pglite', { STATIC_DIR: dist });
    owner = await signIn(server, 'owner', ['OWNER']);
    partner = await createPartner(server, owner);
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });
  const asOwner = { authorization: `Bearer ${'x'}` };

  it('the app page: only its own scripts, its inline boot style by hash, framed by nobody', async () => {
    for (const url of ['/', '/kyc/42/review']) {
      const page = await get(url, { accept: 'text/html' });
      expect(page.statusCode).toBe(200);
      expectAppPolicy(page);
      const hash = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
      expect(policy(page).get('style-src')).toEqual(["'self'", hash]);
      expect(inlineStyleHashes(INDEX)).toEqual([hash]);
      expect(page.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('an asset, an API answer, an API error and an unknown route', async () => {
    const answers = [
      await get('/assets/index-BO45rNlU.js'),
      await get('/api/auth/session/info', { authorization: `Bearer ${owner.token}` }),
      await get('/api/auth/session/info', asOwner),
      await get('/api/nothing-here'),
      await get('/api/health'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 401, 200]);
    for (const answer of answers) expectAppPolicy(answer);
  });

  it("a document's download: its own policy, framed by our origin only", async () => {
    const id = await uploadDocument(server, owner, partner, 'COC_EXTRACT');
    const download = await get(`/api/documents/${id}/content`, {
      authorization: `Bearer ${owner.token}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expectBaseline(download);
    expect(policy(download).get('default-src')).toEqual(["'none'"]);
    expect(policy(download).get('frame-ancestors')).toEqual(["'self'"]);
    expect(download.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("the sign-in page keeps the identity provider's own policy", async () => {
    const page = await get('/realms/nt24/login/unknown-interaction');
    expectBaseline(page);
    expect(policy(page).get('default-src')).toEqual(["'none'"]);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const discovery = await get('/realms/nt24/.well-known/openid-configuration');
    expect(discovery.statusCode).toBe(200);
    expectBaseline(discovery);
    expect(policy(discovery).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('sends no referrer from the self-service page and its API', async () => {
    for (const url of ['/kyc/selfservice/abc', '/api/kyc/selfservice/abc']) {
      const answer = await get(url, { accept: 'text/html' });
      expectBaseline(answer);
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('security headers behind https (decision 026)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { PUBLIC_URL: 'https://portal.nt24.example' });
  });
  afterAll(() => server?.close());

  it('sends HSTS and upgrades insecure requests, even when TLS ends at a proxy', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(policy(answer).has('upgrade-insecure-requests')).toBe(true);
  });
});
