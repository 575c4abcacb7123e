import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  freshKyc,
  uploadDocument,
  type Kyc,
  type KycCompany,
} from '#server/testing/kyc-fixtures.js';
import { workerLog } from '#server/testing/log-audit.js';
import { caller } from '#server/testing/partners-fixtures.js';
import {
  redactingLoggerOptions,
  redactText,
  redactUrl,
  serializeError,
  serializeRequest,
} from './log-redaction.js';

/** Shaped as the server makes them: a link's token, a document access token (a JWT). */
const LINK_TOKEN = 'q9Xw3vB7nL2kR8sT1yZ4uP6mC0dF5gH-aJ_eK3oI7rU';
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJkb2MiOjQyLCJzdWIiOiJhYmMifQ.Qm9ndXNTaWduYXR1cmVfXzEyMzQ1';
const CODE = 'Zk3mP9qL2wX8vB5nR7tY1uI4oA6sD0fG3hJ9kL2zX5cV8bN';

describe('redactUrl', () => {
  it.each([
    ['a document access token', `/api/documents/7/content?token=${JWT}&disposition=inline`],
    ['a thumbnail token', `/api/documents/7/thumbnail?format=webp&width=64&token=${JWT}`],
    ['the self-service page', `/kyc/selfservice/${LINK_TOKEN}?lang=de`],
    ['a link token in the API path', `/api/kyc/selfservice/${LINK_TOKEN}`],
    ['a link token in a query', `/api/kyc/selfservice/file?token=${LINK_TOKEN}`],
    [
      'a link token under the header name',
      `/api/kyc/selfservice/file?x-self-service-token=${LINK_TOKEN}`,
    ],
    ['a link token under any name', `/api/kyc/selfservice/file?t=${LINK_TOKEN}`],
    ['a bare token as the query', `/api/kyc/selfservice/file?${LINK_TOKEN}`],
    ['an authorization answer', `/?code=${CODE}&state=st4te-of-16-chars&session_state=abc`],
    ['an authorization answer in the fragment', `/#state=st4te-of-16-chars&code=${CODE}`],
    ['a sign-out address', `/realms/nt24/protocol/openid-connect/logout?id_token_hint=${JWT}`],
    ['a token parameter in any case', `/api/documents/7/content?TOKEN=${JWT}`],
    ['a token parameter as an array', `/api/documents/7/content?token[]=${JWT}`],
    ['a token parameter percent-encoded', `/api/documents/7/content?%74oken=${JWT}`],
    ['a bearer token in a query', `/api/me?access_token=${JWT}`],
    ['a whole URL', `https://portal.example/kyc/selfservice/${LINK_TOKEN}`],
    // Where the attack run of issue 32 still found them whole.
    ['a token after a semicolon', `/api/documents/214/content;token=${JWT}`],
    ['a token glued by a dot', `/api/kyc/selfservice/x.${LINK_TOKEN}`],
    ['a token before an extension', `/api/kyc/selfservice/${LINK_TOKEN}.json`],
    ['a token after a colon', `/api/kyc/selfservice/token:${LINK_TOKEN}`],
    ['a token in a search', `/api/orders?q=a+${LINK_TOKEN}`],
    ['a bearer token in a search', `/api/orders?q=Bearer%20${JWT}`],
    ['a token in a list', `/api/orders?ids=1,${LINK_TOKEN}`],
    ['a token as a name', `/api/orders?${LINK_TOKEN}=1`],
    ['a token in JSON', `/api/orders?f={"t":"${LINK_TOKEN}"}`],
    ['an escaped page address', `/kyc%2Fselfservice%2F${LINK_TOKEN}`],
  ])('cuts out %s', (_place, url) => {
    const redacted = redactUrl(url);
    expect(redacted).toContain('[redacted]');
    for (const secret of [LINK_TOKEN, JWT, CODE, 'st4te-of-16-chars']) {
      expect(redacted).not.toContain(secret);
    }
  });

  it('keeps what says what was asked', () => {
    expect(redactUrl(`/api/documents/7/content?token=${JWT}&disposition=inline`)).toBe(
      '/api/documents/7/content?token=[redacted]&disposition=inline',
    );
    expect(redactUrl(`/kyc/selfservice/${LINK_TOKEN}?lang=de`)).toBe(
      '/kyc/selfservice/[redacted]?lang=de',
    );
    expect(
      redactUrl('/realms/nt24/protocol/openid-connect/auth?client_id=nt24-web&login_hint=a%40b.nl'),
    ).toBe('/realms/nt24/protocol/openid-connect/auth?client_id=nt24-web&login_hint=[redacted]');
    for (const url of [
      '/api/kyc/selfservice/file',
      '/api/kyc/3f0c1a52-8c1e-4f7b-9a3d-2b6e8f1c7d90/5b2e9f4a-1c3d-4e5f-8a7b-9c0d1e2f3a4b/steps',
      '/api/orders?page=2&sort=-createdAt&from=2026-01-01',
      '/api/partners?q=Jansen%20BV',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('redactText and serializeError', () => {
  it('cut credentials out of messages and stacks', () => {
    const text = `GET /api/documents/7/content?token=${JWT} for /kyc/selfservice/${LINK_TOKEN} (${CODE})`;
    const redacted = redactText(text);
    for (const secret of [LINK_TOKEN, JWT, CODE]) expect(redacted).not.toContain(secret);
    expect(redacted).toContain('/api/documents/7/content?token=[redacted]');

    const error = Object.assign(new Error(`refused ${LINK_TOKEN}`), { url: `/?code=${CODE}` });
    const logged = serializeError(error);
    expect(JSON.stringify(logged)).not.toMatch(new RegExp(`${LINK_TOKEN}|${CODE}`));
    expect(logged).toMatchObject({ type: 'Error', message: 'refused [redacted]' });

    // Nested fields and a cause that is no Error (an HTTP client's request, a plain object).
    const nested = Object.assign(new Error('failed', { cause: { token: LINK_TOKEN } }), {
      config: { headers: { authorization: `Bearer ${JWT}`, cookie: `sid=${CODE}` } },
    });
    expect(JSON.stringify(serializeError(nested))).not.toMatch(
      new RegExp(`${LINK_TOKEN}|${JWT}|${CODE}`),
    );
  });

  it('serializes a request with its address redacted and no headers', () => {
    expect(
      serializeRequest({
        method: 'GET',
        url: `/api/documents/7/content?token=${JWT}`,
        host: 'portal.example',
        ip: '10.0.0.1',
        headers: { authorization: `Bearer ${JWT}` },
        socket: { remotePort: 5000 },
      } as never),
    ).toEqual({
      method: 'GET',
      url: '/api/documents/7/content?token=[redacted]',
      host: 'portal.example',
      remoteAddress: '10.0.0.1',
      remotePort: 5000,
    });
  });
});

describe('the logger options', () => {
  it('keep credentials out of every line Fastify and our code write', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'debug', ...redactingLoggerOptions(), stream } });
    app.get('/api/documents/:id/content', async (request) => {
      request.log.info({ headers: request.headers }, `read ${request.url}`);
      request.log.info({ req: { headers: request.headers } }, 'with the request');
      request.log.info({ url: request.url, query: request.query }, 'as fields');
      request.log.info(
        {
          headers: {
            'set-cookie': [`_session=${CODE}; Path=/`],
            'proxy-authorization': 'Basic dXNlcjpwYXNz',
            location: `https://portal.example/?code=${CODE}&state=st4te-of-16-chars`,
            referer: `https://portal.example/kyc/selfservice/${LINK_TOKEN}`,
          },
        },
        'an answer',
      );
      throw new Error(`refused ${request.url}`);
    });
    const answer = await app.inject({
      method: 'GET',
      url: `/api/documents/7/content?token=${JWT}`,
      headers: {
        authorization: `Bearer ${JWT}`,
        cookie: `_session=${CODE}`,
        'x-self-service-token': LINK_TOKEN,
      },
    });
    await app.close();
    expect(answer.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('/api/documents/7/content?token=[redacted]');
    for (const secret of [LINK_TOKEN, JWT, CODE, 'st4te-of-16-chars', 'dXNlcjpwYXNz']) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('"location":"https://portal.example/?code=[redacted]&state=[redacted]"');
    expect(log).toContain('"referer":"https://portal.example/kyc/selfservice/[redacted]"');
  });
});

describe('tokens over HTTP, in the log of the run', () => {
  let server: TestServer;
  let company: KycCompany;
  let kyc: Kyc;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    ({ company, kyc } = await freshKyc(server));
  });
  afterAll(() => server?.close());

  it('keeps a document access token and a link token refused in a query out of it', async () => {
    const call = caller(server);
    const link = await call(company.owner, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, {});
    expect(link.statusCode, link.body).toBe(201);
    const linkToken = link.json<{ token: string }>().token;
    const documentId = await uploadDocument(server, company.owner, company.partner, 'ID_DOCUMENT');
    const issued = await call(company.owner, 'POST', `/api/documents/${documentId}/token`);
    expect(issued.statusCode, issued.body).toBe(200);
    const documentToken = issued.json<{ token: string }>().token;

    const opened = await server.app.inject({
      method: 'GET',
      url: `/api/documents/${documentId}/content?token=${documentToken}&disposition=inline`,
    });
    expect(opened.statusCode).toBe(200);
    // The API takes a link's token in its header only: anywhere else it opens nothing.
    for (const url of [
      `/api/kyc/selfservice/file?token=${linkToken}`,
      `/api/kyc/selfservice/file?x-self-service-token=${linkToken}`,
      `/api/kyc/selfservice/${linkToken}`,
      `/kyc/selfservice/${linkToken}`,
    ]) {
      const refused = await server.app.inject({ method: 'GET', url });
      expect([401, 404], url).toContain(refused.statusCode);
      expect(refused.body, url).not.toContain(linkToken);
    }

    const log = workerLog();
    expect(log, 'the server tests log into the audit folder').toBeDefined();
    expect(log).toContain(
      `/api/documents/${documentId}/content?token=[redacted]&disposition=inline`,
    );
    expect(log).toContain('/api/kyc/selfservice/file?token=[redacted]');
    expect(log).toContain('/kyc/selfservice/[redacted]');
    expect(log).not.toContain(documentToken);
    expect(log).not.toContain(linkToken);
  });
});
