import { Readable } from 'node:stream';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, sha256, upload, type Query } from '#server/testing/documents-fixtures.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import {
  databaseTargets,
  startTestServerWithStorage,
  storageTargets,
  type TestServer,
} from '#server/testing/harness.js';
import {
  caller,
  createPartner,
  signIn,
  type Actor,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';

const matrix = databaseTargets().flatMap((database) =>
  storageTargets().map((storage) => [database, storage] as const),
);

/** The core flow on every database and every store. */
describe.each(matrix)('documents (%s, %s store)', (database, storage) => {
  let server: TestServer;
  let call: Caller;
  let owner: Actor;
  let partner: Partner;
  const pdf = minimalPdf('Chamber of Commerce extract');
  let picture: Buffer;
  let pdfDoc: { id: number; uuid: string; size: number };
  let pngDoc: { id: number };

  beforeAll(async () => {
    server = await startTestServerWithStorage(database, storage);
    call = caller(server);
    owner = await signIn(server, 'owner', ['OWNER']);
    partner = await createPartner(server, owner);
    picture = await png(320, 200);
  });
  afterAll(() => server?.close());

  const query = (extra: Query = {}): Query => ({ userId: owner.userId, ...extra });

  it('uploads a PDF to a named trade partner and a PNG to the default one', async () => {
    const made = await upload(
      server,
      owner,
      query({ documentType: 'COC_EXTRACT', tradePartnerUuid: partner.uuid }),
      { name: 'uittreksel kvk.pdf', content: pdf, contentType: 'application/pdf' },
    );
    expect(made.statusCode, made.body).toBe(201);
    pdfDoc = made.json();
    expect(made.json()).toMatchObject({
      type: 'COC_EXTRACT',
      status: 'ACTIVE',
      fileName: 'uittreksel kvk.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      sha256: sha256(pdf),
      tradePartnerId: partner.id,
      tradePartnerUuid: partner.uuid,
      userId: null,
      contactId: null,
      archivedAt: null,
      hasThumbnail: true,
      uploadedBy: { id: owner.userId, name: expect.stringContaining('Tester') },
      accessToken: expect.any(String),
      accessTokenExpiresAt: expect.any(String),
    });

    // No link: the uploader's first company. The name says JPEG; the bytes say PNG.
    const second = await upload(server, owner, query({ documentType: 'PHOTO' }), {
      name: 'photo.jpg',
      content: picture,
      contentType: 'image/jpeg',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ contentType: 'image/png', tradePartnerId: partner.id });
    pngDoc = second.json();
  });

  it('lists, filters and reads them', async () => {
    const all = await call(owner, 'GET', '/api/documents');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 0, size: 20, totalElements: 2, totalPages: 1 });
    expect(all.json().documents.map((d: { id: number }) => d.id)).toEqual([pngDoc.id, pdfDoc.id]);

    const photos = await call(
      owner,
      'GET',
      `/api/documents/filter?tradePartnerUuid=${partner.uuid}&documentType=PHOTO`,
    );
    expect(photos.statusCode).toBe(200);
    expect(photos.json()).toMatchObject({ size: 100, totalElements: 1 });
    expect(photos.json().documents[0].id).toBe(pngDoc.id);

    const both = await call(
      owner,
      'GET',
      `/api/documents/filter?tradePartnerId=${partner.id}&documentType=PHOTO&documentType=COC_EXTRACT&sort=size,asc`,
    );
    expect(both.json().documents.map((d: { id: number }) => d.id)).toEqual([pdfDoc.id, pngDoc.id]);

    const one = await call(owner, 'GET', `/api/documents/${pdfDoc.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: pdfDoc.id, uuid: pdfDoc.uuid });
  });

  it('answers the whole file as a download, with safe headers', async () => {
    const response = await call(owner, 'GET', `/api/documents/${pdfDoc.id}/content`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': 'attachment; filename="uittreksel kvk.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const image = await call(
      owner,
      'GET',
      `/api/documents/${pngDoc.id}/content?disposition=inline`,
    );
    expect(image.headers['content-disposition']).toBe('inline; filename="photo.jpg"');
    expect(image.headers['content-security-policy']).toContain('sandbox');
  });

  it('streams inline and honours a Range', async () => {
    const url = `/api/documents/${pdfDoc.id}/stream`;
    const whole = await call(owner, 'GET', url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-disposition']).toMatch(/^inline;/);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(pdf)).toBe(true);

    const part = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=5-14' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-14/${pdf.length}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.equals(pdf.subarray(5, 15))).toBe(true);

    const tail = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=-6' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 6))).toBe(true);

    const outside = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${owner.token}`, range: `bytes=${pdf.length}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${pdf.length}`);
  });

  it('draws thumbnails once and serves them from the cache after', async () => {
    const url = `/api/documents/${pdfDoc.id}/thumbnail`;
    const first = await call(owner, 'GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-thumbnail-cache': 'miss',
      'cache-control': 'private, max-age=300',
    });
    const drawn = await sharp(first.rawPayload).metadata();
    expect(drawn).toMatchObject({ format: 'webp', height: 256 });
    expect(drawn.width).toBeLessThan(256);

    const again = await call(owner, 'GET', url);
    expect(again.headers['x-thumbnail-cache']).toBe('hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);

    const unchanged = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${owner.token}`, 'if-none-match': first.headers.etag! },
    });
    expect(unchanged.statusCode).toBe(304);

    const square = await call(
      owner,
      'GET',
      `/api/documents/${pngDoc.id}/thumbnail?width=64&height=64&fit=cover&format=png`,
    );
    expect(square.statusCode).toBe(200);
    expect(square.headers['x-thumbnail-cache']).toBe('miss');
    expect(await sharp(square.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 64,
      height: 64,
    });
  });

  it('archives a document out of the default lists and restores it', async () => {
    const archived = await call(
      owner,
      'PATCH',
      `/api/documents/${pdfDoc.id}/status?status=ARCHIVED`,
    );
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ status: 'ARCHIVED', archivedAt: expect.any(String) });

    const ids = async (url: string) =>
      (await call(owner, 'GET', url)).json().documents.map((d: { id: number }) => d.id);
    expect(await ids('/api/documents')).toEqual([pngDoc.id]);
    expect(await ids(`/api/documents/filter?tradePartnerUuid=${partner.uuid}`)).toEqual([
      pngDoc.id,
    ]);
    expect(await ids('/api/documents?includeArchived=true')).toEqual([pngDoc.id, pdfDoc.id]);
    expect(await ids(`/api/documents/filter?status=ARCHIVED`)).toEqual([pdfDoc.id]);
    // Still readable by id: archiving hides, it never deletes.
    expect((await call(owner, 'GET', `/api/documents/${pdfDoc.id}/content`)).statusCode).toBe(200);

    const restored = await call(owner, 'PATCH', `/api/documents/${pdfDoc.id}/status?status=ACTIVE`);
    expect(restored.json()).toMatchObject({ status: 'ACTIVE', archivedAt: null });
    expect(await ids('/api/documents')).toEqual([pngDoc.id, pdfDoc.id]);
  });

  it('changes the type', async () => {
    const changed = await call(
      owner,
      'PATCH',
      `/api/documents/${pdfDoc.id}/type?documentType=INVOICE`,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: pdfDoc.id, type: 'INVOICE' });
    const invoices = await call(owner, 'GET', `/api/documents/filter?documentType=INVOICE`);
    expect(invoices.json().documents.map((d: { id: number }) => d.id)).toEqual([pdfDoc.id]);
  });

  it("draws a PDF's thumbnail from the top of its first page, on white", async () => {
    // An A4 letter: a black band across the top, its title under it, the rest of the page empty.
    const letter = await PDFDocument.create();
    const page = letter.addPage([595.28, 841.89]);
    page.drawRectangle({ x: 0, y: 841.89 - 60, width: 595.28, height: 60, color: rgb(0, 0, 0) });
    const bold = await letter.embedFont(StandardFonts.HelveticaBold);
    page.drawText('Uittreksel Handelsregister', { x: 40, y: 740, size: 28, font: bold });
    const made = await upload(server, owner, query({ documentType: 'COC_EXTRACT' }), {
      name: 'kvk-a4.pdf',
      content: Buffer.from(await letter.save()),
      contentType: 'application/pdf',
    });
    expect(made.statusCode, made.body).toBe(201);
    const url = `/api/documents/${made.json().id}/thumbnail?width=96&height=96&fit=cover`;
    // A variant cached before the drawing changed (the key had no rendering) is never served.
    await server.app.storage.put(
      `thumbnails/${made.json().uuid}/96x96-cover.png`,
      Readable.from([await png(96, 96)]),
      'image/png',
    );

    for (const format of ['png', 'webp']) {
      const drawn = await call(owner, 'GET', `${url}&format=${format}`);
      expect(drawn.statusCode, drawn.body).toBe(200);
      expect(drawn.headers['x-thumbnail-cache']).toBe('miss');
      const { data, info } = await sharp(drawn.rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ width: 96, height: 96 });
      // The band at the top is there: the page's top, not its empty middle, fills the box.
      const row = (y: number) =>
        Array.from({ length: info.width }, (_, x) => data[(y * info.width + x) * info.channels]!);
      expect(Math.max(...row(2))).toBeLessThan(64);
      expect(Math.min(...row(info.height - 2))).toBeGreaterThan(240);
      // Paper is white, not see-through.
      expect(info.channels).toBe(3);
    }
  });
});
