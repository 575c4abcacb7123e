import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '#server/db/schema/documents.js';
import {
  elf,
  jpeg,
  png,
  sidewaysJpeg,
  tiff,
  webp,
  storageCorners,
  storedKeys,
  upload,
  type Query,
} from '#server/testing/documents-fixtures.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import { startTestServerWithStorage, type TestServer } from '#server/testing/harness.js';
import {
  addMember,
  caller,
  createPartner,
  problems,
  signIn,
  type Actor,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';

const corners = storageCorners();

describe.each(corners)('document uploads (%s, %s store)', (database, storage) => {
  let server: TestServer;
  let call: Caller;
  let owner: Actor;
  let partner: Partner;
  /** Every refused upload aims here, so "nothing left" means no row and no object at all. */
  let untouched: Partner;
  let pdf: Buffer;
  let picture: Buffer;

  beforeAll(async () => {
    server = await startTestServerWithStorage(database, storage);
    call = caller(server);
    owner = await signIn(server, 'owner', ['OWNER']);
    [partner, untouched] = [await createPartner(server, owner), await createPartner(server, owner)];
    pdf = minimalPdf();
    picture = await png();
  });
  afterAll(() => server?.close());

  const into = (target: Partner, extra: Query = {}): Query => ({
    userId: owner.userId,
    documentType: 'OTHER',
    tradePartnerUuid: target.uuid,
    ...extra,
  });

  async function expectNothingLeft() {
    const rows = await server.database.db
      .select()
      .from(documents)
      .where(eq(documents.tradePartnerId, untouched.id));
    expect(rows).toEqual([]);
    expect(await storedKeys(server, `documents/partners/${untouched.uuid}/`)).toEqual([]);
  }

  it('refuses a 30 MB file with 413, whether declared or streamed, and keeps nothing', async () => {
    const big = Buffer.concat([picture, Buffer.alloc(30 * 1024 * 1024 - picture.length)]);
    for (const streamed of [false, true]) {
      const response = await upload(
        server,
        owner,
        into(untouched),
        { name: 'big.png', content: big },
        { streamed },
      );
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json()).toMatchObject({
        statusCode: 413,
        error: 'Payload Too Large',
        message: 'The file is larger than the 25 MB limit.',
      });
    }
    await expectNothingLeft();
  });

  it('refuses an executable named x.pdf with 415', async () => {
    const response = await upload(server, owner, into(untouched), {
      name: 'x.pdf',
      content: elf(),
      contentType: 'application/pdf',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(
      'Files of this type are not accepted (detected: application/x-elf). Upload a PDF, PNG, JPEG, WebP or TIFF file.',
    );
    const text = await upload(server, owner, into(untouched), {
      name: 'notes.pdf',
      content: Buffer.from('just some text, no magic number'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toContain('(detected: unknown)');
    const empty = await upload(server, owner, into(untouched), {
      name: 'e.pdf',
      content: Buffer.alloc(0),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty.');
    await expectNothingLeft();
  });

  it('stores a file called ../../etc/passwd as passwd, under a key made of uuids', async () => {
    const response = await upload(server, owner, into(partner), {
      name: '../../etc/passwd',
      content: picture,
    });
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json();
    expect(made.fileName).toBe('passwd');
    const [row] = await server.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, made.id));
    const key = `documents/partners/${partner.uuid}/${made.uuid}`;
    expect(row!.storageKey).toBe(key);
    expect(await storedKeys(server, `documents/partners/${partner.uuid}/`)).toContain(key);
    await expect(fs.stat(path.join(server.config.dataDir, 'etc'))).rejects.toThrow();
    const content = await call(owner, 'GET', `/api/documents/${made.id}/content`);
    expect(content.headers['content-disposition']).toBe('attachment; filename="passwd"');
  });

  it('offers a non-ASCII name safely in Content-Disposition', async () => {
    const response = await upload(server, owner, into(partner), {
      name: 'Überweisung März.pdf',
      content: pdf,
    });
    const content = await call(owner, 'GET', `/api/documents/${response.json().id}/content`);
    expect(content.headers['content-disposition']).toBe(
      `attachment; filename="Uberweisung Marz.pdf"; filename*=UTF-8''%C3%9Cberweisung%20M%C3%A4rz.pdf`,
    );
  });

  it('words missing parameters as the SPEC does', async () => {
    const file = { name: 'a.pdf', content: pdf };
    const cases: [Query, string][] = [
      [{ documentType: 'OTHER' }, 'userId'],
      [{ userId: owner.userId }, 'documentType'],
    ];
    for (const [query, name] of cases) {
      const response = await upload(server, owner, query, file);
      expect(response.statusCode).toBe(400);
      const message = `Required parameter ${name} was null or undefined when calling uploadDocument.`;
      expect(response.json()).toMatchObject({
        message,
        details: [{ field: `querystring.${name}`, message }],
      });
    }
    const noFile = await upload(server, owner, into(untouched), undefined);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(
      'Required parameter file was null or undefined when calling uploadDocument.',
    );
    const wrongField = await upload(server, owner, into(untouched), { ...file, field: 'upload' });
    expect(wrongField.json().message).toBe(
      'Required parameter file was null or undefined when calling uploadDocument.',
    );
    const shipment = await upload(server, owner, { userId: owner.userId }, file, {
      path: '/api/documents/shipment/5',
    });
    expect(shipment.json().message).toBe(
      'Required parameter documentType was null or undefined when calling uploadShipmentDocument.',
    );
    const status = await call(owner, 'PATCH', '/api/documents/1/status');
    expect(status.json().message).toBe(
      'Required parameter status was null or undefined when calling updateDocumentStatus.',
    );
    const emptyPath = await call(owner, 'GET', '/api/documents//content');
    expect(emptyPath.json().message).toBe(
      'Required parameter documentId was null or undefined when calling getDocumentContent.',
    );
    const type = await call(owner, 'PATCH', '/api/documents/1/type');
    expect(type.json().message).toBe(
      'Required parameter documentType was null or undefined when calling updateDocumentType.',
    );
    await expectNothingLeft();
  });

  it('refuses malformed and conflicting parameters before reading the file', async () => {
    const file = { name: 'a.pdf', content: pdf };
    const badType = await upload(server, owner, into(untouched, { documentType: 'NOPE' }), file);
    expect(badType.statusCode).toBe(400);
    expect(problems(badType)[0]).toMatch(/^querystring\.documentType: must be one of COC_EXTRACT/);
    const badId = await upload(server, owner, into(untouched, { userId: 'abc' }), file);
    expect(problems(badId)).toEqual(['querystring.userId: must be a positive integer']);
    const two = await upload(server, owner, into(untouched, { addressId: 1 }), file);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toContain('Give at most one of');
    const someoneElse = await upload(
      server,
      owner,
      into(untouched, { userId: owner.userId + 1000 }),
      file,
    );
    expect(someoneElse.statusCode).toBe(403);
    await expectNothingLeft();
  });

  it('answers 404 for an unknown shipment, transport or order', async () => {
    const file = { name: 'cmr.pdf', content: pdf };
    const query = { userId: owner.userId, documentType: 'CMR' };
    const shipment = await upload(server, owner, query, file, {
      path: '/api/documents/shipment/999999',
    });
    expect(shipment.statusCode).toBe(404);
    expect(shipment.json().message).toBe('Shipment with ID/UUID 999999 not found.');
    const transport = await upload(server, owner, query, file, {
      path: '/api/documents/transport/999998',
    });
    expect(transport.json().message).toBe('Transport with ID/UUID 999998 not found.');
    const order = await upload(
      server,
      owner,
      { ...query, documentType: 'OTHER', orderId: 7 },
      file,
    );
    expect(order.json().message).toBe('Order with ID/UUID 7 not found.');
    expect((await call(owner, 'GET', '/api/documents/shipment/999999')).statusCode).toBe(404);
    const orders = await call(owner, 'GET', '/api/documents/entity/order/7');
    expect(orders.statusCode).toBe(404);
  });

  it('links uploads to a contact or an address of the company', async () => {
    const contact = (partner.tradePartnerContacts as { id: number; uuid: string }[])[0]!;
    const address = (partner.addresses as { id: number; uuid: string }[])[0]!;
    const toContact = await upload(
      server,
      owner,
      { userId: owner.userId, documentType: 'ID_DOCUMENT', tradePartnerContactUuid: contact.uuid },
      { name: 'passport.jpg', content: await jpeg() },
    );
    expect(toContact.statusCode, toContact.body).toBe(201);
    expect(toContact.json()).toMatchObject({
      contentType: 'image/jpeg',
      tradePartnerId: partner.id,
      contactId: contact.id,
      contactUuid: contact.uuid,
    });
    const toAddress = await upload(
      server,
      owner,
      { userId: owner.userId, documentType: 'PROOF_OF_ADDRESS', addressId: address.id },
      { name: 'bill.pdf', content: pdf },
    );
    expect(toAddress.json()).toMatchObject({ addressId: address.id, addressUuid: address.uuid });

    const byContact = await call(
      owner,
      'GET',
      `/api/documents/by-entity/tradepartnercontact/${contact.id}`,
    );
    expect(byContact.json().map((d: { id: number }) => d.id)).toEqual([toContact.json().id]);
    const byAddress = await call(
      owner,
      'GET',
      `/api/documents/by-entity-uuid/address/${address.uuid}`,
    );
    expect(byAddress.json().map((d: { id: number }) => d.id)).toEqual([toAddress.json().id]);
    const filtered = await call(owner, 'GET', `/api/documents/filter?addressUuid=${address.uuid}`);
    expect(filtered.json().totalElements).toBe(1);
    const malformed = await call(owner, 'GET', '/api/documents/filter?addressUuid=not-a-uuid');
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json()).toMatchObject({ documents: [], totalElements: 0 });
    const page = await call(
      owner,
      'GET',
      `/api/documents/entity-uuid/tradepartner/${partner.uuid}?documentType=ID_DOCUMENT&documentType=PROOF_OF_ADDRESS`,
    );
    expect(page.json()).toMatchObject({ page: 0, size: 20, totalElements: 2 });
  });

  it('draws upright thumbnails of sideways photos', async () => {
    const made = await upload(server, owner, into(partner, { documentType: 'PHOTO' }), {
      name: 'sideways.jpg',
      content: await sidewaysJpeg(),
    });
    const thumbnail = await call(
      owner,
      'GET',
      `/api/documents/${made.json().id}/thumbnail?format=jpeg`,
    );
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    // 300×100 turned upright is 100×300: inside 256×256 that is about 85×256.
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ height: 256, width: 85 });
  });

  it('takes TIFF and WebP, and draws them', async () => {
    for (const [name, content, type] of [
      ['scan.tiff', await tiff(), 'image/tiff'],
      ['photo.webp', await webp(), 'image/webp'],
    ] as const) {
      const made = await upload(server, owner, into(partner), { name, content });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ contentType: type, hasThumbnail: true });
      const thumbnail = await call(
        owner,
        'GET',
        `/api/documents/${made.json().id}/thumbnail?format=png`,
      );
      expect(thumbnail.statusCode).toBe(200);
      expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
        width: 256,
        height: 160,
      });
    }
  });

  it('answers 404 with a reason for a thumbnail of a file that only looks like an image', async () => {
    for (const [name, head] of [
      ['broken.png', (await png()).subarray(0, 60)],
      ['broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj garbage')],
    ] as const) {
      const made = await upload(server, owner, into(partner), {
        name,
        content: Buffer.concat([head, Buffer.alloc(200, 7)]),
      });
      expect(made.statusCode, made.body).toBe(201);
      const thumbnail = await call(owner, 'GET', `/api/documents/${made.json().id}/thumbnail`);
      expect(thumbnail.statusCode).toBe(404);
      expect(thumbnail.json().message).toBe(
        `No thumbnail can be made of document ${made.json().id}: its file could not be read as an image or PDF.`,
      );
    }
  });

  describe('profile pictures', () => {
    let other: Actor;
    let manager: Actor;
    let pictureId: number;

    beforeAll(async () => {
      [other, manager] = await Promise.all([
        signIn(server, 'other', ['OWNER']),
        signIn(server, 'manager', ['NT24_MANAGER']),
      ]);
    });

    const profile = (userId: number): Query => ({ userId, documentType: 'PROFILE_PICTURE' });

    it('sets the user’s profilePicture to the thumbnail URL', async () => {
      const response = await upload(server, owner, profile(owner.userId), {
        name: 'me.png',
        content: picture,
      });
      expect(response.statusCode, response.body).toBe(201);
      const { imageUrl, document } = response.json();
      pictureId = document.id;
      expect(imageUrl).toBe(
        `/api/documents/${document.id}/thumbnail?width=256&height=256&fit=cover&format=webp`,
      );
      expect(document).toMatchObject({
        type: 'PROFILE_PICTURE',
        tradePartnerId: null,
        userId: owner.userId,
        userUuid: owner.userUuid,
      });
      const me = await call(owner, 'GET', `/api/users/keycloak/${owner.claims.sub}`);
      expect(me.json().profilePicture).toBe(imageUrl);

      const shown = await server.app.inject({
        method: 'GET',
        url: `${imageUrl}&token=${document.accessToken}`,
      });
      expect(shown.statusCode).toBe(200);
      expect(await sharp(shown.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 256,
        height: 256,
      });
    });

    it('is the user’s own: others cannot replace or read it; staff can read it', async () => {
      const replaced = await upload(server, other, profile(owner.userId), {
        name: 'not-me.png',
        content: picture,
      });
      expect(replaced.statusCode).toBe(403);
      expect((await call(other, 'GET', `/api/documents/${pictureId}`)).statusCode).toBe(404);
      const employee = await signIn(server, 'employee', ['NT24_EMPLOYEE']);
      expect((await call(employee, 'GET', `/api/documents/${pictureId}`)).statusCode).toBe(200);
      const mine = await call(owner, 'GET', '/api/documents/filter?documentType=PROFILE_PICTURE');
      expect(mine.json().documents.map((d: { id: number }) => d.id)).toEqual([pictureId]);
      const theirs = await call(other, 'GET', '/api/documents/filter?documentType=PROFILE_PICTURE');
      expect(theirs.json().totalElements).toBe(0);
    });

    it('accepts PNG, JPEG and WebP only', async () => {
      const response = await upload(server, owner, profile(owner.userId), {
        name: 'me.pdf',
        content: pdf,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(
        'Profile pictures of this type are not accepted (detected: application/pdf). Upload a PNG, JPEG or WebP image.',
      );
    });

    it('may be replaced by a manager; the old one is archived, not deleted', async () => {
      const response = await upload(server, manager, profile(owner.userId), {
        name: 'new.jpg',
        content: await jpeg(),
      });
      expect(response.statusCode, response.body).toBe(201);
      const old = await call(owner, 'GET', `/api/documents/${pictureId}`);
      expect(old.json()).toMatchObject({ status: 'ARCHIVED' });
      const me = await call(owner, 'GET', `/api/users/keycloak/${owner.claims.sub}`);
      expect(me.json().profilePicture).toBe(response.json().imageUrl);
    });
  });

  it('lets a VIEWER read but not upload, archive or retype', async () => {
    const viewer = await addMember(server, owner, partner, 'VIEWER');
    const made = await upload(server, owner, into(partner), { name: 'v.pdf', content: pdf });
    const id = made.json().id;
    expect((await call(viewer, 'GET', `/api/documents/${id}`)).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `/api/documents/${id}/content`)).statusCode).toBe(200);
    const refused = await upload(
      server,
      viewer,
      { ...into(partner), userId: viewer.userId },
      {
        name: 'v.pdf',
        content: pdf,
      },
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await call(viewer, 'PATCH', `/api/documents/${id}/status?status=ARCHIVED`)).statusCode,
    ).toBe(403);
    expect(
      (await call(viewer, 'PATCH', `/api/documents/${id}/type?documentType=CMR`)).statusCode,
    ).toBe(403);
  });
});
