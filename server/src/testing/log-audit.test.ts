import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findLeaks } from './log-audit.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJkb2MiOjd9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const LINK = 'q9Xw3vB7nL2kR8sT1yZ4uP6mC0dF5gH-aJ_eK3oI7rU';

describe('findLeaks', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  function run(tokens: { token: string; kind: string }[], log: object[]): string {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nt24-log-audit-test-'));
    folders.push(folder);
    const lines = (entries: object[]) => entries.map((entry) => `${JSON.stringify(entry)}\n`);
    fs.writeFileSync(path.join(folder, 'tokens-1-0.ndjson'), lines(tokens).join(''));
    fs.writeFileSync(path.join(folder, 'log-2-0.ndjson'), lines(log).join(''));
    return folder;
  }

  it('names each issued token found in a log line of any worker, with the line', () => {
    const folder = run(
      [
        { token: JWT, kind: 'token (POST /api/documents/:documentId/token)' },
        { token: LINK, kind: 'token (POST /api/kyc/:id/selfservice-links)' },
      ],
      [
        { msg: 'incoming request', req: { method: 'GET', url: '/api/documents/7/content' } },
        { msg: 'incoming request', req: { method: 'GET', url: `/api/x?token=${JWT}&a=1` } },
        { msg: `refused /kyc/selfservice/${LINK}` },
      ],
    );
    expect(findLeaks(folder)).toEqual([
      {
        token: JWT,
        kind: 'token (POST /api/documents/:documentId/token)',
        where: `${path.join(folder, 'log-2-0.ndjson')}:2`,
        line: `GET /api/x?token=${JWT}&a=1`,
      },
      {
        token: LINK,
        kind: 'token (POST /api/kyc/:id/selfservice-links)',
        where: `${path.join(folder, 'log-2-0.ndjson')}:3`,
        line: `refused /kyc/selfservice/${LINK}`,
      },
    ]);
  });

  it('finds nothing in a redacted log', () => {
    const folder = run(
      [{ token: JWT, kind: 'token' }],
      [{ req: { method: 'GET', url: '/api/documents/7/content?token=[redacted]' } }],
    );
    expect(findLeaks(folder)).toEqual([]);
  });
});
