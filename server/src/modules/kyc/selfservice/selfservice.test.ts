import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_STEP_TYPES } from '#common/kyc-steps.js';
import { INVALID_LINK_MESSAGE } from '#common/selfservice.js';
import { buildApp } from '#server/app.js';
import { serializeRequest } from '#server/plugins/log-redaction.js';
import { openDatabase } from '#server/db/client.js';
import { kycSelfServiceLinks } from '#server/db/schema/selfservice.js';
import { elf } from '#server/testing/documents-fixtures.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { audited } from '#server/testing/log-audit.js';
import {
  createKyc,
  forceKycState,
  freshKyc,
  kycWorld,
  moveTo,
  uploadDocument,
  validStepData,
  type Kyc,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { pdfText } from '#server/testing/pdf-text.js';
import { caller, signIn, type Actor, type Caller } from '#server/testing/partners-fixtures.js';
import {
  AGENT,
  API,
  claim,
  fillViaLink,
  signUp,
  uploadViaLink,
  viaLink,
} from '#server/testing/link-fixtures.js';

interface Created {
  id: number;
  token: string;
  url: string;
  state: string;
}

describe.each(databaseTargets())('self-service KYC links (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server?.close());

  async function makeLink(who: Actor, kyc: { id: number }, body: object = {}): Promise<Created> {
    const response = await call(who, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('is made by staff or the owner, once, and keeps only the hash of its token', async () => {
    const { company, kyc } = await freshKyc(server);
    const made = await makeLink(w.manager, kyc, {
      recipientEmail: 'Clerk@Example.com',
      recipientName: 'Clara Clerk',
      language: 'de',
      expiresInDays: 30,
    });
    expect(made).toMatchObject({
      state: 'active',
      recipientEmail: 'clerk@example.com',
      recipientName: 'Clara Clerk',
      language: 'de',
      allowAccount: true,
      uses: 0,
      mailed: false,
      createdBy: { id: w.manager.userId },
    });
    expect(made.token.length).toBeGreaterThanOrEqual(43);
    expect(made.url).toBe(`http://localhost:8080/kyc/selfservice/${made.token}`);
    const days =
      (Date.parse((made as never as { expiresAt: string }).expiresAt) - Date.now()) / 864e5;
    expect(Math.round(days)).toBe(30);

    const [row] = await server.database.db
      .select()
      .from(kycSelfServiceLinks)
      .where(eq(kycSelfServiceLinks.id, made.id));
    expect(row!.tokenHash).not.toContain(made.token);
    expect(row!.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token);

    // The list never shows a token again.
    const listed = await call(company.owner, 'GET', `/api/kyc/${kyc.id}/selfservice-links`);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(made.token);
    expect(listed.json()[0]).toMatchObject({ id: made.id, state: 'active' });

    // The owner and an admin may make one; an editor or a viewer may not; a stranger is told
    // the file does not exist; the default expiry is 14 days.
    const byOwner = await makeLink(company.owner, kyc);
    expect(
      Math.round(
        (Date.parse((byOwner as never as { expiresAt: string }).expiresAt) - Date.now()) / 864e5,
      ),
    ).toBe(14);
    await makeLink(company.admin, kyc);
    for (const [who, status] of [
      [company.editor, 403],
      [company.viewer, 403],
      [company.contact, 403],
      [w.stranger, 404],
    ] as const) {
      const refused = await call(who, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, {});
      expect(refused.statusCode, who.name).toBe(status);
      const list = await call(who, 'GET', `/api/kyc/${kyc.id}/selfservice-links`);
      expect(list.statusCode, who.name).toBe(status);
    }
    const tooLong = await call(w.manager, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, {
      expiresInDays: 31,
      recipientEmail: 'not an address',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(
      tooLong
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.expiresInDays', 'body.recipientEmail']);
  });

  it('is refused on a file that is not with the company', async () => {
    const { kyc } = await freshKyc(server);
    await forceKycState(server, kyc.id, { status: 'IN_REVIEW' });
    const refused = await call(w.manager, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('DRAFT or CHANGES_REQUESTED');
  });

  it('reaches its own file and nothing else', async () => {
    const { company, kyc } = await freshKyc(server);
    const link = await makeLink(w.manager, kyc);
    const opened = await viaLink(server, undefined, 'POST', `${API}/validate-token`, {
      token: link.token,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    const file = opened.json();
    expect(file).toMatchObject({
      // Made for nobody in particular: no account can be made from it (decision 041).
      link: { id: link.id, state: 'active', language: 'en', allowAccount: false },
      file: { uuid: kyc.uuid, status: 'DRAFT' },
      company: { name: company.partner.name },
    });
    expect(file.steps.map((s: { stepType: string }) => s.stepType)).toEqual([...DATA_STEP_TYPES]);
    expect(file.provider.name).toEqual(expect.any(String));

    // The company's own documents are not the link's to see or change.
    const companyDocument = await uploadDocument(
      server,
      company.owner,
      company.partner,
      'COC_EXTRACT',
    );
    const strangerDocument = await uploadDocument(
      server,
      w.stranger,
      w.strangerPartner,
      'COC_EXTRACT',
    );
    const mine = await uploadViaLink(server, link.token, 'COC_EXTRACT');
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ tradePartnerId: company.partner.id, type: 'COC_EXTRACT' });
    const listed = await viaLink(server, link.token, 'GET', `${API}/documents`);
    expect(listed.json().map((d: { id: number }) => d.id)).toEqual([mine.json().id]);
    for (const id of [companyDocument, strangerDocument]) {
      const retyped = await viaLink(server, link.token, 'PATCH', `${API}/documents/${id}/type`, {
        type: 'OTHER',
      });
      expect(retyped.statusCode).toBe(404);
      const archived = await viaLink(server, link.token, 'PATCH', `${API}/documents/${id}/status`, {
        status: 'ARCHIVED',
      });
      expect(archived.statusCode).toBe(404);
    }
    // Its own document's bytes open with the access token the list gave.
    const content = await server.app.inject({
      method: 'GET',
      url: `/api/documents/${mine.json().id}/content?token=${listed.json()[0].accessToken}`,
    });
    expect(content.statusCode).toBe(200);

    // The token is no bearer token: every signed-in endpoint refuses it.
    for (const url of [
      `/api/kyc/${kyc.id}`,
      `/api/kyc/${kyc.id}/steps`,
      `/api/partners/uuid/${company.partner.uuid}`,
      `/api/documents/${companyDocument}`,
      '/api/kyc',
    ]) {
      const asHeader = await viaLink(server, link.token, 'GET', url);
      expect(asHeader.statusCode, url).toBe(401);
      const asBearer = await call(link.token, 'GET', url);
      expect(asBearer.statusCode, url).toBe(401);
    }

    // Another file of the same company: a link of the old file does not reach the new one.
    await call(
      w.manager,
      'POST',
      `/api/kyc/${kyc.id}/status`,
      moveTo(w.manager, 'CANCELLED', { comment: 'Duplicate.' }),
    );
    const next: Kyc = await createKyc(server, company.owner, company.partner);
    const later = (await viaLink(server, link.token, 'GET', `${API}/file`)).json();
    expect(later.file.uuid).toBe(kyc.uuid);
    expect(later.link.state).toBe('submitted');
    expect(JSON.stringify(later)).not.toContain(next.uuid);
    // The cancelled file is no longer with the company: the link only shows it (decision 041).
    const save = await viaLink(server, link.token, 'PUT', `${API}/steps/cdd/data`, {
      data: validStepData(company.partner, 1).cdd,
      version: 1,
    });
    expect(save.statusCode).toBe(403);
  });

  it('answers unknown, expired, revoked and ended tokens alike', async () => {
    const { kyc } = await freshKyc(server);
    const revoked = await makeLink(w.manager, kyc);
    const expired = await makeLink(w.manager, kyc);
    const revoke = await call(
      w.manager,
      'POST',
      `/api/kyc/${kyc.id}/selfservice-links/${revoked.id}/revoke`,
    );
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ state: 'revoked', revokedBy: { id: w.manager.userId } });
    await server.database.db
      .update(kycSelfServiceLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(kycSelfServiceLinks.id, expired.id));

    const answers = [];
    for (const token of [revoked.token, expired.token, 'x'.repeat(43), 'short']) {
      for (const [method, url, body] of [
        ['POST', `${API}/validate-token`, { token }],
        ['GET', `${API}/file`, undefined],
        ['GET', `${API}/readiness`, undefined],
        ['POST', `${API}/submit`, {}],
      ] as const) {
        const response = await viaLink(server, token, method, url, body);
        // Each answer names its own request; all else must be alike.
        const { requestId, ...alike } = response.json<{ requestId: string }>();
        expect(requestId).toBe(response.headers['x-request-id']);
        answers.push({ url, status: response.statusCode, body: JSON.stringify(alike) });
      }
    }
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body).message).toBe(INVALID_LINK_MESSAGE);
    }
    for (const url of new Set(answers.map((a) => a.url))) {
      const bodies = answers.filter((a) => a.url === url).map((a) => a.body);
      expect(new Set(bodies).size, url).toBe(1);
    }
    const states = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/selfservice-links`)).json();
    expect(states.map((l: { state: string }) => l.state).sort()).toEqual(['expired', 'revoked']);
  });

  it('fills in the file, refuses an incomplete one with what is missing, and logs each use', async () => {
    const { company, kyc } = await freshKyc(server);
    const link = await makeLink(w.manager, kyc, { recipientName: 'Clara Clerk' });
    await viaLink(server, undefined, 'POST', `${API}/validate-token`, { token: link.token });

    // The same validation as the signed-in form: a bad IBAN is 400 on its field.
    const file = (await viaLink(server, link.token, 'GET', `${API}/file`)).json();
    const bank = file.steps.find((s: { stepType: string }) => s.stepType === 'bank-and-vat');
    const bad = await viaLink(server, link.token, 'PUT', `${API}/steps/bank-and-vat/data`, {
      data: { iban: 'NL00XXXX', accountHolder: 'X', vatNumber: company.partner.vatNumber },
      version: bank.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('data.iban');

    const draft = await viaLink(server, link.token, 'PUT', `${API}/steps/cdd/draft`, {
      draft: { businessActivity: 'Half typed' },
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().draft).toEqual({ businessActivity: 'Half typed' });

    const early = await viaLink(server, link.token, 'POST', `${API}/submit`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().details.missing.length).toBeGreaterThan(0);
    const readiness = (await viaLink(server, link.token, 'GET', `${API}/readiness`)).json();
    expect(readiness.ready).toBe(false);

    const rejected = await uploadViaLink(server, link.token, 'COC_EXTRACT', elf());
    expect(rejected.statusCode).toBe(415);

    await fillViaLink(server, link.token, company.partner);
    const submitted = await viaLink(server, link.token, 'POST', `${API}/submit`, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      link: { state: 'submitted' },
      file: { status: 'SUBMITTED' },
      steps: [],
    });

    // Afterwards the link shows the file's status and changes nothing.
    const after = await viaLink(server, link.token, 'POST', `${API}/validate-token`, {
      token: link.token,
    });
    expect(after.json()).toMatchObject({
      link: { state: 'submitted' },
      file: { status: 'SUBMITTED' },
    });
    const write = await viaLink(server, link.token, 'PUT', `${API}/steps/cdd/draft`, { draft: {} });
    expect(write.statusCode).toBe(403);

    // Staff see the file handed in, each use, and the link in the trail.
    const got = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
    expect(got.status).toBe('SUBMITTED');
    const uses = (
      await call(w.manager, 'GET', `/api/kyc/${kyc.id}/selfservice-links/${link.id}/uses`)
    ).json();
    const actions = uses.map((u: { action: string }) => u.action);
    expect(actions).toEqual(
      expect.arrayContaining(['open', 'save_draft', 'upload', 'save_data', 'submit']),
    );
    expect(uses[0]).toMatchObject({
      action: 'open',
      userAgent: AGENT,
      address: expect.any(String),
    });
    const links = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/selfservice-links`)).json();
    expect(links[0]).toMatchObject({ state: 'submitted', uses: uses.length });
    expect(links[0].lastUsedAt).not.toBeNull();

    const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
    const events = Array.isArray(audit) ? audit : audit.content;
    const handedIn = events.find(
      (e: { action: string; to: string }) => e.action === 'status_changed' && e.to === 'SUBMITTED',
    );
    expect(handedIn.user).toMatchObject({ name: 'Clara Clerk', viaSelfServiceLink: link.id });
    const saved = events.filter((e: { action: string }) => e.action === 'step_data_saved');
    expect(saved).toHaveLength(DATA_STEP_TYPES.length);
    for (const event of saved) expect(event.user.viaSelfServiceLink).toBe(link.id);
    expect(events.map((e: { action: string }) => e.action)).toContain('selfservice_link_created');
    // And so the review file's trail: the PDF names the link too.
    const pdf = await call(w.manager, 'GET', `/api/kyc/${kyc.id}/export-pdf?includeAuditLogs=true`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    // A table cell may break the line after a hyphen.
    expect(text.replace(/\s+/g, ' ')).toMatch(
      new RegExp(`Clara Clerk via self- ?service link #${link.id}\\b`),
    );
    // The partner reads no trail, so sees none of this.
    expect((await call(company.owner, 'GET', `/api/kyc/${kyc.id}/audit`)).statusCode).toBe(403);
  });

  it("turns into its recipient's account when allowed, and then ends", async () => {
    const { company, kyc } = await freshKyc(server);
    const email = `clara.${kyc.id}@example.com`;
    const link = await makeLink(w.manager, kyc, { recipientEmail: email });
    const closed = await makeLink(w.manager, kyc, { recipientEmail: email, allowAccount: false });
    const newcomer = await signUp(server, email.toUpperCase(), true);
    expect((await claim(server, null, link.token)).statusCode).toBe(401);
    expect((await claim(server, newcomer, closed.token)).statusCode).toBe(403);
    expect((await claim(server, w.manager, link.token)).statusCode).toBe(403);
    const claimed = await claim(server, newcomer, link.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toEqual({
      tradePartnerUuid: company.partner.uuid,
      kycId: kyc.id,
      kycUuid: kyc.uuid,
      accessLevel: 'EDITOR',
    });
    const members = (
      await call(company.owner, 'GET', `/api/partners/uuid/${company.partner.uuid}/members`)
    ).json();
    const list = Array.isArray(members) ? members : members.content;
    expect(list.find((m: { userId: number }) => m.userId === newcomer.userId)).toMatchObject({
      accessLevel: 'EDITOR',
      role: 'CONTACT',
    });
    expect((await call(newcomer, 'GET', `/api/kyc/${kyc.id}`)).statusCode).toBe(200);
    // The link has ended: a second claim, and any use, find it invalid.
    expect((await claim(server, newcomer, link.token)).statusCode).toBe(404);
    expect((await viaLink(server, link.token, 'GET', `${API}/file`)).statusCode).toBe(404);
    const states = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/selfservice-links`)).json();
    expect(states.find((l: { id: number }) => l.id === link.id).state).toBe('claimed');
  });

  it.runIf(target === 'postgres')('is revoked for every API process at once', async () => {
    const { kyc } = await freshKyc(server);
    const link = await makeLink(w.manager, kyc);
    const database = await openDatabase({ databaseUrl: server.config.databaseUrl });
    const other = await buildApp(server.config, { database, ...audited()?.build });
    await other.ready();
    try {
      const before = await other.inject({
        method: 'GET',
        url: `${API}/file`,
        headers: { 'x-self-service-token': link.token },
      });
      expect(before.statusCode).toBe(200);
      await call(w.manager, 'POST', `/api/kyc/${kyc.id}/selfservice-links/${link.id}/revoke`);
      const after = await other.inject({
        method: 'GET',
        url: `${API}/file`,
        headers: { 'x-self-service-token': link.token },
      });
      expect(after.statusCode).toBe(404);
    } finally {
      await other.close();
      await database.close();
    }
  });
});

describe('self-service rate limits', () => {
  let server: TestServer;
  let call: Caller;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      RATE_LIMIT_SELF_SERVICE_ADDRESS_PER_MINUTE: '4',
      RATE_LIMIT_SELF_SERVICE_LINK_PER_MINUTE: '3',
      TRUST_PROXY: 'true',
    });
    call = caller(server);
  });
  afterAll(() => server?.close());

  it('answers 429 with Retry-After per client address and per link', async () => {
    const manager = await signIn(server, 'manager', ['NT24_MANAGER']);
    const { kyc } = await freshKyc(server);
    const link = (await call(manager, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, {})).json();
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await viaLink(
        server,
        link.token,
        'GET',
        `${API}/file`,
        undefined,
        from(`10.0.0.${i + 1}`),
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const guesses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await viaLink(
        server,
        undefined,
        'POST',
        `${API}/validate-token`,
        { token: `guess${i}` },
        from('10.9.9.9'),
      );
      guesses.push(response.statusCode);
    }
    expect(guesses).toEqual([404, 404, 404, 404, 429]);
  });
});

describe('self-service tokens in logs', () => {
  it('are cut out of a logged page address', () => {
    const logged = serializeRequest({
      method: 'GET',
      url: '/kyc/selfservice/AbC-123_xyz?lang=de',
      host: 'portal.example',
      ip: '10.0.0.1',
      socket: { remotePort: 5000 },
    } as never);
    expect(logged).toEqual({
      method: 'GET',
      url: '/kyc/selfservice/[redacted]?lang=de',
      host: 'portal.example',
      remoteAddress: '10.0.0.1',
      remotePort: 5000,
    });
    const api = serializeRequest({ method: 'GET', url: '/api/kyc/selfservice/file' } as never);
    expect(api.url).toBe('/api/kyc/selfservice/file');
  });
});
