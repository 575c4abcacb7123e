import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LINK_MESSAGE } from '#common/selfservice.js';
import { documents } from '#server/db/schema/documents.js';
import { kycSelfServiceLinks } from '#server/db/schema/selfservice.js';
import { policy } from '#server/policy.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { multipart } from '#server/testing/documents-fixtures.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  freshKyc,
  kycWorld,
  moveTo,
  stepUrl,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';
import {
  API,
  claim,
  fillViaLink,
  signUp,
  uploadViaLink,
  viaLink,
} from '#server/testing/link-fixtures.js';

/*
 * Issue 32, decision 041: a link is claimed only by its recipient, at the level its maker chose,
 * and never once its file was handed in; revocation, expiry and hand-in end every link of the
 * file for writing, also an upload whose body is still coming in.
 */

interface Created {
  id: number;
  token: string;
  allowAccount: boolean;
  accessLevel: string;
}

interface AuditEvent {
  action: string;
  entity: string;
  entityId: number;
  details: Record<string, unknown> | null;
  user: { viaSelfServiceLink?: number } | null;
}

/** Every file under `dir`, however deep; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe.each(databaseTargets())('what a self-service link may do (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server?.close());

  const linksOf = (kyc: { id: number }) => `/api/kyc/${kyc.id}/selfservice-links`;

  async function makeLink(who: Actor, kyc: { id: number }, body: object = {}): Promise<Created> {
    const response = await call(who, 'POST', linksOf(kyc), body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function auditOf(kyc: { id: number }): Promise<AuditEvent[]> {
    const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
    return Array.isArray(audit) ? audit : audit.content;
  }

  async function memberLevel(partnerUuid: string, userId: number) {
    const members = (
      await call(w.manager, 'GET', `/api/partners/uuid/${partnerUuid}/members`)
    ).json();
    const list = Array.isArray(members) ? members : members.content;
    return list.find((m: { userId: number }) => m.userId === userId)?.accessLevel;
  }

  it('is claimed only by its recipient, whose verified e-mail is the one it was made for', async () => {
    const { company, kyc } = await freshKyc(server);
    const email = `recipient.${kyc.id}@example.com`;
    const link = await makeLink(w.manager, kyc, { recipientEmail: email });
    expect(link.allowAccount).toBe(true);

    // Someone the link was forwarded to, and the right address the provider does not vouch for.
    const forwarded = await signUp(server, `forwarded.${kyc.id}@example.com`, true);
    const unverified = await signUp(server, email, false);
    for (const who of [forwarded, unverified]) {
      const refused = await claim(server, who, link.token);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().details).toEqual({ reason: 'notRecipient' });
      expect(await memberLevel(company.partner.uuid, who.userId)).toBeUndefined();
    }

    // The recipient, whatever the case of the address, joins at the default level.
    const recipient = await signUp(server, email.toUpperCase(), true);
    const claimed = await claim(server, recipient, link.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().accessLevel).toBe('EDITOR');
    expect(await memberLevel(company.partner.uuid, recipient.userId)).toBe('EDITOR');
  });

  it('is claimed once when its recipient claims it several times at once, and never answers 500', async () => {
    const { company, kyc } = await freshKyc(server);
    const email = `racing.${kyc.id}@example.com`;
    const recipient = await signUp(server, email, true);
    for (let round = 0; round < 3; round += 1) {
      const link = await makeLink(w.manager, kyc, { recipientEmail: email });
      const answers = await Promise.all([1, 2, 3].map(() => claim(server, recipient, link.token)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      // One claim wins; the others find the link ended (the neutral 404), on every database.
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 404, 404]);
    }
    expect(await memberLevel(company.partner.uuid, recipient.userId)).toBe('EDITOR');
  });

  it('made without a recipient, offers no account and cannot be claimed', async () => {
    const { kyc } = await freshKyc(server);
    const refused = await call(w.manager, 'POST', linksOf(kyc), { allowAccount: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((d: { field: string }) => d.field)).toEqual([
      'body.allowAccount',
    ]);

    const anonymous = await makeLink(w.manager, kyc);
    expect(anonymous.allowAccount).toBe(false);
    const opened = await viaLink(server, anonymous.token, 'GET', `${API}/file`);
    expect(opened.json().link.allowAccount).toBe(false);
    const someone = await signUp(server, `someone.${kyc.id}@example.com`, true);
    const notAllowed = await claim(server, someone, anonymous.token);
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().details).toEqual({ reason: 'notAllowed' });

    // A link made before decision 041 may allow an account and name nobody: still refused.
    await server.database.db
      .update(kycSelfServiceLinks)
      .set({ allowAccount: true })
      .where(eq(kycSelfServiceLinks.id, anonymous.id));
    const noRecipient = await claim(server, someone, anonymous.token);
    expect(noRecipient.statusCode).toBe(403);
    expect(noRecipient.json().details).toEqual({ reason: 'noRecipient' });
  });

  it("joins at the level its maker chose, never OWNER and never above the maker's own", async () => {
    const { company, kyc } = await freshKyc(server);
    const email = `viewer.${kyc.id}@example.com`;
    const link = await makeLink(company.admin, kyc, {
      recipientEmail: email,
      accessLevel: 'VIEWER',
    });
    expect(link.accessLevel).toBe('VIEWER');
    const listed = (await call(company.owner, 'GET', linksOf(kyc))).json();
    expect(listed.find((l: { id: number }) => l.id === link.id).accessLevel).toBe('VIEWER');

    // OWNER is nobody's to give through a link; ADMIN is the admin's own level.
    for (const who of [company.owner, w.manager]) {
      const owner = await call(who, 'POST', linksOf(kyc), { accessLevel: 'OWNER' });
      expect(owner.statusCode).toBe(400);
      expect(owner.json().details[0].field).toBe('body.accessLevel');
    }
    expect((await makeLink(company.admin, kyc, { accessLevel: 'ADMIN' })).accessLevel).toBe(
      'ADMIN',
    );
    const staff = { roles: ['NT24_MANAGER'] } as AuthUser;
    const member = { roles: ['NT24_TRADE_PARTNER'] } as AuthUser;
    expect(policy.mayGrantLinkLevel(staff, undefined, 'ADMIN')).toBe(true);
    expect(policy.mayGrantLinkLevel(member, { accessLevel: 'ADMIN' }, 'ADMIN')).toBe(true);
    expect(policy.mayGrantLinkLevel(member, { accessLevel: 'EDITOR' }, 'ADMIN')).toBe(false);
    expect(policy.mayGrantLinkLevel(member, { accessLevel: 'EDITOR' }, 'VIEWER')).toBe(true);
    expect(policy.mayGrantLinkLevel(member, undefined, 'VIEWER')).toBe(false);

    const recipient = await signUp(server, email, true);
    const claimed = await claim(server, recipient, link.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().accessLevel).toBe('VIEWER');
    expect(await memberLevel(company.partner.uuid, recipient.userId)).toBe('VIEWER');
    const event = (await auditOf(kyc)).find((e) => e.action === 'selfservice_link_claimed');
    expect(event?.details).toMatchObject({ link: link.id, accessLevel: 'VIEWER' });
  });

  it('gives nothing once its maker may no longer give its level, and lets no suspended member back in', async () => {
    const { company, kyc } = await freshKyc(server);
    const members = `/api/partners/uuid/${company.partner.uuid}/members`;
    const setLevel = async (userId: number, accessLevel: string) => {
      const listed = (await call(w.manager, 'GET', members)).json();
      const member = (Array.isArray(listed) ? listed : listed.content).find(
        (m: { userId: number }) => m.userId === userId,
      );
      const changed = await call(company.owner, 'PATCH', `${members}/${member.userUuid}`, {
        accessLevel,
        version: member.version,
      });
      expect(changed.statusCode, changed.body).toBe(200);
    };

    // The admin makes an ADMIN link, then is made an EDITOR: the link gives no seat any more.
    const email = `demoted.${kyc.id}@example.com`;
    const link = await makeLink(company.admin, kyc, {
      recipientEmail: email,
      accessLevel: 'ADMIN',
    });
    await setLevel(company.admin.userId, 'EDITOR');
    const recipient = await signUp(server, email, true);
    const refused = await claim(server, recipient, link.token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().details).toEqual({ reason: 'notAllowed' });
    expect(await memberLevel(company.partner.uuid, recipient.userId)).toBeUndefined();

    // A member claims a VIEWER link: they keep their level, and the answer and trail say so.
    const viewerLink = await makeLink(company.owner, kyc, {
      recipientEmail: email,
      accessLevel: 'VIEWER',
    });
    await setLevel(company.admin.userId, 'ADMIN');
    const first = await makeLink(company.owner, kyc, { recipientEmail: email });
    expect((await claim(server, recipient, first.token)).statusCode).toBe(200);
    const kept = await claim(server, recipient, viewerLink.token);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().accessLevel).toBe('EDITOR');
    expect(await memberLevel(company.partner.uuid, recipient.userId)).toBe('EDITOR');

    // Suspended by the company (NONE), a link does not let them back in.
    await setLevel(recipient.userId, 'NONE');
    const again = await makeLink(company.owner, kyc, { recipientEmail: email });
    const suspended = await claim(server, recipient, again.token);
    expect(suspended.statusCode, suspended.body).toBe(403);
    expect(await memberLevel(company.partner.uuid, recipient.userId)).toBe('NONE');
  });

  it('once one link hands the file in, no link of it writes or is claimed, also after a send-back', async () => {
    const { company, kyc } = await freshKyc(server);
    const email = `second.${kyc.id}@example.com`;
    const first = await makeLink(w.manager, kyc, { recipientEmail: email });
    const second = await makeLink(w.manager, kyc, { recipientEmail: email });
    const before = await uploadViaLink(server, second.token, 'PROOF_OF_ADDRESS');
    expect(before.statusCode, before.body).toBe(201);
    const document = before.json().id as number;

    await fillViaLink(server, first.token, company.partner);
    const handedIn = await viaLink(server, first.token, 'POST', `${API}/submit`, {});
    expect(handedIn.statusCode, handedIn.body).toBe(200);

    const writes = () => [
      uploadViaLink(server, second.token, 'COC_EXTRACT'),
      viaLink(server, second.token, 'PATCH', `${API}/documents/${document}/status`, {
        status: 'ARCHIVED',
      }),
      viaLink(server, second.token, 'PATCH', `${API}/documents/${document}/type`, {
        type: 'BANK_STATEMENT',
      }),
      viaLink(server, second.token, 'PUT', `${API}/steps/cdd/draft`, { draft: { a: 'b' } }),
      viaLink(server, second.token, 'PUT', `${API}/steps/cdd/data`, { data: {}, version: 1 }),
      viaLink(server, second.token, 'POST', `${API}/submit`, {}),
    ];
    const refusedAll = async (when: string) => {
      for (const answer of await Promise.all(writes())) {
        expect(answer.statusCode, `${when}: ${answer.body}`).toBe(403);
      }
    };
    await refusedAll('submitted');
    // The second link still shows the file, as the first does, and offers no account.
    const shown = (await viaLink(server, second.token, 'GET', `${API}/file`)).json();
    expect(shown).toMatchObject({
      link: { state: 'submitted', allowAccount: false },
      file: { status: 'SUBMITTED' },
      steps: [],
    });
    const recipient = await signUp(server, email, true);
    for (const link of [first, second]) {
      const late = await claim(server, recipient, link.token);
      expect(late.statusCode, late.body).toBe(403);
      expect(late.json().details).toEqual({ reason: 'handedIn' });
    }

    const status = `/api/kyc/${kyc.id}/status`;
    const review = await call(w.manager, 'POST', status, moveTo(w.manager, 'IN_REVIEW'));
    expect(review.statusCode, review.body).toBeLessThan(300);
    await refusedAll('in review');
    const sentBack = await call(w.manager, 'POST', stepUrl(kyc, 'cdd', 'status', w.manager), {
      status: 'CHANGES_REQUESTED',
      comment: 'Shared: the activity, please.',
    });
    expect(sentBack.statusCode, sentBack.body).toBeLessThan(300);
    const back = await call(w.manager, 'POST', status, {
      ...moveTo(w.manager, 'CHANGES_REQUESTED'),
      comment: 'Shared: see the due diligence step.',
    });
    expect(back.statusCode, back.body).toBeLessThan(300);
    await refusedAll('sent back');
    const links = (await call(w.manager, 'GET', linksOf(kyc))).json();
    expect(links.map((l: { state: string }) => l.state)).toEqual(['submitted', 'submitted']);

    // A link made for the send-back writes, and each change of a document is in the trail.
    const third = await makeLink(w.manager, kyc);
    const uploaded = await uploadViaLink(server, third.token, 'FINANCIAL_STATEMENT');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().id as number;
    const retyped = await viaLink(server, third.token, 'PATCH', `${API}/documents/${id}/type`, {
      type: 'CONTRACT',
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
    const archived = await viaLink(server, third.token, 'PATCH', `${API}/documents/${id}/status`, {
      status: 'ARCHIVED',
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const trail = (await auditOf(kyc)).filter((e) => e.entity === 'document' && e.entityId === id);
    expect(trail.map((e) => e.action).sort()).toEqual([
      'document_archived',
      'document_retyped',
      'document_uploaded',
    ]);
    for (const event of trail) expect(event.user?.viaSelfServiceLink).toBe(third.id);
    // Nothing the second link tried is in the trail.
    const tried = (await auditOf(kyc)).filter(
      (e) => e.entity === 'document' && e.user?.viaSelfServiceLink === second.id,
    );
    expect(tried.map((e) => e.action)).toEqual(['document_uploaded']);
  });

  it('revoked while an upload is coming in, stores nothing of it', async () => {
    const { company, kyc } = await freshKyc(server);
    const link = await makeLink(w.manager, kyc);
    expect(server.config.storage.kind).toBe('local');
    if (server.config.storage.kind !== 'local') return;
    const { dir, tempDir } = server.config.storage;
    const companyFolder = path.join(dir, 'documents', 'partners', company.partner.uuid);

    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    // A PDF long enough to be sniffed and stored while its last part is still to come.
    const content = Buffer.concat([minimalPdf('COC_EXTRACT'), Buffer.alloc(256 * 1024, 0x20)]);
    const form = multipart({ name: 'coc.pdf', content });
    const split = 64 * 1024;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${API}/documents?documentType=COC_EXTRACT`,
          headers: { 'content-type': form.contentType, 'x-self-service-token': link.token },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        },
      );
      request.on('error', reject);
      request.write(form.body.subarray(0, split));
      void (async () => {
        // The body is being stored: its unfinished object is in the temp folder.
        for (let i = 0; i < 200 && (await filesUnder(tempDir)).length === 0; i += 1) {
          await sleep(25);
        }
        expect(await filesUnder(tempDir)).not.toEqual([]);
        const revoked = await call(w.manager, 'POST', `${linksOf(kyc)}/${link.id}/revoke`);
        expect(revoked.json().state).toBe('revoked');
        request.end(form.body.subarray(split));
      })().catch(reject);
    });

    const { status, body } = await answer;
    expect(status, body).toBe(404);
    expect(JSON.parse(body).message).toBe(INVALID_LINK_MESSAGE);
    const rows = await server.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.kycId, kyc.id));
    expect(rows).toEqual([]);
    expect(await filesUnder(companyFolder)).toEqual([]);
    expect(await filesUnder(tempDir)).toEqual([]);
    // The folder looked at is where the company's uploads go.
    const another = await makeLink(w.manager, kyc);
    const stored = await uploadViaLink(server, another.token, 'COC_EXTRACT');
    expect(stored.statusCode, stored.body).toBe(201);
    expect(await filesUnder(companyFolder)).toEqual([stored.json().uuid]);
  });
});
