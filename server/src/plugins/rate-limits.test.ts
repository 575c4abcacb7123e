import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, startTestServer, type TestServer } from '#server/testing/harness.js';
import { uploadDocument } from '#server/testing/kyc-fixtures.js';
import { caller, createPartner, signIn } from '#server/testing/partners-fixtures.js';

const SESSION = '/api/auth/session/info';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function expect429(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    message: `Too many requests. Try again in ${seconds} s.`,
    requestId: expect.any(String),
  });
}

describe('API rate limits in one process (decision 025)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      RATE_LIMIT_PERSON_PER_MINUTE: '5',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '3',
    });
  });
  afterAll(() => server?.close());

  const call = (headers: Record<string, string>, remoteAddress = '127.0.0.1', url = SESSION) =>
    server.app.inject({ method: 'GET', url, headers, remoteAddress });

  it('gives each person their own calls per minute, then 429 with Retry-After', async () => {
    const alice = {
      authorization: `Bearer ${await server.token(person('alice', ['NT24_EMPLOYEE']))}`,
    };
    const bob = { authorization: `Bearer ${await server.token(person('bob', ['NT24_EMPLOYEE']))}` };
    for (let i = 0; i < 5; i++) expect((await call(alice, '10.1.0.1')).statusCode).toBe(200);
    expect429(await call(alice, '10.1.0.2'));
    expect((await call(bob, '10.1.0.1')).statusCode).toBe(200);
  });

  it('counts refused and missing tokens per client address, with the stricter limit', async () => {
    const bad = { authorization: 'Bearer not-a-token' };
    for (let i = 0; i < 3; i++) expect((await call(bad, '10.2.0.1')).statusCode).toBe(401);
    expect429(await call(bad, '10.2.0.1'));
    expect429(await call({}, '10.2.0.1', '/api/utils/countries'));
    expect((await call(bad, '10.2.0.2')).statusCode).toBe(401);
  });

  it('never limits the health checks', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await call({}, '10.3.0.1', '/api/health')).statusCode).toBe(200);
    }
  });

  it('documents 429 for every limited route', async () => {
    const spec = (await call({}, '10.4.0.1', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.values(methods).map((operation) => ({
        path,
        statuses: Object.keys(operation.responses),
      })),
    );
    for (const { path, statuses } of operations) {
      expect(statuses.includes('429'), path).toBe(!['/api/health', '/api/ready'].includes(path));
    }
  });
});

describe("a document's bytes by access token (decision 025)", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { RATE_LIMIT_ADDRESS_PER_MINUTE: '3' });
  });
  afterAll(() => server?.close());

  it('counts the person the token names, not their address; refused tokens count per address', async () => {
    const owner = await signIn(server, 'owner', ['OWNER']);
    const partner = await createPartner(server, owner);
    const id = await uploadDocument(server, owner, partner, 'COC_EXTRACT');
    const issued = await caller(server)(owner, 'POST', `/api/documents/${id}/token`);
    const token = issued.json().token as string;
    const get = (query: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/documents/${id}/content?${query}`,
        remoteAddress: '10.5.0.1',
      });
    // An office's page of documents: more than its address may call without a token.
    for (let i = 0; i < 6; i++) expect((await get(`token=${token}`)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get('token=forged')).statusCode).toBe(401);
    expect429(await get('token=forged'));
  });
});

describe.skipIf(!(await redisReachable()))(
  'API rate limits shared through Redis (decision 025)',
  () => {
    let first: TestServer;
    let second: TestServer;
    const env = { REDIS_URL, RATE_LIMIT_PERSON_PER_MINUTE: '6' };

    beforeAll(async () => {
      [first, second] = await Promise.all([
        startTestServer('pglite', env),
        startTestServer('pglite', env),
      ]);
    });
    afterAll(async () => {
      await Promise.all([first?.close(), second?.close()]);
    });

    it('counts one person across two servers, and the second refuses with Retry-After', async () => {
      // The same person, with a token from each server's own identity provider.
      const sub = randomUUID();
      const tokens = await Promise.all(
        [first, second].map((server) => server.token(person('carol', ['NT24_MANAGER'], sub))),
      );
      const call = (index: 0 | 1) =>
        [first, second][index]!.app.inject({
          method: 'GET',
          url: SESSION,
          headers: { authorization: `Bearer ${tokens[index]}` },
        });
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await call((i % 2) as 0 | 1)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      expect429(await call(1));
      expect429(await call(0));
    });
  },
);
