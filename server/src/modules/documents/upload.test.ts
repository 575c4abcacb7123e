import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, storedKeys, upload } from '#server/testing/documents-fixtures.js';
import { startTestServerWithStorage, type TestServer } from '#server/testing/harness.js';
import {
  createPartner,
  signIn,
  type Actor,
  type Partner,
} from '#server/testing/partners-fixtures.js';
import { safeFileName } from './upload.js';

describe('safeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\system.ini', 'system.ini'],
    ['C:\\Users\\me\\scan.pdf', 'scan.pdf'],
    ['in\u0000voice\u001f.pdf', 'invoice.pdf'],
    ['report\u202Efdp.exe', 'reportfdp.exe'],
    ['  spaced.pdf  ', 'spaced.pdf'],
    ['..', 'document'],
    ['dir/', 'document'],
    ['', 'document'],
    [undefined, 'document'],
    ['Überweisung März.pdf', 'Überweisung März.pdf'],
  ])('%j becomes %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected);
  });

  it('keeps at most 255 characters and the extension', () => {
    const name = safeFileName(`${'a'.repeat(300)}.pdf`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('a.pdf')).toBe(true);
  });
});

describe('the size limit, at the boundary', () => {
  let server: TestServer;
  let owner: Actor;
  let partner: Partner;

  beforeAll(async () => {
    server = await startTestServerWithStorage('pglite', 'local', {
      DOCUMENT_MAX_BYTES: String(1024 * 1024),
    });
    owner = await signIn(server, 'owner', ['OWNER']);
    partner = await createPartner(server, owner);
  });
  afterAll(() => server?.close());

  const padded = async (size: number) => {
    const head = await png(8, 8);
    return Buffer.concat([head, Buffer.alloc(size - head.length)]);
  };
  const query = () => ({ userId: owner.userId, documentType: 'PHOTO', tradePartnerId: partner.id });

  it('takes a file of exactly the limit and refuses one byte more, streamed', async () => {
    const exact = await upload(
      server,
      owner,
      query(),
      { name: 'a.png', content: await padded(1024 * 1024) },
      { streamed: true },
    );
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().size).toBe(1024 * 1024);
    const over = await upload(
      server,
      owner,
      query(),
      { name: 'b.png', content: await padded(1024 * 1024 + 1) },
      { streamed: true },
    );
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('The file is larger than the 1 MB limit.');
    expect(await storedKeys(server, `documents/partners/${partner.uuid}/`)).toEqual([
      `documents/partners/${partner.uuid}/${exact.json().uuid}`,
    ]);
  });
});
