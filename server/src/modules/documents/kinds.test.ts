import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, upload } from '#server/testing/documents-fixtures.js';
import { startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  forceKycState,
  kycWorld,
  uploadDocument,
  type Kyc,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import { createOrder } from '#server/testing/orders-fixtures.js';
import { caller, signIn, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

/**
 * Documents follow their owner's rule (issue 31, decision 035): KYC evidence is read under KYC
 * access, financial documents only by those who may view the company's amounts (decision 042:
 * staff, its OWNER or ADMIN), on every path.
 */
const AGENT = 'Mozilla/5.0 (documents kinds test)';
type Kind = 'evidence' | 'financial' | 'ordinary' | 'linked';
type Outcome = 200 | 403 | 404;

describe('documents follow their owner’s rule (decision 035)', () => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  let superAdmin: Actor;
  let kyc: Kyc;
  let linkToken: string;
  const docs = {} as Record<Kind, number>;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    call = caller(server);
    w = await kycWorld(server);
    superAdmin = await signIn(server, 'root', ['NT24_SUPER_ADMIN']);
    const { owner, partner } = w.company;
    kyc = await createKyc(server, owner, partner);
    docs.evidence = await uploadDocument(server, owner, partner, 'ID_DOCUMENT');
    docs.ordinary = await uploadDocument(server, owner, partner, 'OTHER');
    const order = await createOrder(server, w.manager, partner);
    const invoice = await upload(
      server,
      w.manager,
      { userId: w.manager.userId, documentType: 'INVOICE', orderUuid: order.uuid },
      { name: 'invoice.pdf', content: minimalPdf('INVOICE') },
    );
    expect(invoice.statusCode, invoice.body).toBe(201);
    docs.financial = invoice.json().id;
    const link = await call(w.manager, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, {});
    expect(link.statusCode, link.body).toBe(201);
    linkToken = link.json().token;
    const linked = await viaLink('POST', '/documents?documentType=BANK_STATEMENT', {
      name: 'bank.pdf',
      content: minimalPdf('BANK_STATEMENT'),
    });
    expect(linked.statusCode, linked.body).toBe(201);
    docs.linked = linked.json().id;
  });
  afterAll(() => server?.close());

  function viaLink(method: 'GET' | 'POST', path: string, file?: { name: string; content: Buffer }) {
    const form = file ? multipart(file) : undefined;
    return server.app.inject({
      method,
      url: `/api/kyc/selfservice${path}`,
      headers: {
        'user-agent': AGENT,
        'x-self-service-token': linkToken,
        ...(form ? { 'content-type': form.contentType } : {}),
      },
      ...(form ? { payload: form.body } : {}),
    });
  }

  /** Every caller of the matrix and what they may do with each kind: read, then change. */
  const callers: [string, () => Actor, Record<Kind, [Outcome, Outcome]>][] = [
    ['super admin', () => superAdmin, all(200, 200)],
    ['manager', () => w.manager, all(200, 200)],
    ['employee', () => w.employee, all(200, 200)],
    ['owner (OWNER role and level)', () => w.company.owner, all(200, 200)],
    // An ADMIN sees the company's amounts (decision 042), whatever realm role they hold.
    ['admin member (trade partner)', () => w.company.admin, partnerLike(200, [200, 200])],
    ['editor member (trade partner)', () => w.company.editor, partnerLike(200)],
    ['viewer member (trade partner)', () => w.company.viewer, partnerLike(403)],
    [
      'CONTACT-only editor',
      () => w.company.contact,
      { evidence: [404, 404], linked: [404, 404], financial: [404, 404], ordinary: [200, 200] },
    ],
    ['other company’s owner', () => w.stranger, all(404, 404)],
  ];

  function all(read: Outcome, change: Outcome): Record<Kind, [Outcome, Outcome]> {
    return {
      evidence: [read, change],
      linked: [read, change],
      financial: [read, change],
      ordinary: [read, change],
    };
  }

  /**
   * A trade partner member: evidence and ordinary documents at their level; financial ones only
   * at a level that sees amounts (none by default).
   */
  function partnerLike(
    change: Outcome,
    financial: [Outcome, Outcome] = [404, 404],
  ): Record<Kind, [Outcome, Outcome]> {
    return {
      evidence: [200, change],
      linked: [200, change],
      financial,
      ordinary: [200, change],
    };
  }

  const KINDS: Kind[] = ['evidence', 'linked', 'financial', 'ordinary'];

  describe.each(callers)('%s', (_name, who, expected) => {
    it.each(KINDS)('one, content, stream, thumbnail, token and changes of %s', async (kind) => {
      const actor = who();
      const id = docs[kind];
      const [read, change] = expected[kind];
      const base = `/api/documents/${id}`;
      const one = await call(actor, 'GET', base);
      expect(one.statusCode, `one ${kind}`).toBe(read);
      for (const path of ['content', 'stream', 'thumbnail']) {
        const response = await call(actor, 'GET', `${base}/${path}`);
        expect(response.statusCode, `${path} of ${kind}`).toBe(read);
      }
      expect((await call(actor, 'POST', `${base}/token`)).statusCode, `token of ${kind}`).toBe(
        read,
      );
      if (read === 200) {
        // The access token opens it for its holder; the rule is checked again on each use.
        const token = one.json().accessToken as string;
        const viaToken = await server.app.inject({ url: `${base}/content?token=${token}` });
        expect(viaToken.statusCode).toBe(200);
      }
      const type = one.statusCode === 200 ? one.json().type : 'OTHER';
      // The same status and type: the change is weighed, nothing moves.
      const status = await call(actor, 'PATCH', `${base}/status?status=ACTIVE`);
      expect(status.statusCode, `archive of ${kind}`).toBe(change);
      const retype = await call(actor, 'PATCH', `${base}/type?documentType=${type}`);
      expect(retype.statusCode, `type change of ${kind}`).toBe(change);
    });

    it('lists and counts only what it may read', async () => {
      const actor = who();
      const readable = KINDS.filter((kind) => expected[kind][0] === 200).map((kind) => docs[kind]);
      const listed = await call(actor, 'GET', '/api/documents?size=500');
      const ids = (listed.json().documents as { id: number }[]).map((d) => d.id);
      expect(ids.filter((id) => Object.values(docs).includes(id)).sort()).toEqual(readable.sort());
      const byCompany = await call(
        actor,
        'GET',
        `/api/documents/filter?tradePartnerId=${w.company.partner.id}&size=500`,
      );
      if (readable.length === 0) {
        expect(byCompany.statusCode).toBe(404);
      } else {
        expect(byCompany.json().totalElements).toBe(readable.length);
      }
    });
  });

  it('gives a self-service link its file’s uploads only, never financials', async () => {
    const listed = await viaLink('GET', '/documents');
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { id: number }[]).map((d) => d.id)).toEqual([docs.linked]);
    const financial = await viaLink('POST', '/documents?documentType=INVOICE', {
      name: 'invoice.pdf',
      content: minimalPdf('INVOICE'),
    });
    // An invoice is no paper of a KYC file: the link's place refuses it (decision 043).
    expect(financial.statusCode).toBe(400);
  });

  it('refuses a contact an upload of evidence or of an invoice', async () => {
    const { contact, partner } = w.company;
    for (const documentType of ['ID_DOCUMENT', 'INVOICE']) {
      const response = await upload(
        server,
        contact,
        { userId: contact.userId, documentType, tradePartnerUuid: partner.uuid },
        { name: 'x.pdf', content: minimalPdf(documentType) },
      );
      expect(response.statusCode, documentType).toBe(403);
      // Nor may it turn a note it reads into one: refused (403), not hidden.
      const retype = await call(
        contact,
        'PATCH',
        `/api/documents/${docs.ordinary}/type?documentType=${documentType}`,
      );
      expect(retype.statusCode, `retype to ${documentType}`).toBe(403);
      expect(retype.json().message).toContain(documentType);
    }
    const note = await call(contact, 'GET', `/api/documents/${docs.ordinary}`);
    expect(note.json().type).toBe('OTHER');
  });

  it('refuses the KYC export to a contact', async () => {
    const response = await call(
      w.company.contact,
      'POST',
      `/api/kyc/uuid/${kyc.uuid}/export-pdf/start?includeDocuments=true`,
    );
    expect(response.statusCode).toBe(403);
  });

  it('keeps a link’s upload in the file’s audit trail', async () => {
    const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
    expect(audit).toContainEqual(
      expect.objectContaining({
        entity: 'document',
        entityId: docs.linked,
        action: 'document_uploaded',
      }),
    );
  });

  describe('evidence of a file in review or decided', () => {
    it('cannot be archived or retyped by a partner, and staff must give a reason', async () => {
      const { owner, partner } = w.company;
      const passport = await uploadDocument(server, owner, partner, 'ID_DOCUMENT');
      const note = await uploadDocument(server, owner, partner, 'OTHER');
      await forceKycState(server, kyc.id, { status: 'IN_REVIEW' });
      const base = `/api/documents/${passport}`;
      // The app is told, and offers the partner no control for it.
      expect((await call(owner, 'GET', base)).json().permissions).toEqual({ change: false });
      expect((await call(w.manager, 'GET', base)).json().permissions).toEqual({ change: true });
      const refused = await call(owner, 'PATCH', `${base}/status?status=ARCHIVED`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('IN_REVIEW');
      expect((await call(owner, 'PATCH', `${base}/type?documentType=PHOTO`)).statusCode).toBe(409);
      // A document the file does not rest on stays the partner's to archive.
      expect(
        (await call(owner, 'PATCH', `/api/documents/${note}/status?status=ARCHIVED`)).statusCode,
      ).toBe(200);

      const unexplained = await call(w.manager, 'PATCH', `${base}/status?status=ARCHIVED`);
      expect(unexplained.statusCode).toBe(400);
      expect(unexplained.json().details[0].field).toBe('querystring.reason');
      const short = await call(w.manager, 'PATCH', `${base}/status?status=ARCHIVED&reason=no`);
      expect(short.statusCode).toBe(400);
      const reason = 'Expired passport, replaced by the partner.';
      const archived = await call(
        w.manager,
        'PATCH',
        `${base}/status?status=ARCHIVED&reason=${encodeURIComponent(reason)}`,
      );
      expect(archived.statusCode, archived.body).toBe(200);
      const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
      expect(audit).toContainEqual(
        expect.objectContaining({
          entity: 'document',
          entityId: passport,
          action: 'document_archived',
          from: 'ACTIVE',
          to: 'ARCHIVED',
          reason,
        }),
      );
    });

    it('raises a finding when removed from an approved file', async () => {
      const { owner, partner } = w.company;
      const passport = await uploadDocument(server, owner, partner, 'ID_DOCUMENT');
      await forceKycState(server, kyc.id, { status: 'APPROVED' });
      const retyped = await call(
        w.manager,
        'PATCH',
        `/api/documents/${passport}/type?documentType=PHOTO&reason=Not%20a%20passport`,
      );
      expect(retyped.statusCode, retyped.body).toBe(200);
      const archived = await call(
        w.manager,
        'PATCH',
        `/api/documents/${docs.evidence}/status?status=ARCHIVED&reason=Withdrawn%20by%20staff`,
      );
      expect(archived.statusCode, archived.body).toBe(200);
      const insights = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/insights`)).json();
      expect(insights.findings).toContainEqual(
        expect.objectContaining({
          code: 'EVIDENCE_REMOVED',
          severity: 'HIGH',
          params: expect.objectContaining({ documentId: docs.evidence }),
        }),
      );
      const file = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
      expect(file.riskLevel).toBe('HIGH');
      const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
      expect(audit).toContainEqual(
        expect.objectContaining({ action: 'document_retyped', from: 'ID_DOCUMENT', to: 'PHOTO' }),
      );
      // Restored, the approval has what it rested on again.
      const restored = await call(
        w.manager,
        'PATCH',
        `/api/documents/${docs.evidence}/status?status=ACTIVE&reason=Archived%20by%20mistake`,
      );
      expect(restored.statusCode, restored.body).toBe(200);
      const after = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/insights`)).json();
      expect(after.findings.map((f: { code: string }) => f.code)).not.toContain('EVIDENCE_REMOVED');
    });

    it('stays locked to the approved file when a newer file was cancelled', async () => {
      const { owner, partner } = w.company;
      const passport = await uploadDocument(server, owner, partner, 'ID_DOCUMENT');
      const newer = await createKyc(server, owner, partner);
      await forceKycState(server, newer.id, { status: 'CANCELLED' });
      const refused = await call(
        owner,
        'PATCH',
        `/api/documents/${passport}/status?status=ARCHIVED`,
      );
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toContain('APPROVED');
    });

    it('is on the approved file’s record when a renewal changes it, whatever becomes of the renewal', async () => {
      const { owner, partner } = w.company;
      const passport = await uploadDocument(server, owner, partner, 'ID_DOCUMENT');
      const renewal = await createKyc(server, owner, partner);
      // The renewal is the partner's to fill in: replacing a passport is theirs to do.
      const archived = await call(
        owner,
        'PATCH',
        `/api/documents/${passport}/status?status=ARCHIVED`,
      );
      expect(archived.statusCode, archived.body).toBe(200);
      await forceKycState(server, renewal.id, { status: 'CANCELLED' });
      // The approval rested on it: its trail says so, and its risk looks again.
      const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
      expect(audit).toContainEqual(
        expect.objectContaining({
          entityId: passport,
          action: 'document_archived',
          to: 'ARCHIVED',
        }),
      );
      const insights = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/insights`)).json();
      expect(insights.findings).toContainEqual(
        expect.objectContaining({
          code: 'EVIDENCE_REMOVED',
          params: expect.objectContaining({ documentId: passport }),
        }),
      );
    });
  });

  it('takes no evidence type on an order, so the file still asks for its own paper', async () => {
    const { owner, partner } = w.company;
    const cocMissing = async () =>
      (await call(owner, 'GET', `/api/kyc/${kyc.id}/readiness`))
        .json()
        .missing.some(
          (item: { kind: string; documentType?: string }) =>
            item.kind === 'document' && item.documentType === 'COC_EXTRACT',
        );
    expect(await cocMissing()).toBe(true);
    const order = await createOrder(server, w.manager, partner);
    const onOrder = await upload(
      server,
      owner,
      { userId: owner.userId, documentType: 'COC_EXTRACT', orderUuid: order.uuid },
      { name: 'kvk.pdf', content: minimalPdf('COC_EXTRACT') },
    );
    // An extract is no paper of an order (decision 043); the file still asks for its own
    // extract, and its risk still finds it missing.
    expect(onOrder.statusCode, onOrder.body).toBe(400);
    expect(await cocMissing()).toBe(true);
    const insights = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/insights`)).json();
    expect(insights.findings).toContainEqual(
      expect.objectContaining({
        code: 'DOCUMENT_MISSING',
        params: expect.objectContaining({ documentType: 'COC_EXTRACT' }),
      }),
    );
  });
});
