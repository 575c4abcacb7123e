import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecrets } from '#server/db/schema/documents.js';
import { png, storageCorners, upload } from '#server/testing/documents-fixtures.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import { startTestServerWithStorage, type TestServer } from '#server/testing/harness.js';
import {
  caller,
  createPartner,
  signIn,
  type Actor,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';

interface Doc {
  id: number;
  uuid: string;
  accessToken: string;
}

describe.each(storageCorners())(
  'who may see which documents (%s, %s store)',
  (database, storage) => {
    let server: TestServer;
    let call: Caller;
    let ownerA: Actor;
    let ownerB: Actor;
    let staff: Actor;
    let partnerA: Partner;
    let partnerB: Partner;
    let docA: Doc;
    let docB: Doc;

    beforeAll(async () => {
      server = await startTestServerWithStorage(database, storage);
      call = caller(server);
      [ownerA, ownerB, staff] = await Promise.all([
        signIn(server, 'ownera', ['OWNER']),
        signIn(server, 'ownerb', ['OWNER']),
        signIn(server, 'manager', ['NT24_MANAGER']),
      ]);
      [partnerA, partnerB] = await Promise.all([
        createPartner(server, ownerA),
        createPartner(server, ownerB),
      ]);
      const pdf = minimalPdf();
      const made = async (owner: Actor, partner: Partner) => {
        const response = await upload(
          server,
          owner,
          { userId: owner.userId, documentType: 'CONTRACT', tradePartnerUuid: partner.uuid },
          { name: 'contract.pdf', content: pdf },
        );
        if (response.statusCode !== 201) throw new Error(response.body);
        return response.json() as Doc;
      };
      docA = await made(ownerA, partnerA);
      docB = await made(ownerB, partnerB);
    });
    afterAll(() => server?.close());

    const ids = (body: { documents: { id: number }[] } | { id: number }[]) =>
      (Array.isArray(body) ? body : body.documents).map((d) => d.id);

    it("keeps company B's documents out of company A's lists", async () => {
      const all = await call(ownerA, 'GET', '/api/documents?size=500');
      expect(ids(all.json())).toEqual([docA.id]);
      expect(all.json().totalElements).toBe(1);
      const filtered = await call(ownerA, 'GET', '/api/documents/filter?status=ACTIVE');
      expect(ids(filtered.json())).toEqual([docA.id]);
      // Totals count only what the caller may see: paging happens after the access check.
      const paged = await call(ownerA, 'GET', '/api/documents?size=1&page=0');
      expect(paged.json()).toMatchObject({ totalElements: 1, totalPages: 1 });
    });

    it("answers 404 for every read of company B's documents", async () => {
      const contactB = (partnerB.tradePartnerContacts as { id: number; uuid: string }[])[0]!;
      const addressB = (partnerB.addresses as { id: number; uuid: string }[])[0]!;
      const urls = [
        `/api/documents/filter?tradePartnerUuid=${partnerB.uuid}`,
        `/api/documents/filter?tradePartnerId=${partnerB.id}`,
        `/api/documents/filter?contactId=${contactB.id}`,
        `/api/documents/filter?addressUuid=${addressB.uuid}`,
        `/api/documents/customer/${partnerB.id}`,
        `/api/documents/by-entity/tradepartner/${partnerB.id}`,
        `/api/documents/by-entity-uuid/tradepartner/${partnerB.uuid}`,
        `/api/documents/by-entity/tradepartnercontact/${contactB.id}`,
        `/api/documents/by-entity-uuid/address/${addressB.uuid}`,
        `/api/documents/entity/tradepartner/${partnerB.id}`,
        `/api/documents/entity-uuid/tradepartnercontact/${contactB.uuid}`,
        `/api/documents/${docB.id}`,
        `/api/documents/${docB.id}/content`,
        `/api/documents/${docB.id}/stream`,
        `/api/documents/${docB.id}/thumbnail`,
      ];
      for (const url of urls) {
        const response = await call(ownerA, 'GET', url);
        expect([url, response.statusCode]).toEqual([url, 404]);
      }
      // A missing document reads the same as someone else's.
      const missing = await call(ownerA, 'GET', '/api/documents/999999');
      const theirs = await call(ownerA, 'GET', `/api/documents/${docB.id}`);
      expect(theirs.json().message).toBe(`Document with ID ${docB.id} not found.`);
      expect(missing.json().message).toBe('Document with ID 999999 not found.');
    });

    it("answers 404 for every change of company B's documents, and uploads to B", async () => {
      const changes: [string, string][] = [
        ['POST', `/api/documents/${docB.id}/token`],
        ['PATCH', `/api/documents/${docB.id}/status?status=ARCHIVED`],
        ['PATCH', `/api/documents/${docB.id}/type?documentType=INVOICE`],
      ];
      for (const [method, url] of changes) {
        const response = await call(ownerA, method as 'POST', url);
        expect([url, response.statusCode]).toEqual([url, 404]);
      }
      const contactB = (partnerB.tradePartnerContacts as { id: number }[])[0]!;
      for (const link of [
        { tradePartnerUuid: partnerB.uuid },
        { tradePartnerId: partnerB.id },
        { contactId: contactB.id },
      ]) {
        const response = await upload(
          server,
          ownerA,
          { userId: ownerA.userId, documentType: 'OTHER', ...link },
          { name: 'x.png', content: await png() },
        );
        expect([link, response.statusCode]).toEqual([link, 404]);
      }
      const unchanged = await call(ownerB, 'GET', `/api/documents/${docB.id}`);
      expect(unchanged.json()).toMatchObject({ status: 'ACTIVE', type: 'CONTRACT' });
      const ownerBUser = await call(
        ownerA,
        'GET',
        `/api/documents/by-entity/user/${ownerB.userId}`,
      );
      expect(ownerBUser.statusCode).toBe(403);
    });

    it('opens a document with its access token, and no other', async () => {
      const url = (id: number, path: string, token: string) =>
        `/api/documents/${id}/${path}?token=${encodeURIComponent(token)}`;
      for (const path of ['content', 'stream', 'thumbnail']) {
        const own = await server.app.inject({
          method: 'GET',
          url: url(docA.id, path, docA.accessToken),
        });
        expect([path, own.statusCode]).toEqual([path, 200]);
        const other = await server.app.inject({
          method: 'GET',
          url: url(docB.id, path, docA.accessToken),
        });
        expect([path, other.statusCode]).toEqual([path, 403]);
      }
      const fresh = await call(ownerA, 'POST', `/api/documents/${docA.id}/token`);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
      const minutes = (Date.parse(fresh.json().expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15);
      const opened = await server.app.inject({
        method: 'GET',
        url: url(docA.id, 'content', fresh.json().token),
      });
      expect(opened.statusCode).toBe(200);
    });

    it('refuses forged and expired tokens with 401, and nothing at all with 401', async () => {
      const [secret] = await server.database.db
        .select()
        .from(serverSecrets)
        .where(eq(serverSecrets.name, 'document-access-token-key'));
      const key = new Uint8Array(Buffer.from(secret!.value, 'base64url'));
      const sign = (claims: Record<string, unknown>, exp: number, signingKey = key) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(ownerA.claims.sub!)
          .setAudience('nt24-document')
          .setExpirationTime(exp)
          .sign(signingKey);
      const now = Math.floor(Date.now() / 1000);
      const expired = await sign({ doc: docA.id, roles: [] }, now - 60);
      const forged = await sign({ doc: docA.id, roles: [] }, now + 600, new Uint8Array(32));
      const tampered = `${docA.accessToken.slice(0, -4)}AAAA`;
      for (const token of [expired, forged, tampered, 'not-a-token']) {
        const response = await server.app.inject({
          method: 'GET',
          url: `/api/documents/${docA.id}/content?token=${token}`,
        });
        expect(response.statusCode).toBe(401);
      }
      // A genuine token still needs the right to read: A's owner, named in a token for B's
      // document, is told it does not exist.
      const smuggled = await sign({ doc: docB.id, roles: ['NT24_TRADE_PARTNER'] }, now + 600);
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/documents/${docB.id}/content?token=${smuggled}`,
      });
      expect(response.statusCode).toBe(404);
      const anonymous = await server.app.inject({
        method: 'GET',
        url: `/api/documents/${docA.id}/content`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await call(null, 'GET', '/api/documents')).statusCode).toBe(401);
    });

    it('shows staff everything, and the store diagnosis to staff only', async () => {
      const all = await call(staff, 'GET', '/api/documents');
      expect(ids(all.json())).toEqual(expect.arrayContaining([docA.id, docB.id]));
      const b = await call(staff, 'GET', `/api/documents/customer/${partnerB.id}`);
      expect(ids(b.json())).toEqual([docB.id]);
      expect((await call(staff, 'GET', `/api/documents/${docB.id}/content`)).statusCode).toBe(200);

      const diagnosis = await call(staff, 'GET', '/api/documents/diagnose-s3');
      expect(diagnosis.statusCode).toBe(200);
      expect(diagnosis.json()).toMatchObject({
        backend: storage,
        reachable: true,
        writable: true,
        latencyMs: expect.any(Number),
        message: expect.any(String),
      });
      if (storage === 's3') expect(diagnosis.json().bucket).toEqual(expect.any(String));
      expect((await call(ownerA, 'GET', '/api/documents/diagnose-s3')).statusCode).toBe(403);
    });

    it('checks path and query values', async () => {
      const bad = [
        '/api/documents/abc',
        '/api/documents/0',
        '/api/documents/by-entity/planet/1',
        '/api/documents/by-entity-uuid/tradepartner/not-a-uuid',
        '/api/documents/entity/tradepartner/-1',
        '/api/documents/filter?documentType=NOPE',
        '/api/documents/filter?size=501',
        '/api/documents/filter?includeArchived=maybe',
        '/api/documents?sort=owner,asc',
        `/api/documents/${docA.id}/thumbnail?width=8`,
        `/api/documents/${docA.id}/thumbnail?format=gif`,
        `/api/documents/${docA.id}/content?disposition=download`,
      ];
      for (const url of bad) {
        const response = await call(ownerA, 'GET', url);
        expect([url, response.statusCode]).toEqual([url, 400]);
      }
      const types = await call(ownerA, 'GET', '/api/documents/types');
      expect(types.json()).toMatchObject({ COC_EXTRACT: expect.any(String), OTHER: 'Other' });
      expect((await call(ownerA, 'GET', '/api/documents/statuses')).json()).toEqual([
        'ACTIVE',
        'ARCHIVED',
      ]);
    });
  },
);
