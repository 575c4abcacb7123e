import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { workerLog } from '#server/testing/log-audit.js';
import {
  caller,
  createPartner,
  signIn,
  type Actor,
  type Caller,
} from '#server/testing/partners-fixtures.js';

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;

/** The request's log lines, as the audited test log holds them once they are written. */
async function logLinesOf(requestId: string): Promise<Record<string, unknown>[]> {
  return vi.waitFor(() => {
    const log = workerLog();
    expect(log, 'the server tests log into the audit folder').toBeDefined();
    const lines = log!
      .split('\n')
      .filter((line) => line.includes(requestId))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    return lines;
  });
}

describe.each(databaseTargets())('the request id (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let owner: Actor;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    owner = await signIn(server, 'owner', ['OWNER']);
  });
  afterAll(() => server.close());

  /** The error answer names its request in its body, its header and its log lines. */
  async function expectNamed(response: LightMyRequestResponse, status: number) {
    expect(response.statusCode, response.body).toBe(status);
    const { requestId } = response.json<{ requestId: string }>();
    expect(requestId).toMatch(UUID);
    expect(response.headers['x-request-id']).toBe(requestId);
    const lines = await logLinesOf(requestId);
    expect(lines.every((line) => line.reqId === requestId)).toBe(true);
    expect(lines.some((line) => (line.req as { url?: string } | undefined)?.url)).toBe(true);
    return requestId;
  }

  it('is in the body, the X-Request-Id header and the log line of a 400, a 404 and a 409', async () => {
    const company = await createPartner(server, owner);
    const ids = [
      await expectNamed(await call(owner, 'POST', '/api/partners', {}), 400),
      await expectNamed(await call(owner, 'GET', `/api/partners/uuid/${randomUUID()}`), 404),
      await expectNamed(
        await call(owner, 'PATCH', `/api/partners/uuid/${company.uuid}`, {
          name: 'Renamed',
          version: 99,
        }),
        409,
      ),
    ];
    expect(new Set(ids).size).toBe(3);
  });

  it("takes the caller's own id when it is a safe short token, and a new one otherwise", async () => {
    const named = (id: string) =>
      server.app.inject({
        method: 'GET',
        url: '/api/no-such-route',
        headers: { 'x-request-id': id },
      });
    const safe = await named('edge-42.a:b');
    expect(safe.json()).toMatchObject({ requestId: 'edge-42.a:b' });
    expect(safe.headers['x-request-id']).toBe('edge-42.a:b');
    for (const unsafe of [
      'two words',
      'x'.repeat(65),
      '-leading',
      'a"b',
      'q9Xw3vB7nL2kR8sT1yZ4uP6mC0dF5gH-aJ_eK3oI7rU',
    ]) {
      const answer = await named(unsafe);
      expect(answer.json<{ requestId: string }>().requestId, unsafe).toMatch(UUID);
      expect(answer.headers['x-request-id'], unsafe).toBe(
        answer.json<{ requestId: string }>().requestId,
      );
    }
  });
});
