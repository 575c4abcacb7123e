import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  forceKycState,
  kycWorld,
  type Kyc,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A call on the company's file: what it is, and whether it reads or changes. */
type Request = [kind: 'read' | 'change' | 'staff', method: Method, url: string, body?: unknown];

describe.each(databaseTargets())('KYC access (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  let kyc: Kyc;
  let insightsStepUuid: string;
  let statusId: number;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
    kyc = await createKyc(server, w.company.owner, w.company.partner);
    await forceKycState(server, kyc.id, { status: 'IN_REVIEW' });
    const steps = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/steps`)).json();
    insightsStepUuid = steps.find((s: { stepType: string }) => s.stepType === 'insights').uuid;
    statusId = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/status`)).json()[0].id;
  });
  afterAll(() => server.close());

  /** Every call on the file, by id and by uuid, as `who` would send it (their own userId). */
  function everyCall(who: Actor): Request[] {
    const { id, uuid } = kyc;
    const partner = w.company.partner;
    const entity = kyc.obligedEntityUuid as string;
    const calls: Request[] = [
      ['read', 'GET', `/api/kyc/${id}`],
      ['read', 'GET', `/api/kyc/${uuid}`],
      ['read', 'GET', `/api/kyc/${id}/status/${statusId}`],
      ['read', 'GET', `/api/kyc/partner/${partner.id}`],
      ['read', 'GET', `/api/kyc/partner/uuid/${partner.uuid}`],
      ['read', 'GET', `/api/kyc/customers/${partner.uuid}`],
      [
        'read',
        'GET',
        `/api/kyc/customer/${partner.uuid}/status-and-review?obligedEntityUuid=${entity}`,
      ],
      ['change', 'POST', '/api/kyc', { tradePartnerId: partner.id }],
    ];
    for (const base of [`/api/kyc/${id}`, `/api/kyc/uuid/${uuid}`]) {
      calls.push(
        ['read', 'GET', base],
        ['read', 'GET', `${base}/comments`],
        ['read', 'GET', `${base}/status`],
        ['read', 'GET', `${base}/steps`],
        ['read', 'GET', `${base}/steps/coc`],
        ['read', 'GET', `${base}/readiness`],
        ['change', 'PUT', `${base}/steps/bank-and-vat/data?userId=${who.userId}`, { data: {} }],
        ['change', 'PUT', `${base}/steps/coc/draft?userId=${who.userId}`, { draft: {} }],
        ['change', 'DELETE', `${base}/steps/coc/draft?userId=${who.userId}`],
        ['change', 'POST', `${base}/comments`, { comment: 'Looked at it.' }],
        [
          'change',
          'POST',
          `${base}/status`,
          { status: 'SUBMISSION_COMMENT', userId: who.userId, comment: 'Hello.' },
        ],
        ['change', 'POST', `${base}/steps/coc?userId=${who.userId}`, {}],
        [
          'change',
          'POST',
          `${base}/steps/coc/status?userId=${who.userId}`,
          { status: 'COMPLETED' },
        ],
        [
          'change',
          'PUT',
          `${base}/steps/insights/${insightsStepUuid}/status`,
          { status: 'COMPLETED', userId: who.userId },
        ],
        ['staff', 'GET', `${base}/audit`],
        ['staff', 'GET', `${base}/insights`],
      );
    }
    return calls;
  }

  /** Status codes of every call, keyed by "METHOD url". */
  async function outcomes(who: Actor): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const [, method, url, body] of everyCall(who)) {
      result[`${method} ${url}`] = (await call(who, method, url, body)).statusCode;
    }
    return result;
  }

  /** The status codes `code` says every call should get. */
  function expectAll(who: Actor, code: (kind: Request[0], url: string) => number) {
    return Object.fromEntries(
      everyCall(who).map(([kind, method, url]) => [`${method} ${url}`, code(kind, url)]),
    );
  }

  it('tells a member of another company that the file does not exist, on every call', async () => {
    // The insights belong to staff: refused before anything is looked up.
    expect(await outcomes(w.stranger)).toEqual(
      expectAll(w.stranger, (_, url) => (url.endsWith('/insights') ? 403 : 404)),
    );
  });

  it('refuses a CONTACT-only member (no KYC access) on every call', async () => {
    expect(await outcomes(w.company.contact)).toEqual(expectAll(w.company.contact, () => 403));
  });

  it('lets a VIEWER member read, and nothing more', async () => {
    expect(await outcomes(w.company.viewer)).toEqual(
      expectAll(w.company.viewer, (kind) => (kind === 'read' ? 200 : 403)),
    );
  });

  it('keeps the audit trail and the insights from partner owners too', async () => {
    for (const base of [`/api/kyc/${kyc.id}`, `/api/kyc/uuid/${kyc.uuid}`]) {
      expect((await call(w.company.owner, 'GET', `${base}/audit`)).statusCode).toBe(403);
      expect((await call(w.company.owner, 'GET', `${base}/insights`)).statusCode).toBe(403);
    }
    // The one-segment uuid form answers the owner without the insights.
    const own = (await call(w.company.owner, 'GET', `/api/kyc/${kyc.uuid}`)).json();
    expect(own.id).toBe(kyc.id);
    expect(own.insights).toBeUndefined();
  });

  it('leaves the file out of the lists of anyone who may not see it', async () => {
    for (const url of ['/api/kyc', '/api/kyc/accessible', '/api/kyc/filter']) {
      const page = (await call(w.stranger, 'GET', `${url}?size=100`)).json();
      expect(page.totalElements, url).toBe(0);
    }
    for (const url of [
      '/api/kyc',
      '/api/kyc/accessible',
      '/api/kyc/filter',
      '/api/kyc/customers',
    ]) {
      expect((await call(w.company.contact, 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await call(null, 'GET', '/api/kyc')).statusCode).toBe(401);
  });
});
