import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  fillKyc,
  kycWorld,
  moveTo,
  stepUrl,
  validStepData,
  type Kyc,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

/*
 * Issue 14, point 4: internal notes stay internal. Staff write comments of every kind as
 * internal; then every endpoint a partner can reach (a matrix of partner members against the
 * endpoints that carry comments, in their id and uuid variants, reads, writes and refusals) is
 * called, and no answer may hold an internal comment's text.
 */
const INTERNAL = {
  general: 'Internal note: check UBO.',
  stepNote: 'INTERNAL step note about the register.',
  submissionComment: 'INTERNAL: the partner was slow to answer.',
  move: 'INTERNAL: reviewer takes it from here.',
  approval: 'INTERNAL: CoC verified against the register by phone.',
  withdrawal: 'INTERNAL: withdrawn, the bank statement shows the address.',
} as const;
const SHARED = {
  general: 'Shared: welcome, we will review your file this week.',
  request: 'Shared: please describe the source of funds in more detail.',
  sendBack: 'Shared: see the customer due diligence step.',
} as const;

describe.each(databaseTargets())('KYC internal comments (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  let kyc: Kyc;
  let idDocumentId: number;
  /** A step's request sent as internal: refused. */
  let internalRequest: { statusCode: number; body: string };

  const ok = async (
    who: Actor,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
  ): Promise<unknown> => {
    const response = await call(who, method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
    const { owner, partner } = w.company;
    kyc = await createKyc(server, owner, partner);
    ({ idDocumentId } = await fillKyc(server, owner, kyc, partner));
    const status = `/api/kyc/${kyc.id}/status`;
    const comments = `/api/kyc/${kyc.id}/comments`;
    await ok(owner, 'POST', status, moveTo(owner, 'SUBMITTED'));
    await ok(w.employee, 'POST', status, {
      ...moveTo(w.employee, 'IN_REVIEW'),
      comment: INTERNAL.move,
    });
    // Staff comments are internal unless shared: by default, or chosen.
    await ok(w.manager, 'POST', comments, { comment: INTERNAL.general });
    await ok(w.manager, 'POST', comments, {
      comment: INTERNAL.stepNote,
      stepType: 'coc',
      visibility: 'internal',
    });
    await ok(w.manager, 'POST', comments, { comment: SHARED.general, visibility: 'shared' });
    await ok(w.employee, 'POST', status, {
      ...moveTo(w.employee, 'SUBMISSION_COMMENT'),
      comment: INTERNAL.submissionComment,
    });
    // A step approved with a note, a request withdrawn with one.
    await ok(w.manager, 'POST', stepUrl(kyc, 'coc', 'status', w.manager), {
      status: 'APPROVED',
      comment: INTERNAL.approval,
    });
    await ok(w.manager, 'POST', stepUrl(kyc, 'addresses', 'status', w.manager), {
      status: 'CHANGES_REQUESTED',
      comment: 'Shared: a utility bill, please.',
    });
    await ok(w.manager, 'POST', stepUrl(kyc, 'addresses', 'request/withdraw', w.manager), {
      comment: INTERNAL.withdrawal,
      visibility: 'internal',
    });
    // The cdd step goes back to the partner, shared as every request is.
    internalRequest = await call(w.employee, 'POST', stepUrl(kyc, 'cdd', 'status', w.employee), {
      status: 'CHANGES_REQUESTED',
      comment: 'Hidden request?',
      visibility: 'internal',
    });
    await ok(w.employee, 'POST', stepUrl(kyc, 'cdd', 'status', w.employee), {
      status: 'CHANGES_REQUESTED',
      comment: SHARED.request,
    });
    await ok(w.employee, 'POST', status, {
      ...moveTo(w.employee, 'CHANGES_REQUESTED'),
      comment: SHARED.sendBack,
    });
  });
  afterAll(() => server.close());

  it('shows staff every comment, each with its visibility', async () => {
    const comments = (await ok(w.employee, 'GET', `/api/kyc/${kyc.id}/comments`)) as {
      comment: string;
      visibility: string;
    }[];
    const visibility = Object.fromEntries(comments.map((c) => [c.comment, c.visibility]));
    for (const text of Object.values(INTERNAL)) expect(visibility[text], text).toBe('internal');
    for (const text of Object.values(SHARED)) expect(visibility[text], text).toBe('shared');
    const coc = (await ok(w.manager, 'GET', `/api/kyc/${kyc.id}/steps/coc`)) as object;
    expect(coc).toMatchObject({ comment: INTERNAL.approval, commentVisibility: 'internal' });
  });

  it('never sends a partner an internal comment or its text, from any endpoint', async () => {
    const { owner, viewer, partner } = w.company;
    const history = (await ok(w.manager, 'GET', `/api/kyc/${kyc.id}/status`)) as { id: number }[];
    const data = validStepData(partner, idDocumentId);
    const reads = [
      `/api/kyc/${kyc.id}`,
      `/api/kyc/uuid/${kyc.uuid}`,
      `/api/kyc/${kyc.uuid}`,
      '/api/kyc',
      '/api/kyc/accessible',
      `/api/kyc/filter?customerId=${partner.id}`,
      `/api/kyc/partner/${partner.id}`,
      `/api/kyc/partner/uuid/${partner.uuid}`,
      ...['id', 'uuid'].flatMap((by) => {
        const base = by === 'id' ? `/api/kyc/${kyc.id}` : `/api/kyc/uuid/${kyc.uuid}`;
        return [
          `${base}/comments`,
          `${base}/status`,
          `${base}/steps`,
          `${base}/readiness`,
          ...['coc', 'contacts', 'addresses', 'bank-and-vat', 'cdd', 'insights'].map(
            (stepType) => `${base}/steps/${stepType}?_=1`,
          ),
        ];
      }),
      ...history.map((record) => `/api/kyc/${kyc.id}/status/${record.id}`),
      `/api/kyc/${kyc.id}/audit`,
      `/api/kyc/${kyc.id}/insights`,
      `/api/kyc/${kyc.id}/export-pdf`,
      `/api/kyc/customer/${partner.uuid}/status-and-review?obligedEntityUuid=${kyc.obligedEntityUuid}`,
    ];
    const writes: [Actor, 'POST' | 'PUT', string, unknown][] = [
      [owner, 'POST', stepUrl(kyc, 'coc', '', owner).replace('/?', '?'), {}],
      [owner, 'PUT', stepUrl(kyc, 'cdd', 'draft', owner), { draft: { sourceOfFunds: 'Re' } }],
      [owner, 'PUT', stepUrl(kyc, 'cdd', 'data', owner), { data: data.cdd }],
      // Refusals carry the step as it is: the approved coc step and a stale version.
      [owner, 'PUT', stepUrl(kyc, 'coc', 'data', owner), { data: data.coc }],
      [owner, 'PUT', stepUrl(kyc, 'cdd', 'data', owner), { data: data.cdd, version: 1 }],
      [owner, 'POST', `/api/kyc/${kyc.id}/comments`, { comment: 'Done, see the step.' }],
      [
        owner,
        'POST',
        `/api/kyc/uuid/${kyc.uuid}/status`,
        moveTo(owner, 'SUBMISSION_COMMENT', { comment: 'Thanks.' }),
      ],
    ];
    let answered = 0;
    for (const who of [owner, viewer]) {
      for (const url of reads) {
        const response = await call(who, 'GET', url);
        for (const text of Object.values(INTERNAL)) {
          expect(response.body, `${url} leaks "${text}"`).not.toContain(text);
        }
        if (response.statusCode < 300) answered++;
      }
    }
    for (const [who, method, url, body] of writes) {
      const response = await call(who, method, url, body);
      for (const text of Object.values(INTERNAL)) {
        expect(response.body, `${method} ${url} leaks "${text}"`).not.toContain(text);
      }
    }
    // The matrix read real answers, not only refusals; and the partner does read what is shared.
    expect(answered).toBeGreaterThan(40);
    const shared = JSON.stringify(await ok(owner, 'GET', `/api/kyc/${kyc.id}/comments`));
    for (const text of Object.values(SHARED)) expect(shared).toContain(text);
    const cdd = (await ok(owner, 'GET', `/api/kyc/${kyc.id}/steps/cdd`)) as object;
    expect(cdd).toMatchObject({ request: { comment: SHARED.request } });
    const coc = (await ok(owner, 'GET', `/api/kyc/${kyc.id}/steps/coc`)) as object;
    expect(coc).toMatchObject({ comment: null, commentVisibility: null });
  });

  it('lets only staff write internal comments, and keeps requests shared', async () => {
    const refused = await call(w.company.owner, 'POST', `/api/kyc/${kyc.id}/comments`, {
      comment: 'Secret?',
      visibility: 'internal',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'visibility', message: 'only staff may write internal comments' },
    ]);
    expect(internalRequest.statusCode).toBe(400);
    expect(JSON.parse(internalRequest.body).details).toEqual([
      { field: 'visibility', message: 'a request to the partner is always shared with them' },
    ]);
  });
});
